import ArticleReaderList from '@/components/articles/ArticleReaderList';
import PageHeader from '@/components/common/PageHeader';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ArticlesPage: NextPageWithLayout = () => (
  <>
    <PageHeader page="articles" />
    <div className="mt-4">
      <ArticleReaderList />
    </div>
  </>
);

ArticlesPage.getLayout = sidebarLayout('subscription');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages', 'articles']);

export default ArticlesPage;
