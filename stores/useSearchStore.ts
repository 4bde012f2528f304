import { create } from 'zustand';
import type { MarketId } from '@/lib/constants';
import type { TickerSuggestion } from '@/lib/types/market';
import { marketDataService } from '@/services/marketDataService';
import {
  createRequestGuard,
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';
import { registerUserStoreReset } from './userStoreResets';

interface SearchState {
  /** The text the suggestions belong to (trimmed). */
  term: string;
  suggestions: Resource<TickerSuggestion[]>;
  /** SPEC §5: runs only for non-empty text; an empty text clears the suggestions. */
  search(text: string, countryId: MarketId): Promise<void>;
  /** Empty the suggestions and forget any search in flight. */
  clear(): void;
  reset(): void;
}

const guard = createRequestGuard();

export const useSearchStore = create<SearchState>()((set, get) => ({
  term: '',
  suggestions: idleResource<TickerSuggestion[]>(),

  async search(text, countryId) {
    const term = text.trim();
    if (!term) {
      get().clear();
      return;
    }
    const { ticket, signal } = guard.next();
    set((s) => ({ term, suggestions: loadingResource(s.suggestions) }));
    try {
      const items = await marketDataService.autocomplete(term, countryId, signal);
      if (guard.isCurrent(ticket)) set({ suggestions: successResource(items) });
    } catch (err) {
      if (!guard.isCurrent(ticket)) return;
      // SPEC §8 logs autocomplete failures; DESIGN.md §9 also shows them, with a retry.
      console.error('Autocomplete failed:', err);
      set((s) => ({ suggestions: errorResource(s.suggestions, err) }));
    }
  },

  clear() {
    guard.cancel();
    set({ term: '', suggestions: idleResource<TickerSuggestion[]>() });
  },

  reset() {
    get().clear();
  },
}));

registerUserStoreReset(() => useSearchStore.getState().reset());
