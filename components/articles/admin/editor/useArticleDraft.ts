import { useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { DEFAULT_LOCALE } from '@/lib/constants';
import type { ArticleDto, ArticleLanguage } from '@/lib/types/article';
import { ApiError } from '@/services/apiError';
import { useArticleAdminStore } from '@/stores/useArticleAdminStore';
import {
  draftOf,
  emptyDraft,
  isDirty,
  toLocalInput,
  withChange,
  type Draft,
  type Field,
  type FieldErrors,
} from './articleDraft';

export interface ArticleDraftState {
  /** No ?id= (or not a positive whole number): a new article. */
  isNew: boolean;
  /** The article as last loaded or saved; null for a new one not yet saved. */
  saved: ArticleDto | null;
  draft: Draft;
  dirty: boolean;
  publishAt: string;
  setPublishAt: (value: string) => void;
  errors: FieldErrors;
  setErrors: (update: (errors: FieldErrors) => FieldErrors) => void;
  /** Change one field (clears its error; the slug follows the title until touched). */
  change: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  /** The slug was edited by hand: it stops following the title. */
  touchSlug: () => void;
  /** Take a saved article as the new baseline. */
  markSaved: (article: ArticleDto) => void;
  /** Drop the draft and load ?id= again (after a stale save). */
  reload: () => void;
  /** The article of ?id= could not be loaded (404 or otherwise). */
  loadFailed: { notFound: boolean } | null;
  /** The router is ready and the article of ?id= (if any) is loaded. */
  ready: boolean;
}

/**
 * The article editor's draft: loads the article of ?id= (or starts an empty one in the page's
 * language), keeps the fields, the saved baseline, the schedule time and the field errors, and
 * tells whether there are unsaved changes. `onLoaded` runs after each load (to clear messages).
 */
export function useArticleDraft(onLoaded: () => void): ArticleDraftState {
  const router = useRouter();
  const uiLanguage = (router.locale ?? DEFAULT_LOCALE) as ArticleLanguage;
  const idParam = typeof router.query.id === 'string' ? Number(router.query.id) : null;
  const isNew = idParam === null || !Number.isInteger(idParam) || idParam <= 0;

  const [saved, setSaved] = useState<ArticleDto | null>(null);
  const [draft, setDraft] = useState<Draft>(() => emptyDraft(uiLanguage));
  const [slugTouched, setSlugTouched] = useState(false);
  const [publishAt, setPublishAt] = useState('');
  const [loadError, setLoadError] = useState<{ id: number; notFound: boolean } | null>(null);
  const [errors, setErrorsState] = useState<FieldErrors>({});
  const onLoadedRef = useRef(onLoaded);
  useEffect(() => {
    onLoadedRef.current = onLoaded;
  }, [onLoaded]);

  // Load the article of ?id= (or start a new one).
  useEffect(() => {
    if (!router.isReady || isNew || idParam === null || saved?.article_id === idParam) return;
    let cancelled = false;
    useArticleAdminStore
      .getState()
      .load(idParam)
      .then(
        (article) => {
          if (cancelled) return;
          setSaved(article);
          setDraft(draftOf(article));
          setSlugTouched(true);
          setPublishAt(toLocalInput(article.publish_at));
          setErrorsState({});
          setLoadError(null);
          onLoadedRef.current();
        },
        (err: unknown) => {
          if (!cancelled)
            setLoadError({ id: idParam, notFound: err instanceof ApiError && err.status === 404 });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [router.isReady, isNew, idParam, saved]);

  const change = useCallback(
    <K extends keyof Draft>(key: K, value: Draft[K]) => {
      setDraft((d) => withChange(d, key, value, slugTouched));
      setErrorsState((e) => ({ ...e, [key as Field]: undefined }));
    },
    [slugTouched],
  );

  const markSaved = useCallback((article: ArticleDto) => {
    setSaved(article);
    setDraft(draftOf(article));
    setSlugTouched(true);
    setErrorsState({});
  }, []);

  const setPublishAtAndClear = useCallback((value: string) => {
    setPublishAt(value);
    setErrorsState((e) => ({ ...e, publish_at: undefined }));
  }, []);

  const touchSlug = useCallback(() => setSlugTouched(true), []);
  const reload = useCallback(() => setSaved(null), []);
  const failed = !isNew && loadError?.id === idParam ? { notFound: loadError.notFound } : null;

  return {
    isNew,
    saved,
    draft,
    dirty: isDirty(saved, draft),
    publishAt,
    setPublishAt: setPublishAtAndClear,
    errors,
    setErrors: setErrorsState,
    change,
    touchSlug,
    markSaved,
    reload,
    loadFailed: failed,
    ready: router.isReady && (isNew || saved?.article_id === idParam),
  };
}
