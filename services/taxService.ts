/** Tax calls (issue 38) through the one apiClient (bearer token and the portfolio header). */
import type { LossHarvestDto } from '@/lib/types/personTax';
import { http } from './api';

export const taxService = {
  /** The ordinary holdings a sale on `date` would realise at a loss, largest loss first. */
  async harvest(date: string): Promise<LossHarvestDto> {
    return (await http.get<LossHarvestDto>('/tax/harvest', { params: { date } })).data;
  },
};
