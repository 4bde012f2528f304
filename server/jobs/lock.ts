/**
 * One runner per job across instances. On PostgreSQL a transaction-scoped advisory lock keyed on
 * the job name is held for the whole run (on its own pooled connection, so the job's queries use
 * the others); it is released when the run ends or the connection dies with its instance. PGlite
 * is one process's database, so there the process-local lock below is the whole story. Both kinds
 * also take the process-local lock, so a second run in the same process never even asks.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '@/server/db';

const globalLocks = globalThis as unknown as { __trendvaktJobLocks?: Set<string> };

function localLocks(): Set<string> {
  globalLocks.__trendvaktJobLocks ??= new Set();
  return globalLocks.__trendvaktJobLocks;
}

/** Is `name` running in this process? */
export function isLockedHere(name: string): boolean {
  return localLocks().has(name);
}

/**
 * Run `fn` while holding the lock of `name`; returns `{ acquired: false }` at once when another
 * runner (this process or, on PostgreSQL, any instance) holds it.
 */
export async function withJobLock<T>(
  db: Db,
  kind: 'pglite' | 'postgres',
  name: string,
  fn: () => Promise<T>,
): Promise<{ acquired: true; value: T } | { acquired: false }> {
  const locks = localLocks();
  if (locks.has(name)) return { acquired: false };
  locks.add(name);
  try {
    if (kind === 'pglite') return { acquired: true, value: await fn() };
    let result: { acquired: true; value: T } | { acquired: false } = { acquired: false };
    await db.transaction(async (tx) => {
      const res = await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${`trendvakt-job:${name}`})) as locked`,
      );
      const row = (res as unknown as { rows: { locked: boolean }[] }).rows[0];
      if (!row?.locked) return;
      result = { acquired: true, value: await fn() };
    });
    return result;
  } finally {
    locks.delete(name);
  }
}
