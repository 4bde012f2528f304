import { migrateDatabase, openDatabase, type Db, type DbHandle } from './client';

// One database per server process. Kept on globalThis so that Next's per-route bundles and
// hot reloads share the one PGlite instance (PGlite allows a single connection).
const globalForDb = globalThis as unknown as { __trendvaktDb?: Promise<DbHandle> };

/** The process-wide database, opened and migrated on first use. */
export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

export function getDbHandle(): Promise<DbHandle> {
  if (!globalForDb.__trendvaktDb) {
    globalForDb.__trendvaktDb = (async () => {
      const handle = await openDatabase();
      await migrateDatabase(handle);
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
