/** Admin operations on the scheduled jobs (GET /api/v1/admin/jobs, POST …/{name}/run). */
import { getJobScheduler } from '@/server/jobs/runtime';
import type { JobStatus } from '@/server/jobs/scheduler';
import { DomainError } from '@/server/services/errors';

export async function listJobs(): Promise<JobStatus[]> {
  return (await getJobScheduler()).list();
}

/** Start `name` now: its status (running), 404 for an unknown job, 409 while it runs anywhere. */
export async function runJob(name: string): Promise<JobStatus> {
  const scheduler = await getJobScheduler();
  const outcome = await scheduler.runNow(name);
  if (outcome === 'unknown') throw new DomainError('not_found', 'JOB_NOT_FOUND', `There is no job ${name}`);
  if (outcome === 'busy') throw new DomainError('conflict', 'JOB_RUNNING', `${name} is already running`);
  const status = (await scheduler.list()).find((j) => j.name === name);
  return status!;
}
