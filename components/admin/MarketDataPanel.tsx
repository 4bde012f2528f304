import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'next-i18next/pages';
import { formatDateTime } from '@/lib/format';
import { isMarketId, marketById } from '@/lib/constants';
import { useOperationsStore } from '@/stores/useOperationsStore';
import TableScroll from '@/components/common/TableScroll';
import UniversePanel from './UniversePanel';

/**
 * /admin/operations: when each market's data is published by the provider and when it was
 * fetched, and the provider's requests and API calls per day against the daily budget.
 * `refreshKey` changes when a job finished, so the figures follow the runs.
 */
export default function MarketDataPanel({ refreshKey }: { refreshKey: string }) {
  const { t, i18n } = useTranslation('operations');
  const locale = i18n.language;
  const marketData = useOperationsStore((s) => s.marketData);
  const { fetchMarketData } = useOperationsStore.getState();

  useEffect(() => {
    void fetchMarketData();
  }, [fetchMarketData, refreshKey]);

  const data = marketData.data;
  return (
    <section aria-labelledby="market-data-title" className="mt-4" data-testid="market-data">
      <h2 id="market-data-title" className="h4">
        {t('marketData.title')}
      </h2>
      {marketData.status === 'loading' && !data && (
        <p className="text-body-secondary">{t('marketData.loading')}</p>
      )}
      {marketData.status === 'error' && !data && (
        <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
          <span className="me-auto">{t('marketData.loadFailed')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void fetchMarketData()}>
            {t('jobs.retry')}
          </Button>
        </div>
      )}
      {data && (
        <>
          <p className="text-body-secondary small mb-2">
            {t('marketData.provider', { provider: data.provider })}
          </p>
          <TableScroll label={t('marketData.marketsCaption')}>
            <Table className="align-middle" size="sm">
              <caption className="visually-hidden">{t('marketData.marketsCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('marketData.market')}</th>
                  <th scope="col">{t('marketData.publishedAfter')}</th>
                  <th scope="col">{t('marketData.lastSession')}</th>
                  <th scope="col">{t('marketData.fetchedAt')}</th>
                  <th scope="col">{t('marketData.preliminary')}</th>
                  <th scope="col">{t('marketData.reconciled')}</th>
                </tr>
              </thead>
              <tbody>
                {data.markets.map((m) => (
                  <tr key={m.market_id} data-testid={`market-data-${m.market_id}`}>
                    <th scope="row">
                      {isMarketId(m.market_id) ? marketById(m.market_id).name : m.market_id}
                    </th>
                    <td>
                      {t('marketData.publishedAt', {
                        time: m.published_after.time,
                        timeZone: m.published_after.time_zone,
                      })}
                    </td>
                    <td>{m.last_session ?? t('marketData.none')}</td>
                    <td>{m.fetched_at ? formatDateTime(m.fetched_at, locale) : t('marketData.none')}</td>
                    <td>{m.preliminary_session ?? t('marketData.none')}</td>
                    <td>{m.reconciled_session ?? t('marketData.none')}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
          <h3 className="h6 mt-3">{t('marketData.usageTitle', { budget: data.daily_call_budget })}</h3>
          {data.usage.length === 0 ? (
            <p className="text-body-secondary small">{t('marketData.noUsage')}</p>
          ) : (
            <TableScroll label={t('marketData.usageCaption')}>
              <Table className="align-middle" size="sm">
                <caption className="visually-hidden">{t('marketData.usageCaption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('marketData.day')}</th>
                    <th scope="col">{t('marketData.requests')}</th>
                    <th scope="col">{t('marketData.calls')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.usage.map((u) => (
                    <tr key={`${u.day}-${u.provider}`}>
                      <th scope="row">{u.day}</th>
                      <td>{u.requests}</td>
                      <td>{u.calls}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </TableScroll>
          )}
        </>
      )}
      <UniversePanel />
    </section>
  );
}
