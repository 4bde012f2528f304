import { useTranslation } from 'next-i18next/pages';
import TableScroll from '@/components/common/TableScroll';
import { formatPercent } from '@/lib/format';
import type { HorizonSummaryDto, TrackRecordSummaryDto } from '@/lib/types/signals';

/**
 * The summary of a track record (issue 17): per side, count, the share of signals that were right in
 * their own direction (issue 25: a buy rose more than the index, a sell fell more than it), coloured
 * by rightness, the median excess return, and a one-line reading.
 */
export default function TrackRecordSummaryTable({
  summary,
  caption,
}: {
  summary: TrackRecordSummaryDto;
  caption?: string;
}) {
  const { t, i18n } = useTranslation('trackrecord');
  const locale = i18n.language;
  const share = (h: HorizonSummaryDto) =>
    h.right_share === null
      ? t('summary.none')
      : t('summary.of', {
          share: formatPercent(h.right_share, locale, { decimals: 0 }),
          count: h.evaluated,
        });
  // Coloured by rightness: more right than wrong is green, fewer red (the text says it too).
  const shareClass = (h: HorizonSummaryDto) =>
    h.right_share === null
      ? ''
      : h.right_share > 0.5
        ? 'text-success'
        : h.right_share < 0.5
          ? 'text-danger'
          : '';
  const excess = (h: HorizonSummaryDto) =>
    h.median_excess_return === null
      ? t('summary.none')
      : formatPercent(h.median_excess_return, locale, { decimals: 1, signed: true });
  return (
    <>
      <TableScroll label={caption ?? t('summary.caption')}>
        <table className="table table-sm align-middle mb-0">
          <caption className="visually-hidden">{caption ?? t('summary.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('summary.side')}</th>
              <th scope="col" className="text-end">
                {t('summary.count')}
              </th>
              <th scope="col" className="text-end">
                {t('summary.right22')}
              </th>
              <th scope="col" className="text-end">
                {t('summary.excess22')}
              </th>
              <th scope="col" className="text-end">
                {t('summary.right66')}
              </th>
              <th scope="col" className="text-end">
                {t('summary.excess66')}
              </th>
            </tr>
          </thead>
          <tbody>
            {(['buy', 'sell'] as const).map((side) => {
              const s = summary[side];
              return (
                <tr key={side}>
                  <th scope="row">
                    {t(`summary.${side}`)}
                    <div className="small fw-normal text-body-secondary">{t(`summary.meaning.${side}`)}</div>
                  </th>
                  <td className="text-end">{s.count}</td>
                  <td className={`text-end fw-semibold ${shareClass(s.after_22)}`}>{share(s.after_22)}</td>
                  <td className="text-end">{excess(s.after_22)}</td>
                  <td className={`text-end fw-semibold ${shareClass(s.after_66)}`}>{share(s.after_66)}</td>
                  <td className="text-end">{excess(s.after_66)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <p className="small mb-0 mt-2" data-testid="track-record-reading">
        {reading(summary)}
      </p>
    </>
  );

  /** One line that says what the record means (22 sessions, the horizon with the most signals). */
  function reading(s: TrackRecordSummaryDto): string {
    const parts = (['buy', 'sell'] as const)
      .filter((side) => s[side].after_22.right_share !== null)
      .map((side) =>
        t(`summary.reading.${side}`, {
          right: Math.round(s[side].after_22.right_share! * s[side].after_22.evaluated),
          count: s[side].after_22.evaluated,
          share: formatPercent(s[side].after_22.right_share!, locale, { decimals: 0 }),
        }),
      );
    return parts.length === 0
      ? t('summary.reading.none')
      : `${t('summary.reading.lead')} ${parts.join('; ')}.`;
  }
}

/** Issue 25: on demo data the record cannot show an edge, and the screen says so. */
export function DemoTrackRecordNote() {
  const { t } = useTranslation('trackrecord');
  return (
    <p className="alert alert-info small py-2 mb-2" data-testid="demo-track-record-note">
      {t('panel.demoNote')}
    </p>
  );
}
