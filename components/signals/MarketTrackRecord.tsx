import { useEffect } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import styles from '@/components/market/market.module.scss';
import type { MarketId, Timeframe } from '@/lib/constants';
import { formatDate } from '@/lib/format';
import { useTrackRecordStore } from '@/stores/useTrackRecordStore';
import TrackRecordSummaryTable, { DemoTrackRecordNote } from './TrackRecordSummaryTable';

/** /signals: how the market's signals have done over the last 1, 3 and 5 years (issue 17). */
export default function MarketTrackRecord({
  marketId,
  timeframe,
}: {
  marketId: MarketId;
  timeframe: Timeframe;
}) {
  const { t, i18n } = useTranslation('trackrecord');
  const { t: tCommon } = useTranslation('common');
  const { t: tMarket } = useTranslation('market');
  const locale = i18n.language;
  const record = useTrackRecordStore((s) => s.market);

  useEffect(() => {
    void useTrackRecordStore.getState().fetchMarket(marketId, timeframe);
  }, [marketId, timeframe]);

  const data =
    record.data && record.data.country_id === marketId && record.data.timeframe === timeframe
      ? record.data
      : null;
  return (
    <section
      className={`${styles.card} p-3 mt-3`}
      aria-labelledby="market-track-record-title"
      aria-busy={record.loading}
    >
      <h2 id="market-track-record-title" className={`${styles.cardTitle} mb-1`}>
        {t('market.title')}
      </h2>
      <p className="small text-body-secondary">
        {t('market.intro', {
          market: tCommon(`markets.${marketId}`),
          timeframe: tMarket(`timeframe.${timeframe}.name`),
        })}{' '}
        <Link href="/help/about-our-analysis#track-record">{t('panel.howLink')}</Link>
      </p>
      {record.status === 'error' && (
        <div className="alert alert-danger d-flex align-items-center gap-3 py-2" role="alert">
          <span className="me-auto">{t('market.loadError')}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void useTrackRecordStore.getState().fetchMarket(marketId, timeframe)}
          >
            {t('market.retry')}
          </button>
        </div>
      )}
      {data && data.periods.length === 0 && <p className="mb-0">{t('market.empty')}</p>}
      {data?.demo && <DemoTrackRecordNote />}
      {data && data.periods.length > 0 && (
        <>
          {data.periods.map((period) => (
            <div key={period.years} className="mb-3">
              <h3 className="h6">{t('market.years', { count: period.years })}</h3>
              <TrackRecordSummaryTable
                summary={period.summary}
                caption={t('market.years', { count: period.years })}
              />
            </div>
          ))}
          {data.through && (
            <p className="small text-body-secondary mb-0">
              {t('market.tickers', { count: data.tickers, date: formatDate(data.through, locale) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
