import type { GetStaticProps } from 'next';
import Head from 'next/head';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import ArticleCollection from '@/components/articles/ArticleCollection';
import { blogHref } from '@/components/articles/articleLinks';
import PageHeader from '@/components/common/PageHeader';
import { blogLayout } from '@/layouts/BlogLayout';
import { DEFAULT_LOCALE } from '@/lib/constants';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import type { ArticleLanguage, ArticleSummaryDto } from '@/lib/types/article';
import type { NextPageWithLayout } from '@/lib/types/page';
// eslint-disable-next-line no-restricted-imports -- used by getStaticProps only, which Next strips from the browser bundle
import { BLOG_REVALIDATE_SECONDS, blogIndexArticles, isBuildTime } from '@/server/services/articles';

interface BlogPageProps {
  articles: ArticleSummaryDto[];
}

/** The public blog (SPEC §2): the newest published articles of the language, as cards. */
const BlogPage: NextPageWithLayout<BlogPageProps> = ({ articles }) => {
  const { t } = useTranslation('articles');
  const { locale } = useRouter();
  const rss = `${locale === 'en' ? '/en' : ''}/blog/rss.xml`;
  return (
    <div className="container tv-container py-5">
      <Head>
        <link key="rss" rel="alternate" type="application/rss+xml" title={t('blog.rss')} href={rss} />
      </Head>
      <PageHeader page="blog" />
      <div className="mt-4">
        {articles.length === 0 ? (
          <p className="text-body-secondary">{t('list.empty')}</p>
        ) : (
          <ArticleCollection articles={articles} layout="grid" hrefOf={(a) => blogHref(a.slug)} />
        )}
      </div>
      <p className="mt-4 d-flex flex-wrap gap-3">
        <Link href="/articles/list" prefetch={false}>
          {t('blog.membersLink')}
        </Link>
        <a href={rss}>{t('blog.rss')}</a>
      </p>
    </div>
  );
};

BlogPage.getLayout = blogLayout;

export const getStaticProps: GetStaticProps<BlogPageProps> = async ({ locale }) => {
  const language = (locale ?? DEFAULT_LOCALE) as ArticleLanguage;
  const translations = await serverSideTranslations(language, [...PUBLIC_NAMESPACES, 'pages', 'articles']);
  if (isBuildTime()) return { props: { ...translations, articles: [] }, revalidate: 1 };
  return {
    props: { ...translations, articles: await blogIndexArticles(language) },
    revalidate: BLOG_REVALIDATE_SECONDS,
  };
};

export default BlogPage;
