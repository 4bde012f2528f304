import { useTranslation } from 'next-i18next/pages';
import PublicTopSignals from '@/components/billing/PublicTopSignals';
import CallToAction from '@/components/common/marketing/CallToAction';
import MarketCards from '@/components/common/marketing/MarketCards';
import PageHeader from '@/components/common/PageHeader';
import { landingLayout } from '@/layouts/LandingLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const PublicStocksPage: NextPageWithLayout = () => {
  const { t } = useTranslation('pages');
  return (
    <div className="container tv-container py-5">
      <PageHeader page="publicStocks" />
      <PublicTopSignals />
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

export const getStaticProps = staticTranslations([...PUBLIC_NAMESPACES, 'pages', 'billing', 'market']);

export default PublicStocksPage;
