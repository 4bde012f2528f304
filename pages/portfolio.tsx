import PageHeader from '@/components/common/PageHeader';
import PortfolioView from '@/components/portfolio/PortfolioView';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const PortfolioPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="portfolio" />
    <div className="mt-4">
      <PortfolioView />
    </div>
  </>
);

PortfolioPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([
  ...SIGNED_IN_NAMESPACES,
  'pages',
  'portfolio',
  'portfolioIntegrity',
  'brokerImport',
  'importAccounts',
  'importReview',
  'askEligibility',
  'personTax',
  'saleTax',
  'a11y',
  'income',
]);

export default PortfolioPage;
