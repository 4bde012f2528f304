import { create } from 'zustand';
import type { JobStatusDto, MarketDataOpsDto, MarketStatusMap } from '@/lib/types/operations';
import { operationsService } from '@/services/operationsService';
import { toApiError, type ApiError } from '@/services/apiError';
import {
  createRequestGuard,
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';
import { registerUserStoreReset } from './userStoreResets';

interface OperationsState {
  /** Freshness of each market's data ("Data as of …", the stale notice). */
  marketStatus: Resource<MarketStatusMap>;
  /** The admin's job list. */
  jobs: Resource<JobStatusDto[]>;
  /** The admin's market-data view: publication and fetch times, provider calls. */
  marketData: Resource<MarketDataOpsDto>;
  /** The job whose "Run now" request is on its way. */
  starting: string | null;
  /** Why the last "Run now" was refused (409 while it runs, 403, …). */
  runError: { name: string; error: ApiError } | null;
  fetchMarketStatus(): Promise<void>;
  fetchJobs(): Promise<void>;
  fetchMarketData(): Promise<void>;
  runJob(name: string): Promise<void>;
  reset(): void;
}

const statusGuard = createRequestGuard();
const jobsGuard = createRequestGuard();
const marketDataGuard = createRequestGuard();

export const useOperationsStore = create<OperationsState>()((set, get) => ({
  marketStatus: idleResource<MarketStatusMap>(),
  jobs: idleResource<JobStatusDto[]>(),
  marketData: idleResource<MarketDataOpsDto>(),
  starting: null,
  runError: null,

  async fetchMarketData() {
    const { ticket } = marketDataGuard.next();
    set((s) => ({ marketData: loadingResource(s.marketData) }));
    try {
      const data = await operationsService.marketData();
      if (marketDataGuard.isCurrent(ticket)) set({ marketData: successResource(data) });
    } catch (err) {
      if (marketDataGuard.isCurrent(ticket)) set((s) => ({ marketData: errorResource(s.marketData, err) }));
    }
  },

  async fetchMarketStatus() {
    const { ticket } = statusGuard.next();
    set((s) => ({ marketStatus: loadingResource(s.marketStatus) }));
    try {
      const data = await operationsService.marketStatus();
      if (statusGuard.isCurrent(ticket)) set({ marketStatus: successResource(data) });
    } catch (err) {
      if (statusGuard.isCurrent(ticket)) set((s) => ({ marketStatus: errorResource(s.marketStatus, err) }));
    }
  },

  async fetchJobs() {
    const { ticket } = jobsGuard.next();
    set((s) => ({ jobs: loadingResource(s.jobs) }));
    try {
      const data = await operationsService.listJobs();
      if (jobsGuard.isCurrent(ticket)) set({ jobs: successResource(data) });
    } catch (err) {
      if (jobsGuard.isCurrent(ticket)) set((s) => ({ jobs: errorResource(s.jobs, err) }));
    }
  },

  async runJob(name) {
    set({ starting: name, runError: null });
    try {
      const status = await operationsService.runJob(name);
      const current = get().jobs.data ?? [];
      set({
        jobs: successResource(current.map((j) => (j.name === name ? status : j))),
        starting: null,
      });
    } catch (err) {
      set({ starting: null, runError: { name, error: toApiError(err) } });
    }
  },

  reset() {
    statusGuard.cancel();
    jobsGuard.cancel();
    marketDataGuard.cancel();
    set({
      marketStatus: idleResource<MarketStatusMap>(),
      jobs: idleResource<JobStatusDto[]>(),
      marketData: idleResource<MarketDataOpsDto>(),
      starting: null,
      runError: null,
    });
  },
}));

registerUserStoreReset(() => useOperationsStore.getState().reset());
