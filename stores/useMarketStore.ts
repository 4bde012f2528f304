import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import {
  DEFAULT_MARKET,
  DEFAULT_TIMEFRAME,
  isMarketId,
  isTimeframe,
  type MarketId,
  type Timeframe,
} from '@/lib/constants';
import { safeLocalStorage, STORAGE_KEYS } from '@/lib/storage';

interface MarketState {
  /** The selected market (SPEC §4: 160 by default, saved in localStorage and restored on load). */
  marketId: MarketId;
  /** The analysis timeframe (SPEC §4: 2 by default). */
  timeframe: Timeframe;
  setMarket(marketId: MarketId): void;
  setTimeframe(timeframe: Timeframe): void;
  reset(): void;
}

interface PersistedMarket {
  marketId: MarketId;
}

const initialState = { marketId: DEFAULT_MARKET, timeframe: DEFAULT_TIMEFRAME };

export const useMarketStore = create<MarketState>()(
  persist(
    (set) => ({
      ...initialState,
      setMarket(marketId) {
        if (isMarketId(marketId)) set({ marketId });
      },
      setTimeframe(timeframe) {
        if (isTimeframe(timeframe)) set({ timeframe });
      },
      reset() {
        set(initialState);
      },
    }),
    {
      name: STORAGE_KEYS.market,
      storage: createJSONStorage<PersistedMarket>(() => safeLocalStorage),
      // SSR renders the default market; `_app` rehydrates after mount.
      skipHydration: true,
      // Only the market is remembered (SPEC §4); the timeframe starts at 2 on every visit.
      partialize: (state): PersistedMarket => ({ marketId: state.marketId }),
      merge: (persisted, current) => {
        const marketId = (persisted as Partial<PersistedMarket> | null)?.marketId;
        return isMarketId(marketId) ? { ...current, marketId } : current;
      },
    },
  ),
);
