import type { GetServerSideProps } from 'next';
import { useTranslation } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import PublicTopSignals from '@/components/billing/PublicTopSignals';
import CallToAction from '@/components/common/marketing/CallToAction';
import MarketCards from '@/components/common/marketing/MarketCards';
import PageHeader from '@/components/common/PageHeader';
import PublicStockDirectory from '@/components/landing/PublicStockDirectory';
import { landingLayout } from '@/layouts/LandingLayout';
import { DEFAULT_LOCALE, isOsloSegment } from '@/lib/constants';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import type { PublicDirectory } from '@/lib/types/publicStocks';
import type { NextPageWithLayout } from '@/lib/types/page';
// eslint-disable-next-line no-restricted-imports -- used by getServerSideProps only, which Next strips from the browser bundle
import { getDb } from '@/server/db';
// eslint-disable-next-line no-restricted-imports -- used by getServerSideProps only
import { getPublicDirectory } from '@/server/services/market';

interface PublicStocksProps {
  directory: PublicDirectory;
}

/**
 * /public/stocks (issue 39): today's strongest signals on top, then the server-rendered directory
 * of every stock (A–Z per market, search and segment as a plain GET form, a link to each page).
 */
const PublicStocksPage: NextPageWithLayout<PublicStocksProps> = ({ directory }) => {
  const { t } = useTranslation('pages');
  return (
    <div className="container tv-container py-5">
      <PageHeader page="publicStocks" />
      <PublicTopSignals />
      <PublicStockDirectory directory={directory} />
      <MarketCards />
      <section className="mt-5 tv-prose" aria-labelledby="stocks-what">
        <h2 id="stocks-what" className="h4">
          {t('publicStocks.whatTitle')}
        </h2>
        <ul className="mb-4">
          {(t('publicStocks.what', { returnObjects: true }) as string[]).map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <CallToAction secondaryHref="/public/about-our-analysis" secondaryKey="cta.definitions" />
      </section>
    </div>
  );
};

PublicStocksPage.getLayout = landingLayout;

export const getServerSideProps: GetServerSideProps<PublicStocksProps> = async ({ locale, query }) => {
  const q = typeof query.q === 'string' ? query.q : '';
  const segment = isOsloSegment(query.segment) ? query.segment : null;
  const directory = await getPublicDirectory(await getDb(), { q, segment });
  return {
    props: {
      ...(await serverSideTranslations(locale ?? DEFAULT_LOCALE, [
        ...PUBLIC_NAMESPACES,
        'pages',
        'billing',
        'market',
        'publicDirectory',
      ])),
      directory,
    },
  };
};

export default PublicStocksPage;
