import type { GetStaticPaths, GetStaticProps } from 'next';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import PublicStockSeo from '@/components/landing/PublicStockSeo';
import PublicStockSummary from '@/components/landing/PublicStockSummary';
import { landingLayout } from '@/layouts/LandingLayout';
import { DEFAULT_LOCALE } from '@/lib/constants';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import type { PublicStockPage } from '@/lib/types/publicStocks';
import type { NextPageWithLayout } from '@/lib/types/page';
// eslint-disable-next-line no-restricted-imports -- used by getStaticProps only, which Next strips from the browser bundle
import { getDb } from '@/server/db';
// eslint-disable-next-line no-restricted-imports -- used by getStaticProps only
import { isBuildTime, siteUrl } from '@/server/services/articles';
// eslint-disable-next-line no-restricted-imports -- used by getStaticProps only
import { getPublicStock, PUBLIC_SYMBOL_PATTERN } from '@/server/services/market';

/**
 * Seconds after which a public stock page is regenerated on its next visit. The market data
 * changes once per session (after each exchange's publication, DESIGN.md §8): within five minutes
 * of a market refresh every visited page shows the new close and signal.
 */
export const PUBLIC_STOCK_REVALIDATE_SECONDS = 300;

interface PublicStockProps {
  stock: PublicStockPage;
  siteUrl: string;
}

const WHAT_SUBSCRIBERS_GET = ['levels', 'earlyWarning', 'timeframes', 'alerts'] as const;

/** /public/stocks/{symbol}: a stock's public page (ISR), for visitors and search engines. */
const PublicStockRoute: NextPageWithLayout<PublicStockProps> = ({ stock, siteUrl: site }) => {
  const { t } = useTranslation('pages');
  return (
    <div className="container tv-container py-5">
      <PublicStockSeo stock={stock} siteUrl={site} />
      <nav className="mb-3 small" aria-label={t('publicStock.breadcrumb')}>
        <Link href="/public/stocks">← {t('publicStock.back')}</Link>
      </nav>
      <h1 className="display-6 fw-bold mb-3">
        {stock.long_name} <span className="text-body-secondary fs-4">({stock.symbol})</span>
      </h1>
      {stock.demo && (
        <p className="alert alert-warning" role="note" data-testid="public-demo-note">
          {t('publicStock.demoNote')}
        </p>
      )}
      <div className="row g-4">
        <div className="col-lg-7">
          <PublicStockSummary stock={stock} />
        </div>
        <div className="col-lg-5">
          <section className="tv-card p-3 p-lg-4 h-100" aria-labelledby="public-stock-more">
            <h2 id="public-stock-more" className="h5">
              {t('publicStock.moreTitle')}
            </h2>
            <ul>
              {WHAT_SUBSCRIBERS_GET.map((item) => (
                <li key={item}>{t(`publicStock.more.${item}`)}</li>
              ))}
            </ul>
            <div className="d-flex flex-wrap gap-2">
              <Link href="/authentication/register" className="btn btn-primary">
                {t('publicStock.subscribe')}
              </Link>
              <Link href="/public/products" className="btn btn-outline-primary">
                {t('publicStock.prices')}
              </Link>
            </div>
          </section>
        </div>
      </div>
      <p className="small text-body-secondary mt-4 mb-0">
        {t('publicStock.disclaimer')} <Link href="/public/disclaimer">{t('landing.disclaimerLink')}</Link>
      </p>
    </div>
  );
};

PublicStockRoute.getLayout = landingLayout;

// No page is rendered at build time (a build machine may have no market data): each is generated
// on its first visit and kept, then regenerated after PUBLIC_STOCK_REVALIDATE_SECONDS (ISR).
export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: 'blocking' });

export const getStaticProps: GetStaticProps<PublicStockProps> = async ({ locale, params }) => {
  const raw = typeof params?.symbol === 'string' ? params.symbol : '';
  const symbol = raw.toUpperCase();
  if (isBuildTime() || !PUBLIC_SYMBOL_PATTERN.test(symbol)) {
    return { notFound: true, revalidate: PUBLIC_STOCK_REVALIDATE_SECONDS };
  }
  // One page per symbol: /public/stocks/eqnr is served as its canonical /public/stocks/EQNR.
  if (raw !== symbol) {
    const prefix = locale && locale !== DEFAULT_LOCALE ? `/${locale}` : '';
    return {
      redirect: { destination: `${prefix}/public/stocks/${encodeURIComponent(symbol)}`, permanent: true },
    };
  }
  const stock = await getPublicStock(await getDb(), symbol);
  if (!stock) return { notFound: true, revalidate: PUBLIC_STOCK_REVALIDATE_SECONDS };
  return {
    props: {
      ...(await serverSideTranslations(locale ?? DEFAULT_LOCALE, [
        ...PUBLIC_NAMESPACES,
        'pages',
        'market',
        'analysis',
      ])),
      stock,
      siteUrl: siteUrl(),
    },
    revalidate: PUBLIC_STOCK_REVALIDATE_SECONDS,
  };
};

export default PublicStockRoute;
