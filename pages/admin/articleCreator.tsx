import { useRouter } from 'next/router';
import ArticleEditor from '@/components/articles/admin/ArticleEditor';
import PageHeader from '@/components/common/PageHeader';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { staticTranslations } from '@/lib/staticProps';
import type { NextPageWithLayout } from '@/lib/types/page';

const ArticleCreatorPage: NextPageWithLayout = () => {
  const { query } = useRouter();
  // One editor per article: opening another one (or a new one) starts with a fresh form.
  return (
    <>
      <PageHeader page="articleCreator" />
      <div className="mt-4">
        <ArticleEditor key={typeof query.id === 'string' ? query.id : 'new'} />
      </div>
    </>
  );
};

ArticleCreatorPage.getLayout = sidebarLayout('admin');

export const getStaticProps = staticTranslations([...SIGNED_IN_NAMESPACES, 'pages', 'articles']);

export default ArticleCreatorPage;
