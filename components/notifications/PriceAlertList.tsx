import { useEffect } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import TableScroll from '@/components/common/TableScroll';
import { DEFAULT_TIMEFRAME } from '@/lib/constants';
import { formatDate, formatMoney } from '@/lib/format';
import { usePriceAlertStore } from '@/stores/usePriceAlertStore';

/** The user's price alerts on /notifications (issue 25): armed or triggered, re-arm and delete. */
export default function PriceAlertList() {
  const { t, i18n } = useTranslation('alerts');
  const locale = i18n.language;
  const items = usePriceAlertStore((s) => s.items);
  const status = usePriceAlertStore((s) => s.status);
  const { fetch, remove, rearm } = usePriceAlertStore.getState();

  useEffect(() => {
    void fetch();
  }, [fetch]);

  const act = async (action: () => Promise<void>, done: string) => {
    try {
      await action();
      notify.success(done);
    } catch {
      notify.error(t('priceAlerts.failed'));
    }
  };

  return (
    <section className="mt-4" aria-labelledby="price-alerts-title" aria-busy={status === 'loading'}>
      <h2 id="price-alerts-title" className="h5">
        {t('priceAlerts.title')}
      </h2>
      <p className="small text-body-secondary">{t('priceAlerts.intro')}</p>
      {status === 'error' && (
        <div className="alert alert-danger d-flex align-items-center gap-3 py-2" role="alert">
          <span className="me-auto">{t('priceAlerts.loadError')}</span>
          <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void fetch()}>
            {t('priceAlerts.retry')}
          </button>
        </div>
      )}
      {status === 'ready' && items.length === 0 && <p>{t('priceAlerts.empty')}</p>}
      {items.length > 0 && (
        <TableScroll label={t('priceAlerts.title')}>
          <table className="table table-sm align-middle" data-testid="price-alert-list">
            <thead>
              <tr>
                <th scope="col">{t('priceAlerts.columns.ticker')}</th>
                <th scope="col">{t('priceAlerts.columns.condition')}</th>
                <th scope="col">{t('priceAlerts.columns.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('priceAlerts.columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((a) => (
                <tr key={a.id} data-alert-id={a.id}>
                  <td>
                    <Link href={`/market/analysis?tickerID=${a.ticker_id}&timeframe=${DEFAULT_TIMEFRAME}`}>
                      {a.long_name} ({a.symbol})
                    </Link>
                    {a.note && <div className="small text-body-secondary">{a.note}</div>}
                  </td>
                  <td>
                    {t(`priceAlerts.${a.direction}`, { price: formatMoney(a.price, a.currency, locale) })}
                  </td>
                  <td>
                    {a.triggered_at ? (
                      <span className="text-success fw-semibold">
                        {t('priceAlerts.triggered', {
                          date: formatDate(a.triggered_session ?? a.triggered_at.slice(0, 10), locale),
                          close: formatMoney(a.triggered_close ?? 0, a.currency, locale),
                        })}
                      </span>
                    ) : (
                      t('priceAlerts.armed')
                    )}
                  </td>
                  <td className="text-end text-nowrap">
                    {a.triggered_at && (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-primary me-1"
                        onClick={() => void act(() => rearm(a.id), t('priceAlerts.rearmed'))}
                      >
                        {t('priceAlerts.rearm')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      aria-label={t('priceAlerts.deleteLabel', { name: a.long_name })}
                      onClick={() => void act(() => remove(a.id), t('priceAlerts.deleted'))}
                    >
                      {t('priceAlerts.delete')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
