import PageHeader from '@/components/common/PageHeader';
import Screener from '@/components/market/Screener';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const TickersPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="tickers" />
    <Screener />
  </>
);

TickersPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages', 'market']);

export default TickersPage;
