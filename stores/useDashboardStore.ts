import { create } from 'zustand';
import { marketById, type MarketId, type Timeframe } from '@/lib/constants';
import { marketDataService, type HomeDashboard } from '@/services/marketDataService';
import {
  createRequestGuard,
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';
import { registerUserStoreReset } from './userStoreResets';

interface DashboardState {
  /** The /home overview of one market. */
  dashboard: Resource<HomeDashboard>;
  /** The market and timeframe of the last request. */
  marketId: MarketId | null;
  timeframe: Timeframe | null;
  fetchDashboard(marketId: MarketId, timeframe: Timeframe): Promise<void>;
  retry(): Promise<void>;
  reset(): void;
}

const guard = createRequestGuard();

export const useDashboardStore = create<DashboardState>()((set, get) => ({
  dashboard: idleResource<HomeDashboard>(),
  marketId: null,
  timeframe: null,

  async fetchDashboard(marketId, timeframe) {
    const { ticket, signal } = guard.next();
    set((s) => ({ dashboard: loadingResource(s.dashboard, s.marketId === marketId), marketId, timeframe }));
    try {
      // SPEC §7: the dashboard is asked for with the market's main index symbol.
      const data = await marketDataService.homeDashboard(
        marketId,
        marketById(marketId).mainIndexTickerSymbol,
        timeframe,
        signal,
      );
      if (guard.isCurrent(ticket)) set({ dashboard: successResource(data) });
    } catch (err) {
      if (guard.isCurrent(ticket)) set((s) => ({ dashboard: errorResource(s.dashboard, err) }));
    }
  },

  async retry() {
    const { marketId, timeframe } = get();
    if (marketId && timeframe) await get().fetchDashboard(marketId, timeframe);
  },

  reset() {
    guard.cancel();
    set({ dashboard: idleResource<HomeDashboard>(), marketId: null, timeframe: null });
  },
}));

registerUserStoreReset(() => useDashboardStore.getState().reset());
