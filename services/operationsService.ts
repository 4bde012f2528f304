/** Market freshness and the admin's job operations, through the one apiClient. */
import type { JobStatusDto, MarketDataOpsDto, MarketStatusMap } from '@/lib/types/operations';
import { http } from './api';

export const operationsService = {
  async marketStatus(): Promise<MarketStatusMap> {
    return (await http.get<MarketStatusMap>('/markets/status')).data;
  },
  async listJobs(): Promise<JobStatusDto[]> {
    return (await http.get<JobStatusDto[]>('/admin/jobs')).data;
  },
  /** When each market's data was published and fetched, and the provider's calls (admin). */
  async marketData(): Promise<MarketDataOpsDto> {
    return (await http.get<MarketDataOpsDto>('/admin/market-data')).data;
  },
  /** Start a job now; answers its status (running). 409 while it runs. */
  async runJob(name: string): Promise<JobStatusDto> {
    return (await http.post<JobStatusDto>(`/admin/jobs/${encodeURIComponent(name)}/run`)).data;
  },
};
