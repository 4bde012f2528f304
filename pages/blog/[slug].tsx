import type { GetStaticPaths, GetStaticProps } from 'next';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { serverSideTranslations } from 'next-i18next/pages/serverSideTranslations';
import ArticleSeo from '@/components/articles/ArticleSeo';
import ArticleView from '@/components/articles/ArticleView';
import { blogHref } from '@/components/articles/articleLinks';
import { blogLayout } from '@/layouts/BlogLayout';
import { DEFAULT_LOCALE } from '@/lib/constants';
import { PUBLIC_NAMESPACES } from '@/lib/i18n';
import { SLUG_PATTERN } from '@/lib/slug';
import type { ArticleLanguage, PublicArticleDto } from '@/lib/types/article';
import type { NextPageWithLayout } from '@/lib/types/page';
// eslint-disable-next-line no-restricted-imports -- used by getStaticProps only, which Next strips from the browser bundle
import { BLOG_REVALIDATE_SECONDS, blogArticle, siteUrl } from '@/server/services/articles';

interface BlogArticleProps {
  article: PublicArticleDto;
  siteUrl: string;
}

/** A public article (statically generated on first visit, regenerated when an admin changes it). */
const BlogArticlePage: NextPageWithLayout<BlogArticleProps> = ({ article, siteUrl: site }) => {
  const { t } = useTranslation('articles');
  return (
    <div className="container tv-container py-5">
      <ArticleSeo article={article} siteUrl={site} />
      <nav className="mb-3 small" aria-label={t('article.breadcrumb')}>
        {/* Prefetch on hover only (in view, the blog's data and code were fetched and run while the
            article loaded). */}
        <Link href="/blog" prefetch={false}>
          ← {t('article.backToBlog')}
        </Link>
      </nav>
      <div className="tv-article-page">
        <ArticleView
          article={article}
          translationHref={article.translation ? blogHref(article.translation.slug) : undefined}
        />
      </div>
    </div>
  );
};

BlogArticlePage.getLayout = blogLayout;

// No article is rendered at build time: each is generated on its first visit and kept (ISR).
export const getStaticPaths: GetStaticPaths = async () => ({ paths: [], fallback: 'blocking' });

export const getStaticProps: GetStaticProps<BlogArticleProps> = async ({ locale, params }) => {
  const language = (locale ?? DEFAULT_LOCALE) as ArticleLanguage;
  const slug = typeof params?.slug === 'string' ? params.slug : '';
  const article = SLUG_PATTERN.test(slug) && slug.length <= 80 ? await blogArticle(language, slug) : null;
  if (!article) return { notFound: true, revalidate: BLOG_REVALIDATE_SECONDS };
  return {
    props: {
      ...(await serverSideTranslations(language, [...PUBLIC_NAMESPACES, 'pages', 'articles'])),
      article,
      siteUrl: siteUrl(),
    },
    revalidate: BLOG_REVALIDATE_SECONDS,
  };
};

export default BlogArticlePage;
