/** Price-alert calls (issue 25) through the one apiClient. */
import type { PriceAlertDirection, PriceAlertDto } from '@/lib/types/priceAlerts';
import { http } from './api';

export const priceAlertService = {
  async list(): Promise<PriceAlertDto[]> {
    return (await http.get<PriceAlertDto[]>('/price-alerts')).data;
  },
  async create(input: {
    ticker_id: number;
    direction: PriceAlertDirection;
    price: number;
    note?: string | null;
  }): Promise<PriceAlertDto> {
    return (await http.post<PriceAlertDto>('/price-alerts', input)).data;
  },
  async remove(id: number): Promise<void> {
    await http.delete(`/price-alerts/${id}`);
  },
  /** Arm a triggered alert again. */
  async rearm(id: number): Promise<PriceAlertDto> {
    return (await http.patch<PriceAlertDto>(`/price-alerts/${id}`, {})).data;
  },
};
