import AdminArticleTable from '@/components/articles/admin/AdminArticleTable';
import PageHeader from '@/components/common/PageHeader';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ArticleListPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="articleList" />
    <div className="mt-4">
      <AdminArticleTable />
    </div>
  </>
);

ArticleListPage.getLayout = sidebarLayout('admin');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages', 'articles']);

export default ArticleListPage;
