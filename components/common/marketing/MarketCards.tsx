import { useTranslation } from 'next-i18next/pages';
import { MARKETS } from '@/lib/constants';

/** The two markets Trendvakt covers (SPEC §3), with their main index and currency. */
export default function MarketCards() {
  const { t } = useTranslation('pages');
  return (
    <div className="row g-4">
      {MARKETS.map((market) => (
        <div key={market.id} className="col-md-6">
          <div className="tv-card h-100 p-4">
            <div className="d-flex align-items-center gap-3 mb-3">
              {/* eslint-disable-next-line @next/next/no-img-element -- tiny static flag SVG */}
              <img src={market.img} alt="" width={36} height={24} className="rounded-1 tv-flag" />
              <h3 className="h5 mb-0">{t(`common:markets.${market.id}`)}</h3>
            </div>
            <p className="text-body-secondary">{t(`markets.${market.id}`)}</p>
            <dl className="row small mb-0">
              <dt className="col-5 fw-semibold">{t('markets.mainIndex')}</dt>
              <dd className="col-7">{t(`common:indexNames.${market.id}`)}</dd>
              <dt className="col-5 fw-semibold">{t('markets.exchange')}</dt>
              <dd className="col-7">{t(`common:exchangeCode.${market.id}`)}</dd>
              <dt className="col-5 fw-semibold">{t('markets.currency')}</dt>
              <dd className="col-7 mb-0">{market.currency}</dd>
            </dl>
          </div>
        </div>
      ))}
    </div>
  );
}
