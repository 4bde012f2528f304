import CallToAction from '@/components/common/marketing/CallToAction';
import PageHeader from '@/components/common/PageHeader';
import PublicProductsView from '@/components/billing/PublicProductsView';
import { landingLayout } from '@/layouts/LandingLayout';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const PublicProductsPage: NextPageWithLayout = () => (
  <div className="container tv-container py-5">
    <PageHeader page="publicProducts" />
    <div className="mt-4">
      <PublicProductsView />
    </div>
    <div className="mt-5">
      <CallToAction />
    </div>
  </div>
);

PublicProductsPage.getLayout = landingLayout;

export const getStaticProps = staticTranslations([...PUBLIC_NAMESPACES, 'pages', 'billing']);

export default PublicProductsPage;
