/**
 * The admin's articles (issue 12): the table of /admin/articleList with its filters, and the
 * writes of the editor. Errors reach the caller as ApiError (409 stale or slug clash, 400 fields).
 */
import { create } from 'zustand';
import type {
  AdminArticleRowDto,
  ArticleDto,
  ArticleLanguage,
  ArticleStatus,
  UploadedImageDto,
} from '@/lib/types/article';
import { articlesService, type ArticleInput } from '@/services/articlesService';
import { toApiError } from '@/services/apiError';
import { registerUserStoreReset } from './userStoreResets';

type Status = 'idle' | 'loading' | 'ready' | 'error';

export interface AdminFilters {
  status?: ArticleStatus;
  language?: ArticleLanguage;
}

interface ArticleAdminState {
  items: AdminArticleRowDto[];
  total: number;
  page: number;
  pageSize: number;
  filters: AdminFilters;
  status: Status;
  fetchList(query?: { page?: number; filters?: AdminFilters }): Promise<void>;
  remove(id: number): Promise<void>;
  load(id: number): Promise<ArticleDto>;
  create(input: ArticleInput): Promise<ArticleDto>;
  update(id: number, input: ArticleInput & { updated_at: string }): Promise<ArticleDto>;
  uploadImage(file: Blob): Promise<UploadedImageDto>;
  reset(): void;
}

const initialState = {
  items: [] as AdminArticleRowDto[],
  total: 0,
  page: 1,
  pageSize: 20,
  filters: {} as AdminFilters,
  status: 'idle' as Status,
};

const rethrow = (what: string) => (err: unknown) => {
  const apiError = toApiError(err);
  // Conflicts and bad input are the editor's to explain; anything else is logged too.
  if (apiError.status >= 500 || apiError.status === 0) console.error(`${what} failed:`, err);
  throw apiError;
};

export const useArticleAdminStore = create<ArticleAdminState>()((set, get) => ({
  ...initialState,

  async fetchList(query = {}) {
    const page = query.page ?? get().page;
    const filters = query.filters ?? get().filters;
    set({ status: 'loading', page, filters });
    try {
      const res = await articlesService.adminList({ ...filters, page });
      if (get().page !== page || get().filters !== filters) return;
      set({ items: res.items, total: res.total, pageSize: res.pageSize, status: 'ready' });
    } catch (err) {
      console.error('Fetching the article list failed:', err);
      set({ status: 'error' });
    }
  },

  async remove(id) {
    await articlesService.remove(id).catch(rethrow('Deleting the article'));
    set((s) => ({ items: s.items.filter((a) => a.article_id !== id), total: Math.max(0, s.total - 1) }));
  },

  load: (id) => articlesService.get(id).catch(rethrow('Loading the article')),
  create: (input) => articlesService.create(input).catch(rethrow('Saving the article')),
  update: (id, input) => articlesService.update(id, input).catch(rethrow('Saving the article')),
  uploadImage: (file) => articlesService.uploadImage(file).catch(rethrow('Uploading the image')),

  reset() {
    set(initialState);
  },
}));

registerUserStoreReset(() => useArticleAdminStore.getState().reset());
