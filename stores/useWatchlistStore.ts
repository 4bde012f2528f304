/**
 * The watchlist (our addition, DESIGN.md §5). After an add the list is fetched again (it carries
 * prices and signals the server joins in); a removal takes the entry out at once and puts it back
 * if the server refuses.
 */
import { create } from 'zustand';
import type { WatchlistItemDto } from '@/lib/types/portfolio';
import { toApiError } from '@/services/apiError';
import { watchlistService } from '@/services/watchlistService';
import { registerUserStoreReset } from './userStoreResets';

export type WatchlistStatus = 'idle' | 'loading' | 'ready' | 'error';

interface WatchlistState {
  items: WatchlistItemDto[];
  status: WatchlistStatus;
  /** Ticker ids being added or removed (buttons show progress). */
  busy: number[];
  fetch(): Promise<void>;
  add(tickerId: number): Promise<void>;
  remove(tickerId: number): Promise<void>;
  /** Signal alerts on or off: shown at once, put back if the server refuses. */
  setAlerts(tickerId: number, alerts: boolean): Promise<void>;
  reset(): void;
}

const initialState = {
  items: [] as WatchlistItemDto[],
  status: 'idle' as WatchlistStatus,
  busy: [] as number[],
};

export const useWatchlistStore = create<WatchlistState>()((set, get) => {
  const setBusy = (tickerId: number, on: boolean) =>
    set((s) => ({ busy: on ? [...s.busy, tickerId] : s.busy.filter((id) => id !== tickerId) }));
  return {
    ...initialState,

    async fetch() {
      set({ status: 'loading' });
      try {
        set({ items: await watchlistService.list(), status: 'ready' });
      } catch (err) {
        console.error('Fetching the watchlist failed:', err);
        set({ status: 'error' });
      }
    },

    async add(tickerId) {
      setBusy(tickerId, true);
      try {
        await watchlistService.add(tickerId);
        await get().fetch();
      } catch (err) {
        console.error('Adding to the watchlist failed:', err);
        throw toApiError(err);
      } finally {
        setBusy(tickerId, false);
      }
    },

    async setAlerts(tickerId, alerts) {
      const flip = (on: boolean) =>
        set((s) => ({ items: s.items.map((i) => (i.ticker_id === tickerId ? { ...i, alerts: on } : i)) }));
      flip(alerts);
      setBusy(tickerId, true);
      try {
        await watchlistService.setAlerts(tickerId, alerts);
      } catch (err) {
        console.error('Changing the watchlist alerts failed:', err);
        flip(!alerts);
        throw toApiError(err);
      } finally {
        setBusy(tickerId, false);
      }
    },

    async remove(tickerId) {
      const before = get().items;
      const index = before.findIndex((i) => i.ticker_id === tickerId);
      const removed = index >= 0 ? before[index] : null;
      if (removed) set({ items: before.filter((i) => i.ticker_id !== tickerId) });
      setBusy(tickerId, true);
      try {
        await watchlistService.remove(tickerId);
      } catch (err) {
        console.error('Removing from the watchlist failed:', err);
        set((s) => {
          if (!removed || s.items.some((i) => i.ticker_id === tickerId)) return {};
          const items = [...s.items];
          items.splice(Math.min(index, items.length), 0, removed);
          return { items };
        });
        throw toApiError(err);
      } finally {
        setBusy(tickerId, false);
      }
    },

    reset() {
      set(initialState);
    },
  };
});

/** Is the ticker on the list (for an add/remove toggle, e.g. on the analysis page)? */
export const selectOnWatchlist = (tickerId: number) => (s: WatchlistState) =>
  s.items.some((i) => i.ticker_id === tickerId);

registerUserStoreReset(() => useWatchlistStore.getState().reset());
