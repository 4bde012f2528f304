import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, type Db, type DbHandle } from './client';

// One database per server process. Kept on globalThis so that Next's per-route bundles and
// hot reloads share the one PGlite instance (PGlite allows a single connection).
const globalForDb = globalThis as unknown as { __trendvaktDb?: Promise<DbHandle> };

/** The process-wide database, opened and migrated on first use. */
export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/**
 * PGlite belongs to this one process (its directory is locked), so an import mark found on opening
 * was left by a crash: its unpublished rows and the mark go (importStagingRepository.ts; with
 * PostgreSQL other instances may be importing, so the next import removes only stale marks).
 */
async function discardInterruptedImports(db: Db): Promise<void> {
  await db.execute(sql`
    delete from portfolio_transactions t using import_staging s where t.staged_import = s.import_id`);
  await db.execute(sql`delete from import_staging`);
}

export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__trendvaktDb) {
    globalForDb.__trendvaktDb = (async () => {
      const handle = await openDatabase();
      await migrateDatabase(handle);
      if (handle.kind === 'pglite') await discardInterruptedImports(handle.db);
      return handle;
    })();
    globalForDb.__trendvaktDb.catch(() => {
      globalForDb.__trendvaktDb = undefined;
    });
  }
  return globalForDb.__trendvaktDb;
}

/** Use a given handle as the process database (tests, scripts). */
export function setDbHandle(handle: DbHandle | undefined): void {
  globalForDb.__trendvaktDb = handle ? Promise.resolve(handle) : undefined;
}

export type { Db, DbHandle };
export * as schema from './schema';
