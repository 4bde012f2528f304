import { useEffect } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Loader from '@/components/common/Loader';
import { DEFAULT_LOCALE } from '@/lib/constants';
import type { ArticleLanguage } from '@/lib/types/article';
import { ARTICLE_LAYOUTS, useArticlesStore, type ArticleLayout } from '@/stores/useArticlesStore';
import ArticleCollection from './ArticleCollection';
import { appArticleHref } from './articleLinks';
import SimplePager from './SimplePager';
import RetryAlert from '@/components/common/RetryAlert';

/**
 * /articles/list for subscribers: the articles in the reader's language as a grid of cards or a
 * list (SPEC §3–§4: starts as grid; the choice is remembered), filtered by a tag, a page at a time.
 */
export default function ArticleReaderList() {
  const { t } = useTranslation('articles');
  const { locale } = useRouter();
  const language = (locale ?? DEFAULT_LOCALE) as ArticleLanguage;
  const { layout, items, total, page, pageSize, tag, status } = useArticlesStore();
  const setLayout = useArticlesStore((s) => s.setLayout);
  const fetch = useArticlesStore((s) => s.fetch);

  useEffect(() => {
    void useArticlesStore.persist.rehydrate();
  }, []);

  useEffect(() => {
    void fetch({ language, page: 1 });
  }, [fetch, language]);

  const selectTag = (next: string | null) =>
    void fetch({ language, page: 1, tag: next === tag ? null : next });

  return (
    <section aria-labelledby="articles-heading">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="articles-heading" className="h5 mb-0">
          {tag ? t('list.taggedHeading', { tag }) : t('list.heading')}
        </h2>
        <div className="d-flex align-items-center gap-2">
          {tag && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => selectTag(null)}
            >
              {t('list.clearTag', { tag })}
            </button>
          )}
          <div className="btn-group btn-group-sm" role="group" aria-label={t('layout.label')}>
            {ARTICLE_LAYOUTS.map((option: ArticleLayout) => (
              <button
                key={option}
                type="button"
                className={`btn ${layout === option ? 'btn-primary' : 'btn-outline-primary'}`}
                aria-pressed={layout === option}
                onClick={() => setLayout(option)}
              >
                {t(`layout.${option}`)}
              </button>
            ))}
          </div>
        </div>
      </div>
      {status === 'error' ? (
        <RetryAlert
          message={t('list.error')}
          retryLabel={t('list.retry')}
          onRetry={() => void fetch({ language, page })}
        />
      ) : status !== 'ready' && items.length === 0 ? (
        <Loader />
      ) : items.length === 0 ? (
        <p className="text-body-secondary">{t('list.empty')}</p>
      ) : (
        <>
          <ArticleCollection
            articles={items}
            layout={layout}
            hrefOf={(a) => appArticleHref(a.slug)}
            onTag={(next) => selectTag(next)}
            activeTag={tag}
          />
          <SimplePager
            page={page}
            pageSize={pageSize}
            total={total}
            onPage={(p) => void fetch({ language, page: p })}
          />
        </>
      )}
    </section>
  );
}
