import { useEffect } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { notify } from '@/components/common/notify';
import { formatMoney } from '@/lib/format';
import type { TickerDetail } from '@/lib/types/market';
import { usePriceAlertStore } from '@/stores/usePriceAlertStore';

/**
 * The armed price alerts of the share on its analysis page (issue 39 item 7: an alert just set was
 * shown nowhere here), each removable; the whole list, with the triggered ones, is on Varsler.
 */
export default function TickerPriceAlerts({ detail }: { detail: TickerDetail }) {
  const { t } = useTranslation('analysis');
  const { locale } = useRouter();
  const items = usePriceAlertStore((s) => s.items);
  const status = usePriceAlertStore((s) => s.status);
  const fetchAlerts = usePriceAlertStore((s) => s.fetch);
  const remove = usePriceAlertStore((s) => s.remove);

  useEffect(() => {
    if (usePriceAlertStore.getState().status === 'idle') void fetchAlerts();
  }, [fetchAlerts]);

  const armed = items.filter((a) => a.ticker_id === detail.ticker_id && a.triggered_at === null);
  if (status === 'error') {
    return <p className="small text-danger mt-3 mb-0">{t('alertForm.activeFailed')}</p>;
  }
  if (status !== 'ready' || armed.length === 0) return null;

  const removeAlert = async (id: number) => {
    try {
      await remove(id);
      notify.success(t('alertForm.deleted'));
    } catch (err) {
      console.error('Deleting a price alert failed:', err);
      notify.error(t('alertForm.deleteFailed'));
    }
  };

  return (
    <div className="mt-3" data-testid="ticker-price-alerts">
      <h3 className="h6 mb-2" id="ticker-price-alerts-title">
        {t('alertForm.activeTitle', { count: armed.length, symbol: detail.symbol })}
      </h3>
      <ul className="list-unstyled mb-2 d-grid gap-1" aria-labelledby="ticker-price-alerts-title">
        {armed.map((a) => (
          <li key={a.id} className="d-flex align-items-center gap-2 small">
            <span className="me-auto">
              {t(a.direction === 'above' ? 'alertForm.activeAbove' : 'alertForm.activeBelow', {
                price: formatMoney(a.price, a.currency, locale),
              })}
              {a.note && <span className="text-body-secondary"> · {a.note}</span>}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger py-0"
              onClick={() => void removeAlert(a.id)}
              aria-label={t('alertForm.deleteOne', {
                direction: t(`alertForm.${a.direction}`),
                price: formatMoney(a.price, a.currency, locale),
              })}
            >
              {t('alertForm.delete')}
            </button>
          </li>
        ))}
      </ul>
      <Link href="/notifications" className="small">
        {t('alertForm.allAlerts')}
      </Link>
    </div>
  );
}
