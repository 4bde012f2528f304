import type { GetServerSideProps } from 'next';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import { useRouter } from 'next/router';
import ArticleReaderPage from '@/components/articles/ArticleReaderPage';
import { sidebarLayout } from '@/layouts/SidebarLayout';
import { SIGNED_IN_NAMESPACES } from '@/lib/i18n';
import { DEFAULT_LOCALE } from '@/lib/constants';
import type { NextPageWithLayout } from '@/lib/types/page';

/** An article inside the app for subscribers; the article itself is fetched in the reader's language. */
const ArticlePage: NextPageWithLayout = () => {
  const { query } = useRouter();
  return <ArticleReaderPage slug={typeof query.slug === 'string' ? query.slug : ''} />;
};

ArticlePage.getLayout = sidebarLayout('subscription');

// Rendered per request (translations only; the article is fetched by the client with the reader's
// token): a static page per arbitrary slug would let anyone fill the page cache.
export const getServerSideProps: GetServerSideProps = async ({ locale }) => ({
  props: await serverSideTranslations(locale ?? DEFAULT_LOCALE, [...SIGNED_IN_NAMESPACES, 'articles']),
});

export default ArticlePage;
