/** Track-record calls (issue 17) through the one apiClient. */
import type { MarketId, Timeframe } from '@/lib/constants';
import type { MarketTrackRecordResponse, TrackRecordResponse } from '@/lib/types/signals';
import { http } from './api';

export const trackRecordService = {
  async ticker(tickerId: number, timeframe: Timeframe, signal?: AbortSignal): Promise<TrackRecordResponse> {
    return (
      await http.get<TrackRecordResponse>(`/ticker/${tickerId}/track-record`, {
        params: { timeframe },
        signal,
      })
    ).data;
  },
  async market(
    countryId: MarketId,
    timeframe: Timeframe,
    signal?: AbortSignal,
  ): Promise<MarketTrackRecordResponse> {
    return (
      await http.get<MarketTrackRecordResponse>('/signals/track-record', {
        params: { countryID: countryId, timeframe },
        signal,
      })
    ).data;
  },
};
