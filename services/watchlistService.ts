/** Watchlist calls (DESIGN.md §5, our addition) through the one apiClient. */
import type { WatchlistItemDto } from '@/lib/types/portfolio';
import { apiClient } from './apiClient';

export const watchlistService = {
  async list(): Promise<WatchlistItemDto[]> {
    return (await apiClient.get<WatchlistItemDto[]>('/watchlist')).data;
  },
  /** Add a ticker; adding one that is already on the list answers the existing entry. */
  async add(tickerId: number): Promise<WatchlistItemDto> {
    return (await apiClient.post<WatchlistItemDto>('/watchlist', { ticker_id: tickerId })).data;
  },
  async remove(tickerId: number): Promise<void> {
    await apiClient.delete(`/watchlist/${tickerId}`);
  },
};
