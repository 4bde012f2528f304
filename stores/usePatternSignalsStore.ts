import { create } from 'zustand';
import { MAX_PAGE_SIZE, type MarketId, type Timeframe } from '@/lib/constants';
import type { TickerListItem } from '@/lib/types/market';
import type { MarketPatternRecordResponse } from '@/lib/types/patterns';
import { patternService } from '@/services/patternService';
import { marketDataService } from '@/services/marketDataService';
import {
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';
import { registerUserStoreReset } from './userStoreResets';

/** Issue 42: the shares whose chart pattern completed (broke out) in the market's last session. */
interface PatternSignalsState {
  newToday: Resource<TickerListItem[]>;
  fetchNewToday(countryId: MarketId, timeframe: Timeframe): Promise<void>;
  /** The record per pattern kind of the market (GET /signals/pattern-record). */
  record: Resource<MarketPatternRecordResponse>;
  fetchRecord(countryId: MarketId, timeframe: Timeframe): Promise<void>;
  reset(): void;
}

let latest = 0;
let latestRecord = 0;

export const usePatternSignalsStore = create<PatternSignalsState>()((set) => ({
  newToday: idleResource(),
  async fetchNewToday(countryId, timeframe) {
    const ticket = ++latest;
    set((s) => ({ newToday: loadingResource(s.newToday) }));
    try {
      const page = await marketDataService.listTickers({
        countryId,
        timeframe,
        filters: { patternStatus: 'completed', patternNew: true },
        sort: 'symbol',
        order: 'asc',
        page: 1,
        pageSize: MAX_PAGE_SIZE,
      });
      if (ticket === latest) set({ newToday: successResource(page.items) });
    } catch (err) {
      if (ticket === latest) set((s) => ({ newToday: errorResource(s.newToday, err) }));
    }
  },
  record: idleResource(),
  async fetchRecord(countryId, timeframe) {
    const ticket = ++latestRecord;
    set((s) => ({ record: loadingResource(s.record) }));
    try {
      const record = await patternService.marketRecord(countryId, timeframe);
      if (ticket === latestRecord) set({ record: successResource(record) });
    } catch (err) {
      if (ticket === latestRecord) set((s) => ({ record: errorResource(s.record, err) }));
    }
  },
  reset() {
    latest++;
    latestRecord++;
    set({ newToday: idleResource(), record: idleResource() });
  },
}));

registerUserStoreReset(() => usePatternSignalsStore.getState().reset());
