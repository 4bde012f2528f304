import { useEffect } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { formatDate } from '@/lib/format';
import { useMarketStore } from '@/stores/useMarketStore';
import { useOperationsStore } from '@/stores/useOperationsStore';

interface DataAsOfProps {
  /** Show only the stale notice (where the page already says "as of" itself). */
  staleOnly?: boolean;
}

/**
 * "Data as of {date}" for the selected market, next to the demo badge, and a notice when sessions
 * that have closed are not in yet (GET /api/v1/markets/status).
 */
export default function DataAsOf({ staleOnly = false }: DataAsOfProps) {
  const { t, i18n } = useTranslation('operations');
  const marketId = useMarketStore((s) => s.marketId);
  const status = useOperationsStore((s) => s.marketStatus);
  const fetchStatus = useOperationsStore((s) => s.fetchMarketStatus);

  useEffect(() => {
    if (useOperationsStore.getState().marketStatus.status === 'idle') void fetchStatus();
  }, [fetchStatus]);

  const market = status.data?.[String(marketId)];
  if (!market) return null;
  const date = formatDate(market.last_session, i18n.language);
  return (
    <>
      {!staleOnly && market.last_session && (
        <span className="small text-body-secondary" data-testid="data-as-of">
          {t('dataAsOf', { date })}
        </span>
      )}
      {market.status === 'stale' && (
        <div
          className="alert alert-warning py-2 px-3 small mt-2 mb-0"
          role="status"
          data-testid="stale-notice"
        >
          <strong className="me-1">{t('stale.title')}.</strong>
          {market.sessions_behind === null
            ? t('stale.noData')
            : t('stale.body', { date, count: market.sessions_behind })}
        </div>
      )}
    </>
  );
}
