import { create } from 'zustand';
import { marketById, MAX_PAGE_SIZE, type MarketId, type Timeframe } from '@/lib/constants';
import type { TickerListItem } from '@/lib/types/market';
import { marketDataService, type TickerListPage, type TickerListQuery } from '@/services/marketDataService';
import {
  createRequestGuard,
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';
import { registerUserStoreReset } from './userStoreResets';

/** Buy and sell candidates of one market and timeframe (the /signals screen). */
export interface SignalLists {
  buy: TickerListItem[];
  sell: TickerListItem[];
  buyTotal: number;
  sellTotal: number;
}

interface ScreenerState {
  /** The screener's current page of tickers, and the query that produced it. */
  tickers: Resource<TickerListPage>;
  tickersQuery: TickerListQuery | null;
  /** The market's indexes (/market/indexes). */
  indexes: Resource<TickerListItem[]>;
  indexesKey: { countryId: MarketId; timeframe: Timeframe } | null;
  /** Buy and sell candidates (/signals). */
  signals: Resource<SignalLists>;
  signalsKey: { countryId: MarketId; timeframe: Timeframe } | null;
  fetchTickers(query: TickerListQuery): Promise<void>;
  fetchIndexes(countryId: MarketId, timeframe: Timeframe): Promise<void>;
  fetchSignals(countryId: MarketId, timeframe: Timeframe): Promise<void>;
  /** The ticker id of a market's main index (OSEBX.INDX, NDX.INDX); null when not found or on error. */
  mainIndexTickerId(countryId: MarketId, timeframe: Timeframe): Promise<number | null>;
  /** Repeat the last request of a resource (the retry button of an inline error). */
  retry(resource: 'tickers' | 'indexes' | 'signals'): Promise<void>;
  reset(): void;
}

/** How many candidates each side of /signals shows at most. */
export const SIGNALS_LIMIT = 200;

const guards = {
  tickers: createRequestGuard(),
  indexes: createRequestGuard(),
  signals: createRequestGuard(),
};

const initialState = () => ({
  tickers: idleResource<TickerListPage>(),
  tickersQuery: null,
  indexes: idleResource<TickerListItem[]>(),
  indexesKey: null,
  signals: idleResource<SignalLists>(),
  signalsKey: null,
});

export const useScreenerStore = create<ScreenerState>()((set, get) => ({
  ...initialState(),

  async fetchTickers(query) {
    const { ticket, signal } = guards.tickers.next();
    set((s) => ({ tickers: loadingResource(s.tickers), tickersQuery: query }));
    try {
      const page = await marketDataService.listTickers(query, signal);
      if (guards.tickers.isCurrent(ticket)) set({ tickers: successResource(page) });
    } catch (err) {
      if (guards.tickers.isCurrent(ticket)) set((s) => ({ tickers: errorResource(s.tickers, err) }));
    }
  },

  async fetchIndexes(countryId, timeframe) {
    const { ticket, signal } = guards.indexes.next();
    set((s) => ({
      // Another market's indexes are not kept on screen while this one loads.
      indexes: loadingResource(s.indexes, s.indexesKey?.countryId === countryId),
      indexesKey: { countryId, timeframe },
    }));
    try {
      const items = await marketDataService.listIndexes(countryId, timeframe, signal);
      if (guards.indexes.isCurrent(ticket)) set({ indexes: successResource(items) });
    } catch (err) {
      if (guards.indexes.isCurrent(ticket)) set((s) => ({ indexes: errorResource(s.indexes, err) }));
    }
  },

  async fetchSignals(countryId, timeframe) {
    const { ticket, signal } = guards.signals.next();
    const previous = get().signalsKey;
    const sameMarket = previous?.countryId === countryId;
    set((s) => ({ signals: loadingResource(s.signals, sameMarket), signalsKey: { countryId, timeframe } }));
    const base = { countryId, timeframe, page: 1, pageSize: Math.min(SIGNALS_LIMIT, MAX_PAGE_SIZE) };
    try {
      // Strongest first on each side: buy by score descending, sell by score ascending.
      const [buy, sell] = await Promise.all([
        marketDataService.listTickers(
          { ...base, filters: { signal: 'buy' }, sort: 'technical_score', order: 'desc' },
          signal,
        ),
        marketDataService.listTickers(
          { ...base, filters: { signal: 'sell' }, sort: 'technical_score', order: 'asc' },
          signal,
        ),
      ]);
      if (!guards.signals.isCurrent(ticket)) return;
      set({
        signals: successResource({
          buy: buy.items,
          sell: sell.items,
          buyTotal: buy.total,
          sellTotal: sell.total,
        }),
      });
    } catch (err) {
      if (guards.signals.isCurrent(ticket)) set((s) => ({ signals: errorResource(s.signals, err) }));
    }
  },

  async mainIndexTickerId(countryId, timeframe) {
    const symbol = marketById(countryId).mainIndexTickerSymbol;
    try {
      const items = await marketDataService.listIndexes(countryId, timeframe);
      return items.find((i) => i.symbol === symbol)?.ticker_id ?? null;
    } catch {
      // The caller falls back to the indexes list, which shows its own error if the API is down.
      return null;
    }
  },

  async retry(resource) {
    const state = get();
    if (resource === 'tickers' && state.tickersQuery) return state.fetchTickers(state.tickersQuery);
    if (resource === 'indexes' && state.indexesKey) {
      return state.fetchIndexes(state.indexesKey.countryId, state.indexesKey.timeframe);
    }
    if (resource === 'signals' && state.signalsKey) {
      return state.fetchSignals(state.signalsKey.countryId, state.signalsKey.timeframe);
    }
  },

  reset() {
    Object.values(guards).forEach((g) => g.cancel());
    set(initialState());
  },
}));

// Market data is for subscribers: signing out forgets it.
registerUserStoreReset(() => useScreenerStore.getState().reset());
