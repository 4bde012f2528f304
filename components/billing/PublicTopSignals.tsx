import { useEffect } from 'react';
import TableScroll from '@/components/common/TableScroll';
import Link from 'next/link';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';
import SignalBadge from '@/components/market/SignalBadge';
import { formatFixed } from '@/components/market/formatters';
import { formatDate, formatMoney } from '@/lib/format';
import type { PublicSignalItem } from '@/lib/types/publicStocks';
import { useBillingStore } from '@/stores/useBillingStore';
import { publicStockHref } from '@/components/landing/publicStockLinks';

function SignalTable({ id, title, items }: { id: string; title: string; items: PublicSignalItem[] }) {
  const { t, i18n } = useTranslation('billing');
  const intl = i18n.language;
  return (
    <div className="col-lg-6">
      <h3 id={id} className="h6">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-body-secondary">{t('publicStocks.empty')}</p>
      ) : (
        <TableScroll label={title}>
          <table className="table table-sm align-middle" aria-labelledby={id}>
            <thead>
              <tr>
                <th scope="col">{t('publicStocks.name')}</th>
                <th scope="col" className="text-end">
                  {t('publicStocks.score')}
                </th>
                <th scope="col">{t('publicStocks.signal')}</th>
                <th scope="col" className="text-end">
                  {t('publicStocks.close')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.symbol}>
                  <th scope="row" className="fw-normal">
                    <Link href={publicStockHref(item.symbol)} className="fw-semibold">
                      {item.long_name}
                    </Link>{' '}
                    <span className="text-body-secondary small">{item.symbol}</span>
                  </th>
                  <td className="text-end">{formatFixed(item.technical_score, intl, 2, true)}</td>
                  <td>
                    <SignalBadge signal={item.signal} size="sm" />
                  </td>
                  <td className="text-end">{formatMoney(item.close, item.currency, intl)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

/**
 * /public/stocks: today's strongest buy and sell candidates of both markets — names, score,
 * signal and the last close, each name linking to the stock's public page — and a call to register.
 */
export default function PublicTopSignals() {
  const { t, i18n } = useTranslation('billing');
  const intl = i18n.language;
  const resource = useBillingStore((s) => s.publicSignals);
  const fetchSignals = useBillingStore((s) => s.fetchPublicSignals);
  useEffect(() => {
    void fetchSignals();
  }, [fetchSignals]);
  const data = resource.data;
  return (
    <section className="my-5" aria-labelledby="top-signals-title">
      <h2 id="top-signals-title" className="h4">
        {t('publicStocks.title')}
      </h2>
      <p className="text-body-secondary tv-prose">{t('publicStocks.text')}</p>
      {!data && resource.status === 'error' && (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
          <span>{t('publicStocks.error')}</span>
          <Button size="sm" variant="outline-danger" onClick={() => void fetchSignals()}>
            {t('publicStocks.retry')}
          </Button>
        </div>
      )}
      {!data && resource.status !== 'error' && <Loader />}
      {data && (
        <>
          {data.markets.map((market) => (
            <div key={market.country_id} className="tv-card p-4 mb-4">
              <h3 className="h5 mb-3">
                {t(`common:markets.${market.country_id}`, { defaultValue: market.name })}
              </h3>
              <div className="row g-4">
                <SignalTable
                  id={`buy-${market.country_id}`}
                  title={t('publicStocks.buy')}
                  items={market.buy}
                />
                <SignalTable
                  id={`sell-${market.country_id}`}
                  title={t('publicStocks.sell')}
                  items={market.sell}
                />
              </div>
            </div>
          ))}
          <p className="small text-body-secondary">
            {data.as_of && t('publicStocks.asOf', { date: formatDate(data.as_of, intl, 'long') })}{' '}
            {data.demo && t('publicStocks.demo')}
          </p>
        </>
      )}
      <div className="tv-card p-4 mt-4">
        <h3 className="h5">{t('publicStocks.ctaTitle')}</h3>
        <p className="text-body-secondary">{t('publicStocks.ctaText')}</p>
        <Link href="/authentication/register" className="btn btn-primary btn-lg">
          {t('publicStocks.cta')}
        </Link>
      </div>
    </section>
  );
}
