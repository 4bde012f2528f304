/** Track records (issue 17): the analysis page's ticker and the /signals market summary. */
import { create } from 'zustand';
import type { MarketId, Timeframe } from '@/lib/constants';
import type { MarketTrackRecordResponse, TrackRecordResponse } from '@/lib/types/signals';
import { trackRecordService } from '@/services/trackRecordService';
import {
  createRequestGuard,
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';
import { registerUserStoreReset } from './userStoreResets';

interface TrackRecordState {
  ticker: Resource<TrackRecordResponse>;
  market: Resource<MarketTrackRecordResponse>;
  fetchTicker(tickerId: number, timeframe: Timeframe): Promise<void>;
  fetchMarket(countryId: MarketId, timeframe: Timeframe): Promise<void>;
  reset(): void;
}

const tickerGuard = createRequestGuard();
const marketGuard = createRequestGuard();

export const useTrackRecordStore = create<TrackRecordState>()((set) => ({
  ticker: idleResource<TrackRecordResponse>(),
  market: idleResource<MarketTrackRecordResponse>(),

  async fetchTicker(tickerId, timeframe) {
    const { ticket, signal } = tickerGuard.next();
    set((s) => ({ ticker: loadingResource(s.ticker, false) }));
    try {
      const data = await trackRecordService.ticker(tickerId, timeframe, signal);
      if (tickerGuard.isCurrent(ticket)) set({ ticker: successResource(data) });
    } catch (err) {
      if (!tickerGuard.isCurrent(ticket)) return;
      console.error('Fetching the track record failed:', err);
      set((s) => ({ ticker: errorResource(s.ticker, err) }));
    }
  },

  async fetchMarket(countryId, timeframe) {
    const { ticket, signal } = marketGuard.next();
    set((s) => ({ market: loadingResource(s.market, false) }));
    try {
      const data = await trackRecordService.market(countryId, timeframe, signal);
      if (marketGuard.isCurrent(ticket)) set({ market: successResource(data) });
    } catch (err) {
      if (!marketGuard.isCurrent(ticket)) return;
      console.error('Fetching the market track record failed:', err);
      set((s) => ({ market: errorResource(s.market, err) }));
    }
  },

  reset() {
    tickerGuard.cancel();
    marketGuard.cancel();
    set({ ticker: idleResource(), market: idleResource() });
  },
}));

registerUserStoreReset(() => useTrackRecordStore.getState().reset());
