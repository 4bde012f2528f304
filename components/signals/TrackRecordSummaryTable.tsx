import { useTranslation } from 'next-i18next/pages';
import TableScroll from '@/components/common/TableScroll';
import { formatPercent } from '@/lib/format';
import type { HorizonSummaryDto, TrackRecordSummaryDto } from '@/lib/types/signals';

/** The summary of a track record (issue 17): per side, count, share beating the index, median excess. */
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
    h.beat_index_share === null
      ? t('summary.none')
      : t('summary.of', {
          share: formatPercent(h.beat_index_share, locale, { decimals: 0 }),
          count: h.evaluated,
        });
  const excess = (h: HorizonSummaryDto) =>
    h.median_excess_return === null
      ? t('summary.none')
      : formatPercent(h.median_excess_return, locale, { decimals: 1, signed: true });
  return (
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
              {t('summary.beat22')}
            </th>
            <th scope="col" className="text-end">
              {t('summary.excess22')}
            </th>
            <th scope="col" className="text-end">
              {t('summary.beat66')}
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
                <th scope="row">{t(`summary.${side}`)}</th>
                <td className="text-end">{s.count}</td>
                <td className="text-end">{share(s.after_22)}</td>
                <td className="text-end">{excess(s.after_22)}</td>
                <td className="text-end">{share(s.after_66)}</td>
                <td className="text-end">{excess(s.after_66)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
