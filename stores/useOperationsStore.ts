import { create } from 'zustand';
import type { JobStatusDto, MarketStatusMap } from '@/lib/types/operations';
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
import { registerUserStoreReset } from './useAuthStore';

interface OperationsState {
  /** Freshness of each market's data ("Data as of …", the stale notice). */
  marketStatus: Resource<MarketStatusMap>;
  /** The admin's job list. */
  jobs: Resource<JobStatusDto[]>;
  /** The job whose "Run now" request is on its way. */
  starting: string | null;
  /** Why the last "Run now" was refused (409 while it runs, 403, …). */
  runError: { name: string; error: ApiError } | null;
  fetchMarketStatus(): Promise<void>;
  fetchJobs(): Promise<void>;
  runJob(name: string): Promise<void>;
  reset(): void;
}

const statusGuard = createRequestGuard();
const jobsGuard = createRequestGuard();

export const useOperationsStore = create<OperationsState>()((set, get) => ({
  marketStatus: idleResource<MarketStatusMap>(),
  jobs: idleResource<JobStatusDto[]>(),
  starting: null,
  runError: null,

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
    set({
      marketStatus: idleResource<MarketStatusMap>(),
      jobs: idleResource<JobStatusDto[]>(),
      starting: null,
      runError: null,
    });
  },
}));

registerUserStoreReset(() => useOperationsStore.getState().reset());
