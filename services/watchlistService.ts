/** Watchlist calls (DESIGN.md §5, our addition) through the one apiClient. */
import type { WatchlistItemDto } from '@/lib/types/portfolio';
import { http } from './api';

export const watchlistService = {
  async list(): Promise<WatchlistItemDto[]> {
    return (await http.get<WatchlistItemDto[]>('/watchlist')).data;
  },
  /** Add a ticker; adding one that is already on the list answers the existing entry. */
  async add(tickerId: number): Promise<WatchlistItemDto> {
    return (await http.post<WatchlistItemDto>('/watchlist', { ticker_id: tickerId })).data;
  },
  /** Signal alerts for a ticker on the list on or off. */
  async setAlerts(tickerId: number, alerts: boolean): Promise<WatchlistItemDto> {
    return (await http.patch<WatchlistItemDto>(`/watchlist/${tickerId}`, { alerts })).data;
  },
  async remove(tickerId: number): Promise<void> {
    await http.delete(`/watchlist/${tickerId}`);
  },
};
