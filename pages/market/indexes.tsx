import DataAsOf from '@/components/market/DataAsOf';
import PageHeader from '@/components/common/PageHeader';
import IndexesTable from '@/components/market/IndexesTable';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const IndexesPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="indexes">
      <div className="mt-2">
        <DataAsOf />
      </div>
    </PageHeader>
    <IndexesTable />
  </>
);

IndexesPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages', 'market', 'operations']);

export default IndexesPage;
