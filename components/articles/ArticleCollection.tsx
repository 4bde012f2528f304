import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { formatDate } from '@/lib/format';
import { imageUrl } from '@/lib/articles/constants';
import type { ArticleSummaryDto } from '@/lib/types/article';
import ArticleTags from './ArticleTags';

interface ArticleCollectionProps {
  articles: ArticleSummaryDto[];
  layout: 'grid' | 'list';
  /** Where an article opens: the blog page or the in-app page. */
  hrefOf(article: ArticleSummaryDto): string;
  onTag?(tag: string): void;
  activeTag?: string | null;
  /** The heading level of each article's title (2 under the page's h1). */
  headingLevel?: 2 | 3;
}

function Cover({ article, className }: { article: ArticleSummaryDto; className: string }) {
  if (!article.cover_image_id) return <div className="tv-article-cover-empty" aria-hidden="true" />;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- our image route serves the stored bytes; sizes unknown
    <img
      src={imageUrl(article.cover_image_id)}
      alt=""
      className={className}
      loading="lazy"
      decoding="async"
    />
  );
}

/**
 * Article cards (cover, title, summary, date, tags) in a grid, or the same as a compact list. The
 * titles prefetch on hover only: in view, each fetched its article's data and ran the article page's
 * code while the blog was still loading (Lighthouse's blocking time).
 */
export default function ArticleCollection({
  articles,
  layout,
  hrefOf,
  onTag,
  activeTag,
  headingLevel = 2,
}: ArticleCollectionProps) {
  const { locale } = useRouter();
  const { t } = useTranslation('articles');
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const title = (a: ArticleSummaryDto, className: string) => (
    <Heading className={className}>
      <Link href={hrefOf(a)} prefetch={false}>
        {a.title}
      </Link>
    </Heading>
  );
  const date = (a: ArticleSummaryDto) => (
    <time dateTime={a.published_at ?? undefined} className="small text-body-secondary">
      {t('card.published', { date: formatDate(a.published_at, locale, 'long') })}
    </time>
  );

  if (layout === 'list') {
    return (
      <ul className="list-unstyled mb-0 tv-article-list" data-layout="list">
        {articles.map((a) => (
          <li key={a.article_id} className="tv-card d-flex gap-3 p-3 mb-3 align-items-start">
            {a.cover_image_id && <Cover article={a} className="tv-article-thumb rounded flex-shrink-0" />}
            <div className="flex-grow-1 min-w-0">
              {title(a, 'h6 mb-1')}
              {date(a)}
              {a.summary && <p className="mb-1 small">{a.summary}</p>}
              <ArticleTags tags={a.tags} onSelect={onTag} active={activeTag} />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="list-unstyled tv-grid tv-grid-sm-2 tv-grid-xl-3 mb-0 tv-article-grid" data-layout="grid">
      {articles.map((a) => (
        <li key={a.article_id}>
          <article className="tv-card h-100 d-flex flex-column overflow-hidden">
            <Cover article={a} className="tv-article-cover" />
            <div className="p-3 d-flex flex-column flex-grow-1 gap-2">
              {title(a, 'h5 mb-0')}
              {date(a)}
              {a.summary && <p className="mb-0 text-body-secondary">{a.summary}</p>}
              <div className="mt-auto">
                <ArticleTags tags={a.tags} onSelect={onTag} active={activeTag} />
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
