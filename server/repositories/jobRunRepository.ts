/** Job runs (server/db/schema/jobs.ts): claiming a slot, progress, outcome, the latest run per job. */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { jobRuns, type JobRunRow } from '@/server/db/schema';

export type { JobRunRow };

/**
 * Claim `(name, slot)` for this instance: true when this call inserted the row (run it), false
 * when another instance (or an earlier call) already has it.
 */
export async function claimJobSlot(
  db: Db,
  run: { name: string; slot: string; instance: string; now: Date },
): Promise<number | null> {
  const rows = await db
    .insert(jobRuns)
    .values({
      name: run.name,
      slot: run.slot,
      instance: run.instance,
      startedAt: run.now,
      heartbeatAt: run.now,
    })
    .onConflictDoNothing({ target: [jobRuns.name, jobRuns.slot] })
    .returning({ id: jobRuns.id });
  return rows[0]?.id ?? null;
}

/**
 * Claim the retry `attempt` of a failed slot: true for exactly one caller, the one whose update
 * moved the row from the failed attempt before it.
 */
export async function claimJobRetry(
  db: Db,
  run: { id: number; attempt: number; instance: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(jobRuns)
    .set({
      attempt: run.attempt,
      instance: run.instance,
      startedAt: run.now,
      heartbeatAt: run.now,
      finishedAt: null,
      ok: null,
      progress: null,
    })
    .where(and(eq(jobRuns.id, run.id), eq(jobRuns.attempt, run.attempt - 1), eq(jobRuns.ok, false)))
    .returning({ id: jobRuns.id });
  return rows.length === 1;
}

export async function recordJobProgress(
  db: Db,
  id: number,
  progress: { phase: string; done: number; total: number } | null,
  now: Date,
): Promise<void> {
  await db.update(jobRuns).set({ progress, heartbeatAt: now }).where(eq(jobRuns.id, id));
}

export async function finishJobRun(
  db: Db,
  id: number,
  outcome: { ok: boolean; message: string; now: Date },
): Promise<void> {
  await db
    .update(jobRuns)
    .set({ ok: outcome.ok, message: outcome.message, finishedAt: outcome.now, heartbeatAt: outcome.now })
    .where(eq(jobRuns.id, id));
}

/** The newest run of each job in `names` (by start time). */
export async function latestJobRuns(db: Db, names: readonly string[]): Promise<Map<string, JobRunRow>> {
  const out = new Map<string, JobRunRow>();
  for (const name of names) {
    const [row] = await db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.name, name))
      .orderBy(desc(jobRuns.startedAt), desc(jobRuns.id))
      .limit(1);
    if (row) out.set(name, row);
  }
  return out;
}

/** Unfinished runs of `name` whose heartbeat is newer than `since` (running somewhere). */
export async function activeJobRuns(db: Db, name: string, since: Date): Promise<JobRunRow[]> {
  return db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.name, name), isNull(jobRuns.finishedAt), sql`${jobRuns.heartbeatAt} > ${since}`));
}

/** Every run of `name`, oldest first (tests, diagnostics). */
export async function listJobRuns(db: Db, name: string): Promise<JobRunRow[]> {
  return db.select().from(jobRuns).where(eq(jobRuns.name, name)).orderBy(jobRuns.id);
}
