/**
 * Restore of a backup made by server/services/operations/backupService.ts (`npm run db:restore -- FILE`, with the app
 * stopped): the files are checked against the manifest's SHA-256 first, and a database that holds
 * data is only overwritten with `force`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Client } from 'pg';
import { dataDir } from '@/server/db/client';
import { userRateLimitKeys } from '@/server/db/schema';
import { redactCredentials } from '@/server/secretFiles';

import {
  isPlainName,
  MANIFEST_SUFFIX,
  sha256File,
  stamp,
  type BackupManifest,
} from '@/server/services/operations';

const run = promisify(execFile);

/** The manifest of a backup given by its database file, its manifest file or its name. */
export function readBackupManifest(fileOrName: string): { dir: string; manifest: BackupManifest } {
  const dir = path.dirname(path.resolve(fileOrName));
  const base = path.basename(fileOrName);
  const name = base.replace(/(\.manifest\.json|\.pglite\.tar\.gz|\.pgdump|\.accounts\.json)$/, '');
  const file = path.join(dir, `${name}${MANIFEST_SUFFIX}`);
  if (!fs.existsSync(file)) throw new Error(`no manifest ${file} beside the backup`);
  return { dir, manifest: JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest };
}

/** Throw unless every file of the backup has the size and SHA-256 its manifest records. */
export async function verifyBackup(dir: string, manifest: BackupManifest): Promise<void> {
  for (const entry of [manifest.database, manifest.accounts]) {
    if (!entry) continue;
    // A manifest names files beside it, never a path elsewhere.
    if (!isPlainName(entry.file))
      throw new Error(`the manifest names "${entry.file}", which is not a file name in ${dir}`);
    const full = path.join(dir, entry.file);
    if (!fs.existsSync(full)) throw new Error(`${entry.file} is missing`);
    const size = fs.statSync(full).size;
    const sha = await sha256File(full);
    if (size !== entry.size || sha !== entry.sha256) {
      throw new Error(
        `${entry.file} does not match its manifest (checksum ${sha}, expected ${entry.sha256})`,
      );
    }
  }
}

/** Rows in the app's tables of a database (0 = empty or not migrated yet). */
async function countAppRows(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<number> {
  const tables = await query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  let total = 0;
  for (const { table_name } of tables.rows) {
    const res = await query(`select count(*)::int as n from "${String(table_name)}"`);
    total += Number(res.rows[0]?.n ?? 0);
  }
  return total;
}

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** A deleted account as deleted_accounts holds it. */
interface DeletedAccount {
  uid: string;
  deleted_at: string;
}

/** The deleted-account list of the database about to be replaced (none before its migration). */
async function readDeletedAccounts(query: Query): Promise<DeletedAccount[]> {
  const table = await query(`select to_regclass('public.deleted_accounts')::text as t`);
  if (!table.rows[0]?.t) return [];
  const rows = await query(`select uid, deleted_at::text as deleted_at from deleted_accounts`);
  return rows.rows.map((r) => ({ uid: String(r.uid), deleted_at: String(r.deleted_at) }));
}

/**
 * Delete again, in the restored database, every account deleted before the restore (issue 40: a
 * backup is kept up to BACKUP_MAX_AGE_DAYS, and a deleted user must stay deleted): their users rows
 * (the rest cascades), their rate-limit counters, and the list itself is carried over.
 */
async function replayDeletions(query: Query, deleted: DeletedAccount[]): Promise<number> {
  if (deleted.length === 0) return 0;
  const uids = deleted.map((d) => d.uid);
  const gone = await query(`delete from users where uid = any($1::text[]) returning uid`, [uids]);
  await query(`delete from rate_limits where key = any($1::text[])`, [
    uids.flatMap((uid) => [...userRateLimitKeys(uid), `u:${uid}`]),
  ]);
  const table = await query(`select to_regclass('public.deleted_accounts')::text as t`);
  if (table.rows[0]?.t) {
    await query(
      `insert into deleted_accounts (uid, deleted_at)
       select * from unnest($1::text[], $2::timestamptz[]) on conflict do nothing`,
      [uids, deleted.map((d) => d.deleted_at)],
    );
  }
  return gone.rows.length;
}

/**
 * pg_restore with the password in PGPASSWORD, not on its command line (where `ps` shows it to
 * every user of the machine), and its error text redacted (issue 40).
 */
async function pgRestore(url: string, file: string): Promise<void> {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  try {
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${parsed.toString()}`, file],
      { maxBuffer: 16 * 1024 * 1024, env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } },
    );
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    throw new Error(`pg_restore failed: ${redactCredentials(text.split(password || '\u0000').join('***'))}`);
  }
}

export interface RestoreTarget {
  /** PostgreSQL connection string; otherwise PGlite in `pgliteDir`. */
  url?: string;
  pgliteDir?: string;
  /** Where the Auth emulator keeps its accounts (DATA_DIR/auth-emulator); null to leave them. */
  emulatorDir?: string | null;
}

export interface RestoreResult {
  kind: 'pglite' | 'postgres';
  /** The previous PGlite directory, moved aside (with --force), if there was one. */
  movedAside: string | null;
  accountsRestored: boolean;
  /** Accounts deleted before the restore that the backup still held, deleted again. */
  deletionsReplayed: number;
}

/**
 * Restore a verified backup into an empty target database; with `force`, into a non-empty one
 * (PostgreSQL: its objects are dropped and recreated; PGlite: the old directory is moved aside).
 */
export async function restoreBackup(
  dir: string,
  manifest: BackupManifest,
  target: RestoreTarget,
  opts: { force?: boolean; now?: Date } = {},
): Promise<RestoreResult> {
  await verifyBackup(dir, manifest);
  const dbPath = path.join(dir, manifest.database.file);
  let movedAside: string | null = null;
  let deleted: DeletedAccount[] = [];
  let deletionsReplayed = 0;

  if (manifest.kind === 'postgres') {
    if (!target.url)
      throw new Error('this is a PostgreSQL backup: set DATABASE_URL to the database to restore into');
    const client = new Client({ connectionString: target.url });
    await client.connect();
    try {
      const rows = await countAppRows((text) => client.query(text));
      if (rows > 0 && !opts.force) {
        throw new Error(`the database is not empty (${rows} rows): pass --force to overwrite it`);
      }
      deleted = await readDeletedAccounts((text, params) => client.query(text, params));
      // A clean slate (an empty but migrated database has the tables already): the dump
      // recreates every object, the migration bookkeeping included.
      await client.query(
        'drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
      );
    } finally {
      await client.end();
    }
    await pgRestore(target.url, dbPath);
    const restored = new Client({ connectionString: target.url });
    await restored.connect();
    try {
      deletionsReplayed = await replayDeletions((text, params) => restored.query(text, params), deleted);
    } finally {
      await restored.end();
    }
  } else {
    if (target.url) throw new Error('this is a PGlite backup: unset DATABASE_URL to restore into DATA_DIR');
    const pgDir = target.pgliteDir ?? path.join(dataDir(), 'pglite');
    const lock = path.join(pgDir, '..', `${path.basename(pgDir)}.lock`);
    if (fs.existsSync(lock)) {
      const pid = Number(fs.readFileSync(lock, 'utf8').trim());
      let alive = false;
      try {
        process.kill(pid, 0);
        alive = true;
      } catch (err) {
        alive = (err as NodeJS.ErrnoException).code === 'EPERM';
      }
      if (pid && alive)
        throw new Error(`the database in ${pgDir} is in use by process ${pid}: stop the app first`);
    }
    if (fs.existsSync(pgDir) && fs.readdirSync(pgDir).length > 0) {
      const existing = new PGlite(pgDir);
      let rows: number;
      try {
        rows = await countAppRows((text) => existing.query<Record<string, unknown>>(text));
        deleted = await readDeletedAccounts((text, params) =>
          existing.query<Record<string, unknown>>(text, params),
        );
      } finally {
        await existing.close();
      }
      if (rows > 0 && !opts.force) {
        throw new Error(`the database in ${pgDir} is not empty (${rows} rows): pass --force to overwrite it`);
      }
      movedAside = `${pgDir}.before-restore-${stamp(opts.now ?? new Date())}`;
      fs.renameSync(pgDir, movedAside);
    }
    fs.mkdirSync(pgDir, { recursive: true });
    const blob = new Blob([fs.readFileSync(dbPath)], { type: 'application/x-gzip' });
    const restored = new PGlite(pgDir, { loadDataDir: blob });
    await restored.waitReady;
    await restored.query('select 1');
    try {
      deletionsReplayed = await replayDeletions(
        (text, params) => restored.query<Record<string, unknown>>(text, params),
        deleted,
      );
    } finally {
      await restored.close();
    }
  }

  let accountsRestored = false;
  if (manifest.accounts && target.emulatorDir) {
    const data = JSON.parse(fs.readFileSync(path.join(dir, manifest.accounts.file), 'utf8')) as {
      accounts: { users?: { localId?: string }[] } | unknown;
      config: unknown;
    };
    // A deleted account stays deleted at the identity provider too.
    const gone = new Set(deleted.map((d) => d.uid));
    const accounts = data.accounts as { users?: { localId?: string }[] };
    if (gone.size > 0 && accounts && Array.isArray(accounts.users))
      accounts.users = accounts.users.filter((u) => !gone.has(String(u.localId)));
    await writeEmulatorImport(target.emulatorDir, data);
    accountsRestored = true;
  }
  return { kind: manifest.kind, movedAside, accountsRestored, deletionsReplayed };
}

/** Lay the accounts out as the emulator's own export, which `npm start` imports (--import). */
async function writeEmulatorImport(
  emulatorDir: string,
  data: { accounts: unknown; config: unknown },
): Promise<void> {
  const version = (
    JSON.parse(
      fs.readFileSync(path.join(process.cwd(), 'node_modules', 'firebase-tools', 'package.json'), 'utf8'),
    ) as { version: string }
  ).version;
  fs.mkdirSync(path.join(emulatorDir, 'auth_export'), { recursive: true });
  fs.writeFileSync(path.join(emulatorDir, 'auth_export', 'accounts.json'), JSON.stringify(data.accounts));
  fs.writeFileSync(path.join(emulatorDir, 'auth_export', 'config.json'), JSON.stringify(data.config));
  fs.writeFileSync(
    path.join(emulatorDir, 'firebase-export-metadata.json'),
    JSON.stringify({ version, auth: { version, path: 'auth_export' } }),
  );
}
