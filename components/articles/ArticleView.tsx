import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { formatDate } from '@/lib/format';
import { imageUrl } from '@/lib/articles/constants';
import type { PublicArticleDto } from '@/lib/types/article';
import ArticleBody from './ArticleBody';
import ArticleTags from './ArticleTags';

interface ArticleViewProps {
  article: PublicArticleDto;
  /** Link to the other-language version, when there is one. */
  translationHref?: string;
}

/** One article: title, date and author, tags, cover, summary and the body. Blog and app share it. */
export default function ArticleView({ article, translationHref }: ArticleViewProps) {
  const { locale } = useRouter();
  const { t } = useTranslation('articles');
  return (
    <article className="tv-article" lang={article.language}>
      <header className="mb-4">
        <h1 className="mb-2">{article.title}</h1>
        <p className="text-body-secondary mb-2">
          <time dateTime={article.published_at ?? undefined}>
            {formatDate(article.published_at, locale, 'long')}
          </time>
          {article.author_name && <> · {t('article.by', { name: article.author_name })}</>}
        </p>
        <ArticleTags tags={article.tags} />
        {article.translation && translationHref && (
          <p className="small mt-2 mb-0">
            <Link
              href={translationHref}
              locale={article.translation.language}
              hrefLang={article.translation.language}
              prefetch={false}
            >
              {t(`article.readIn.${article.translation.language}`)}
            </Link>
          </p>
        )}
      </header>
      {article.cover_image_id && (
        // eslint-disable-next-line @next/next/no-img-element -- our image route serves the stored bytes; sizes unknown
        <img
          src={imageUrl(article.cover_image_id)}
          alt=""
          className="img-fluid rounded mb-4 tv-article-hero"
        />
      )}
      {article.summary && <p className="lead">{article.summary}</p>}
      <ArticleBody markdown={article.body_markdown} />
    </article>
  );
}
