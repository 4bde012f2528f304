import { migrateDatabase, openDatabase, type DbHandle } from '@/server/db/client';

/** Open the configured database (PGlite in DATA_DIR or DATABASE_URL) and apply migrations. */
export async function openMigratedDatabase(): Promise<DbHandle> {
  const handle = await openDatabase();
  await migrateDatabase(handle);
  return handle;
}

/** Run `fn` with a migrated database and close it afterwards, whatever happens. */
export async function withDatabase<T>(fn: (handle: DbHandle) => Promise<T>): Promise<T> {
  const handle = await openMigratedDatabase();
  try {
    return await fn(handle);
  } finally {
    await handle.close();
  }
}
