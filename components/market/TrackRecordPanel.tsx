import { useEffect } from 'react';
import TableScroll from '@/components/common/TableScroll';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import TrackRecordSummaryTable, { DemoTrackRecordNote } from '@/components/signals/TrackRecordSummaryTable';
import type { Timeframe } from '@/lib/constants';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import type { TickerDetail } from '@/lib/types/market';
import type { TrackRecordEntryDto } from '@/lib/types/signals';
import { useTrackRecordStore } from '@/stores/useTrackRecordStore';
import TrackRecordChart from './TrackRecordChart';
import styles from './market.module.scss';

/** How many of the latest entries the panel lists. */
const LATEST = 5;

/** The analysis page's track record (issue 17): the summary, the chart and the latest signals. */
export default function TrackRecordPanel({
  detail,
  timeframe,
}: {
  detail: TickerDetail;
  timeframe: Timeframe;
}) {
  const { t, i18n } = useTranslation('trackrecord');
  const locale = i18n.language;
  const record = useTrackRecordStore((s) => s.ticker);
  const tickerId = detail.ticker_id;

  useEffect(() => {
    void useTrackRecordStore.getState().fetchTicker(tickerId, timeframe);
  }, [tickerId, timeframe]);

  const data =
    record.data && record.data.ticker_id === tickerId && record.data.timeframe === timeframe
      ? record.data
      : null;
  const pct = (v: number | null) =>
    v === null ? t('panel.pending') : formatPercent(v, locale, { decimals: 1, signed: true });
  const latest: TrackRecordEntryDto[] = data ? data.entries.slice(-LATEST).reverse() : [];

  return (
    <section
      className={`${styles.card} p-3`}
      aria-labelledby="track-record-panel-title"
      aria-busy={record.loading}
    >
      <h2 id="track-record-panel-title" className={`${styles.cardTitle} mb-1`}>
        {t('panel.title')}
      </h2>
      <p className="small text-body-secondary mb-2">
        {t('panel.intro')} <Link href="/help/about-our-analysis#track-record">{t('panel.howLink')}</Link>
      </p>
      {record.status === 'error' && (
        <div className="alert alert-danger d-flex align-items-center gap-3 py-2" role="alert">
          <span className="me-auto">{t('panel.loadError')}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void useTrackRecordStore.getState().fetchTicker(tickerId, timeframe)}
          >
            {t('panel.retry')}
          </button>
        </div>
      )}
      {data?.demo && <DemoTrackRecordNote />}
      {data && data.entries.length === 0 && <p className="mb-0">{t('panel.empty')}</p>}
      {data && data.entries.length > 0 && (
        <>
          <TrackRecordSummaryTable summary={data.summary} />
          <TrackRecordChart bars={detail.bars} entries={data.entries} currency={detail.currency} />
          <h3 className="h6 mt-3">{t('panel.latest')}</h3>
          <TableScroll label={t('panel.latest')}>
            <table className="table table-sm mb-1">
              <thead>
                <tr>
                  <th scope="col">{t('panel.columns.date')}</th>
                  <th scope="col">{t('panel.columns.signal')}</th>
                  <th scope="col" className="text-end">
                    {t('panel.columns.close')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('panel.columns.return22')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('panel.columns.return66')}
                  </th>
                  <th scope="col">{t('panel.columns.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {latest.map((e) => (
                  <tr key={e.date}>
                    <td>{formatDate(e.date, locale)}</td>
                    <td>{t(`panel.signal.${e.signal}`)}</td>
                    <td className="text-end">{formatMoney(e.close, detail.currency, locale)}</td>
                    <td className="text-end">
                      {pct(e.return_22)}
                      {e.index_return_22 !== null && (
                        <div className="small text-body-secondary">
                          {t('panel.columns.index', { value: pct(e.index_return_22) })}
                        </div>
                      )}
                    </td>
                    <td className="text-end">
                      {pct(e.return_66)}
                      {e.index_return_66 !== null && (
                        <div className="small text-body-secondary">
                          {t('panel.columns.index', { value: pct(e.index_return_66) })}
                        </div>
                      )}
                    </td>
                    <OutcomeCell entry={e} />
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {data.through && (
            <p className="small text-body-secondary mb-0">
              {t('panel.through', { date: formatDate(data.through, locale) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Whether the signal was right after 22 sessions, in words and colour: a buy is right when the stock
 * rose more than the index, a sell when it fell more than the index.
 */
export function entryOutcome(e: TrackRecordEntryDto): 'right' | 'wrong' | 'pending' {
  if (e.return_22 === null || e.index_return_22 === null) return 'pending';
  const excess = e.return_22 - e.index_return_22;
  const right = e.signal === 'buy' ? excess > 0 : excess < 0;
  return right ? 'right' : 'wrong';
}

function OutcomeCell({ entry }: { entry: TrackRecordEntryDto }) {
  const { t } = useTranslation('trackrecord');
  const outcome = entryOutcome(entry);
  const className =
    outcome === 'right' ? 'text-success' : outcome === 'wrong' ? 'text-danger' : 'text-body-secondary';
  return (
    <td className={`${className} fw-semibold`} data-outcome={outcome}>
      {t(`panel.verdict.${entry.signal}.${outcome}`)}
    </td>
  );
}
