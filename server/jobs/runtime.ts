/**
 * The process's one job scheduler. `instrumentation.ts` starts its timers when the Node.js server
 * starts; the admin routes use the same instance (created on first use when the timers are off,
 * e.g. in tests), so "Run now" and the job list work either way.
 */
import { getDbHandle } from '@/server/db';

import { appClock } from './clock';
import { appJobs } from './definitions';
import { JobScheduler } from './scheduler';

const globalJobs = globalThis as unknown as { __trendvaktJobs?: Promise<JobScheduler> };

export function getJobScheduler(): Promise<JobScheduler> {
  if (!globalJobs.__trendvaktJobs) {
    globalJobs.__trendvaktJobs = getDbHandle().then(
      (handle) =>
        new JobScheduler({
          db: handle.db,
          kind: handle.kind,
          jobs: appJobs(handle),
          clock: appClock(),
          tickMs: Number(process.env.JOBS_TICK_MS) || undefined,
        }),
    );
    globalJobs.__trendvaktJobs.catch(() => {
      globalJobs.__trendvaktJobs = undefined;
    });
  }
  return globalJobs.__trendvaktJobs;
}

/** Replace the process scheduler (tests); undefined forgets it. */
export function setJobScheduler(scheduler: JobScheduler | undefined): void {
  globalJobs.__trendvaktJobs = scheduler ? Promise.resolve(scheduler) : undefined;
}

/**
 * Should this process run the timers? Not in jest, not during `next build`, and not when
 * JOBS_ENABLED=false (an instance that only serves requests).
 */
export function jobsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  if (env.JEST_WORKER_ID !== undefined) return false;
  if (env.NEXT_PHASE === 'phase-production-build') return false;
  return env.JOBS_ENABLED !== 'false';
}

/** Start the timers (and the start-up catch-up) once per process. */
export async function startJobs(): Promise<void> {
  const scheduler = await getJobScheduler();
  const flag = globalThis as unknown as { __trendvaktJobsStarted?: boolean };
  if (flag.__trendvaktJobsStarted) return;
  flag.__trendvaktJobsStarted = true;
  scheduler.start();
}
