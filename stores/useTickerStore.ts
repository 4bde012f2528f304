import { create } from 'zustand';
import type { Timeframe } from '@/lib/constants';
import type { TickerDetail } from '@/lib/types/market';
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

/** Analyses change once per trading day: an answer is reused for a few minutes. */
export const TICKER_CACHE_MS = 5 * 60 * 1000;
const CACHE_SIZE = 20;

interface TickerRequest {
  tickerId: number;
  timeframe: Timeframe;
}

interface TickerState {
  /** The analysis page's ticker (the last one asked for). */
  ticker: Resource<TickerDetail>;
  requested: TickerRequest | null;
  /** Recent answers by `${tickerId}:${timeframe}`, so switching timeframes back is instant. */
  cache: Record<string, { detail: TickerDetail; at: number }>;
  fetchTicker(tickerId: number, timeframe: Timeframe, options?: { force?: boolean }): Promise<void>;
  retry(): Promise<void>;
  reset(): void;
}

const guard = createRequestGuard();
const keyOf = (tickerId: number, timeframe: Timeframe) => `${tickerId}:${timeframe}`;

export const useTickerStore = create<TickerState>()((set, get) => ({
  ticker: idleResource<TickerDetail>(),
  requested: null,
  cache: {},

  async fetchTicker(tickerId, timeframe, options = {}) {
    const key = keyOf(tickerId, timeframe);
    const cached = get().cache[key];
    if (!options.force && cached && Date.now() - cached.at < TICKER_CACHE_MS) {
      guard.cancel();
      set({ ticker: successResource(cached.detail), requested: { tickerId, timeframe } });
      return;
    }
    const { ticket, signal } = guard.next();
    const previousTicker = get().requested?.tickerId;
    set((s) => ({
      // The same ticker in another timeframe stays on screen (dimmed) while the new one loads.
      ticker: loadingResource(s.ticker, previousTicker === tickerId),
      requested: { tickerId, timeframe },
    }));
    try {
      const detail = await marketDataService.getTicker(tickerId, timeframe, signal);
      if (!guard.isCurrent(ticket)) return;
      set((s) => {
        const entries = Object.entries({ ...s.cache, [key]: { detail, at: Date.now() } })
          .sort(([, a], [, b]) => b.at - a.at)
          .slice(0, CACHE_SIZE);
        return { ticker: successResource(detail), cache: Object.fromEntries(entries) };
      });
    } catch (err) {
      if (guard.isCurrent(ticket)) set((s) => ({ ticker: errorResource(s.ticker, err) }));
    }
  },

  async retry() {
    const requested = get().requested;
    if (requested) await get().fetchTicker(requested.tickerId, requested.timeframe, { force: true });
  },

  reset() {
    guard.cancel();
    set({ ticker: idleResource<TickerDetail>(), requested: null, cache: {} });
  },
}));

registerUserStoreReset(() => useTickerStore.getState().reset());
