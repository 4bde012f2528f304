// Databases for integration tests: in-memory PGlite always, and a throwaway PostgreSQL database
// when TEST_DATABASE_URL is set (.ci/run starts a cluster and sets it).
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, type DbHandle } from '@/server/db/client';

export type TestDbKind = 'pglite' | 'postgres';

/** The database kinds this run covers. */
export function testDbKinds(): TestDbKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** A hash of the committed migrations and PGlite's version: the templates are made again when either changes. */
function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(name).update(fs.readFileSync(file));
    }
  };
  walk(MIGRATIONS_FOLDER);
  // A PGlite of another version may not read this one's data directory.
  hash.update(
    fs.readFileSync(path.join(process.cwd(), 'node_modules', '@electric-sql', 'pglite', 'package.json')),
  );
  return hash.digest('hex').slice(0, 16);
}

let template: Promise<Blob> | undefined;

/**
 * The data directory of a freshly migrated PGlite, dumped once per set of migrations into the temp
 * folder and shared by every jest worker: a new PGlite runs initdb and the migrations (4–8 s of CPU
 * each time), while loading the dump takes about 2 s. Written to a temporary name and renamed, so a
 * worker never reads half a file another is writing.
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = path.join(os.tmpdir(), `trendvakt-pglite-template-${migrationsHash()}.tar`);
    if (!fs.existsSync(file)) {
      const handle = await openDatabase({ url: '', pgliteDir: 'memory://' });
      await migrateDatabase(handle);
      const dump = await (handle.pglite as PGlite).dumpDataDir('none');
      await handle.close();
      const partial = `${file}.${process.pid}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    }
    return new Blob([fs.readFileSync(file)]);
  })();
  return template;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A migrated PostgreSQL database to copy (`CREATE DATABASE … TEMPLATE`, about 0.35 s, against 1.5 s
 * for an empty database and the migrations), one per set of migrations, made once under an advisory
 * lock so that two jest workers do not both make it. Nobody connects to it after it is made: a
 * template with a session open cannot be copied.
 */
async function postgresTemplate(admin: Client, adminUrl: string): Promise<string> {
  const name = `trendvakt_template_${migrationsHash()}`;
  await admin.query('SELECT pg_advisory_lock(7202611)');
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_partial`;
      await admin.query(`DROP DATABASE IF EXISTS ${building}`);
      await admin.query(`CREATE DATABASE ${building}`);
      const handle = await openDatabase({ url: databaseUrl(adminUrl, building) });
      try {
        await migrateDatabase(handle);
      } finally {
        await handle.close();
      }
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(7202611)');
  }
  return name;
}

/** A fresh, migrated database of the given kind; `close()` also drops a PostgreSQL one. */
export async function openTestDatabase(kind: TestDbKind): Promise<DbHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({
      url: '',
      pgliteDir: 'memory://',
      pgliteTemplate: await pgliteTemplate(),
    });
    // Nothing to apply (the template is migrated); drizzle checks its journal, as at start-up.
    await migrateDatabase(handle);
    return handle;
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `trendvakt_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await postgresTemplate(admin, adminUrl)}`);
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ url: databaseUrl(adminUrl, name) });
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
