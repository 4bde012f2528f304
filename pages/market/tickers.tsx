import DataAsOf from '@/components/market/DataAsOf';
import PageHeader from '@/components/common/PageHeader';
import Screener from '@/components/market/Screener';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const TickersPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="tickers">
      <div className="mt-2">
        <DataAsOf />
      </div>
    </PageHeader>
    <Screener />
  </>
);

TickersPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([
  ...SIGNED_IN_NAMESPACES,
  'pages',
  'market',
  'operations',
  'patterns',
]);

export default TickersPage;
