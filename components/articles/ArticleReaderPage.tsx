import { useEffect } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from '@/components/common/DocumentTitle';
import Loader from '@/components/common/Loader';
import { DEFAULT_LOCALE } from '@/lib/constants';
import type { ArticleLanguage } from '@/lib/types/article';
import { useArticlesStore } from '@/stores/useArticlesStore';
import ArticleView from './ArticleView';
import { appArticleHref } from './articleLinks';
import RetryAlert from '@/components/common/RetryAlert';

/** The in-app article page (/articles/{slug}) in the reader's language. */
export default function ArticleReaderPage({ slug }: { slug: string }) {
  const { t } = useTranslation('articles');
  const { locale } = useRouter();
  const language = (locale ?? DEFAULT_LOCALE) as ArticleLanguage;
  const article = useArticlesStore((s) => s.article);
  const status = useArticlesStore((s) => s.articleStatus);
  const read = useArticlesStore((s) => s.read);

  useEffect(() => {
    if (slug) void read(language, slug);
  }, [read, language, slug]);

  return (
    <div className="tv-article-page">
      <nav className="mb-3 small" aria-label={t('article.breadcrumb')}>
        <Link href="/articles/list">← {t('article.backToList')}</Link>
      </nav>
      {status === 'notFound' ? (
        <>
          <DocumentTitle title={t('article.notFound')} />
          <h1 className="h3">{t('article.notFound')}</h1>
          <p>{t('article.notFoundText')}</p>
        </>
      ) : status === 'error' ? (
        <RetryAlert
          message={t('article.error')}
          retryLabel={t('list.retry')}
          onRetry={() => void read(language, slug)}
        />
      ) : !article || article.slug !== slug || article.language !== language ? (
        <Loader />
      ) : (
        <>
          <DocumentTitle title={article.title} description={article.summary} />
          <ArticleView
            article={article}
            translationHref={article.translation ? appArticleHref(article.translation.slug) : undefined}
          />
        </>
      )}
    </div>
  );
}
