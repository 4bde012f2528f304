// Databases for integration tests: in-memory PGlite always, and a throwaway PostgreSQL database
// when TEST_DATABASE_URL is set (.ci/run starts a cluster and sets it).
import crypto from 'node:crypto';
import { Client } from 'pg';
import { migrateDatabase, openDatabase, type DbHandle } from '@/server/db/client';

export type TestDbKind = 'pglite' | 'postgres';

/** The database kinds this run covers. */
export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A fresh, migrated database of the given kind; `close()` also drops a PostgreSQL one. */
export async function openTestDatabase(kind: TestDbKind): Promise<DbHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ url: '', pgliteDir: 'memory://' });
    await migrateDatabase(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `trendvakt_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
      await dropper.end();
    },
  };
}
