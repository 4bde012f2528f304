import ProductsView from '@/components/billing/ProductsView';
import PageHeader from '@/components/common/PageHeader';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ProductsPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="products" />
    <ProductsView />
  </>
);

ProductsPage.getLayout = sidebarLayout('signedIn');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages', 'billing']);

export default ProductsPage;
