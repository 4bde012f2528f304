/** Chart-pattern calls (issue 42) through the one apiClient. */
import type { MarketId, Timeframe } from '@/lib/constants';
import type { MarketPatternRecordResponse } from '@/lib/types/patterns';
import { http } from './api';

export const patternService = {
  async marketRecord(countryId: MarketId, timeframe: Timeframe): Promise<MarketPatternRecordResponse> {
    return (
      await http.get<MarketPatternRecordResponse>('/signals/pattern-record', {
        params: { countryID: countryId, timeframe },
      })
    ).data;
  },
};
