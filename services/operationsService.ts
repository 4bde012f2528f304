/** Market freshness and the admin's job operations, through the one apiClient. */
import type {
  JobStatusDto,
  MarketDataOpsDto,
  MarketStatusMap,
  MarketUniverseDto,
  MarketUniverseRequest,
} from '@/lib/types/operations';
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
  /** Universe sync, index-membership refresh or Oslo segments (admin, issue 28). */
  async marketUniverse(body: MarketUniverseRequest): Promise<MarketUniverseDto> {
    return (await http.post<MarketUniverseDto>('/admin/market-universe', body)).data;
  },
  /** Start a job now; answers its status (running). 409 while it runs. */
  async runJob(name: string): Promise<JobStatusDto> {
    return (await http.post<JobStatusDto>(`/admin/jobs/${encodeURIComponent(name)}/run`)).data;
  },
};
