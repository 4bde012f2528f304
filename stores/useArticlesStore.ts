/**
 * Articles for readers (/articles/list and the in-app article page): one page of the list in the
 * reader's language, an optional tag, and the layout (grid or list, SPEC §3–§4: starts as grid,
 * remembered in localStorage).
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { ArticleLanguage, ArticleSummaryDto, PublicArticleDto } from '@/lib/types/article';
import { safeLocalStorage } from '@/lib/storage';
import { articlesService } from '@/services/articlesService';
import { toApiError } from '@/services/apiError';

export type ArticleLayout = 'grid' | 'list';
export const ARTICLE_LAYOUTS: readonly ArticleLayout[] = ['grid', 'list'];
export const ARTICLE_LAYOUT_STORAGE_KEY = 'trendvakt-articles';

type Status = 'idle' | 'loading' | 'ready' | 'error';

interface ArticlesState {
  layout: ArticleLayout;
  items: ArticleSummaryDto[];
  total: number;
  page: number;
  pageSize: number;
  tag: string | null;
  status: Status;
  article: PublicArticleDto | null;
  articleStatus: Status | 'notFound';
  setLayout(layout: ArticleLayout): void;
  fetch(query: { language: ArticleLanguage; page?: number; tag?: string | null }): Promise<void>;
  read(language: ArticleLanguage, slug: string): Promise<void>;
  reset(): void;
}

const initialData = {
  items: [] as ArticleSummaryDto[],
  total: 0,
  page: 1,
  pageSize: 12,
  tag: null as string | null,
  status: 'idle' as Status,
  article: null as PublicArticleDto | null,
  articleStatus: 'idle' as Status | 'notFound',
};

export const useArticlesStore = create<ArticlesState>()(
  persist(
    (set, get) => ({
      layout: 'grid',
      ...initialData,

      setLayout(layout) {
        if (ARTICLE_LAYOUTS.includes(layout)) set({ layout });
      },

      async fetch({ language, page = 1, tag = get().tag }) {
        set({ status: 'loading', page, tag });
        try {
          const res = await articlesService.list({ language, page, ...(tag ? { tag } : {}) });
          // A later request may have started meanwhile: only the latest one writes.
          if (get().page !== page || get().tag !== tag) return;
          set({ items: res.items, total: res.total, pageSize: res.pageSize, status: 'ready' });
        } catch (err) {
          console.error('Fetching articles failed:', err);
          set({ status: 'error' });
        }
      },

      async read(language, slug) {
        set({ articleStatus: 'loading', article: null });
        try {
          set({ article: await articlesService.read(language, slug), articleStatus: 'ready' });
        } catch (err) {
          const apiError = toApiError(err);
          if (apiError.status !== 404) console.error('Fetching the article failed:', err);
          set({ articleStatus: apiError.status === 404 ? 'notFound' : 'error' });
        }
      },

      reset() {
        set(initialData);
      },
    }),
    {
      name: ARTICLE_LAYOUT_STORAGE_KEY,
      storage: createJSONStorage(() => safeLocalStorage),
      // SSR renders the grid; the list page rehydrates after mount so the first client render matches.
      skipHydration: true,
      partialize: (state) => ({ layout: state.layout }),
      merge: (persisted, current) => {
        const layout = (persisted as { layout?: unknown } | undefined)?.layout;
        return {
          ...current,
          layout: ARTICLE_LAYOUTS.includes(layout as ArticleLayout) ? (layout as ArticleLayout) : 'grid',
        };
      },
    },
  ),
);
