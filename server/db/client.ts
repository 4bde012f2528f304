import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { Pool } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The database both drivers give us; repositories only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (kind 'pglite'): backups dump its data directory. */
  pglite?: PGlite;
  /** The connection string (kind 'postgres'): backups run pg_dump against it. */
  url?: string;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'server', 'db', 'migrations');

export function dataDir(): string {
  return path.resolve(/*turbopackIgnore: true*/ process.env.DATA_DIR || './data');
}

/** Open a database: PostgreSQL through `pg` when a URL is given, else PGlite in `<DATA_DIR>/pglite`. */
export async function openDatabase(
  opts: {
    url?: string;
    pgliteDir?: string;
    /** An in-memory PGlite starts from this dump of a data directory (tests: a migrated template). */
    pgliteTemplate?: Blob;
  } = {},
): Promise<DbHandle> {
  const url = opts.url ?? process.env.DATABASE_URL;
  if (url) {
    const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX || 10) });
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    return { db, kind: 'postgres', url, close: () => pool.end() };
  }
  // PGlite: an empty dir means in-memory (tests); otherwise a directory on disk.
  const dir = opts.pgliteDir ?? path.join(dataDir(), 'pglite');
  let client: PGlite;
  if (dir === 'memory://') {
    client = new PGlite(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate } : undefined);
  } else {
    // DATA_DIR and the database in it are private to this user (issue 23 item 6); a directory the
    // caller chose (tests) keeps its parent's mode.
    if (opts.pgliteDir === undefined) {
      fs.mkdirSync(dataDir(), { recursive: true, mode: 0o700 });
      fs.chmodSync(dataDir(), 0o700);
    }
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    acquireLock(dir);
    client = new PGlite(dir);
  }
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    close: async () => {
      await client.close();
      if (dir !== 'memory://') releaseLock(dir);
    },
  };
}

/** Apply the committed drizzle migrations (idempotent). */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === 'postgres') {
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  } else {
    await migratePglite(handle.db as unknown as Parameters<typeof migratePglite>[0], {
      migrationsFolder: MIGRATIONS_FOLDER,
    });
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

// PGlite is one process's database: a lock file stops a second process (a CLI script while the
// app runs) from opening the same directory and corrupting it.
function lockPath(dir: string): string {
  return path.join(dir, '..', `${path.basename(dir)}.lock`);
}

function acquireLock(dir: string): void {
  const file = lockPath(dir);
  if (fs.existsSync(file)) {
    const pid = Number(fs.readFileSync(file, 'utf8').trim());
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop that process (for example npm start) first, or set DATABASE_URL to use PostgreSQL.`,
      );
    }
  }
  fs.writeFileSync(file, String(process.pid));
  process.once('exit', () => releaseLock(dir));
}

function releaseLock(dir: string): void {
  const file = lockPath(dir);
  try {
    if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
  } catch {
    // already gone
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
