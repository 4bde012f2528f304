/**
 * Backups of the whole database (the nightly `backup` job, `POST /api/v1/admin/jobs/backup/run`)
 * and their restore (`npm run db:restore -- FILE`, with the app stopped).
 *
 * - PGlite: PGlite's own consistent dump of its data directory (`dumpDataDir`, a gzipped tar),
 *   restored by opening a new data directory from it (`loadDataDir`).
 * - PostgreSQL: `pg_dump --format=custom`, restored with `pg_restore`.
 * - Demo mode (Auth emulator): the emulator's accounts and project config as well (the same two
 *   documents the emulator exports on exit), restored into DATA_DIR/auth-emulator, which `npm start`
 *   imports.
 *
 * Files go to DATA_DIR/backups named `trendvakt-<UTC date and time>.*`; each backup has a
 * `<name>.manifest.json` beside it (kind, files, sizes, SHA-256), and the 7 newest are kept.
 */
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { dataDir, type DbHandle } from '@/server/db/client';

const run = promisify(execFile);

/** How many backups are kept (older ones are deleted after a new one is written). */
export const BACKUPS_KEPT = 7;
const PREFIX = 'trendvakt-';
const MANIFEST_SUFFIX = '.manifest.json';

export interface BackupFile {
  file: string;
  size: number;
  sha256: string;
}

export interface BackupManifest {
  name: string;
  created_at: string;
  kind: 'pglite' | 'postgres';
  database: BackupFile;
  /** The Auth emulator's accounts (demo mode only). */
  accounts: BackupFile | null;
}

export function backupsDir(): string {
  return path.join(dataDir(), 'backups');
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function describe(dir: string, file: string): Promise<BackupFile> {
  const full = path.join(dir, file);
  return { file, size: fs.statSync(full).size, sha256: await sha256File(full) };
}

/** `2026-11-24T031500Z`: sortable, the date first, no characters a file system dislikes. */
function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** Where the Auth emulator answers when the app runs on it (demo mode), else undefined. */
function emulatorHost(env: Record<string, string | undefined>): string | undefined {
  return env.FIREBASE_AUTH_EMULATOR_HOST || undefined;
}

function emulatorProject(env: Record<string, string | undefined>): string {
  return env.FIREBASE_PROJECT_ID || env.NEXT_PUBLIC_FIREBASE_PROJECT_ID || 'demo-trendvakt';
}

async function fetchEmulatorAccounts(host: string, projectId: string): Promise<unknown> {
  const get = async (p: string) => {
    const res = await fetch(`http://${host}${p}`, {
      headers: { Authorization: 'Bearer owner' },
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) throw new Error(`the Auth emulator answered ${res.status} for ${p}`);
    return res.json() as Promise<unknown>;
  };
  const accounts = await get(
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
  );
  const config = await get(`/emulator/v1/projects/${projectId}/config`);
  return { projectId, accounts, config };
}

/**
 * Write a backup of `handle`'s database (and, in demo mode, the emulator's accounts) to `dir`,
 * then delete all but the newest BACKUPS_KEPT. Returns its manifest.
 */
export async function createBackup(
  handle: DbHandle,
  opts: { dir?: string; now?: Date; env?: Record<string, string | undefined>; keep?: number } = {},
): Promise<BackupManifest> {
  const dir = opts.dir ?? backupsDir();
  const now = opts.now ?? new Date();
  const env = opts.env ?? process.env;
  fs.mkdirSync(dir, { recursive: true });
  const name = `${PREFIX}${stamp(now)}`;

  let dbFile: string;
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('this PGlite handle cannot be dumped');
    dbFile = `${name}.pglite.tar.gz`;
    const dump = await handle.pglite.dumpDataDir('gzip');
    const tmp = path.join(dir, `${dbFile}.partial`);
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, path.join(dir, dbFile));
  } else {
    if (!handle.url) throw new Error('this PostgreSQL handle has no connection string');
    dbFile = `${name}.pgdump`;
    const tmp = path.join(dir, `${dbFile}.partial`);
    await run(
      'pg_dump',
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, `--dbname=${handle.url}`],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    fs.renameSync(tmp, path.join(dir, dbFile));
  }

  let accounts: BackupFile | null = null;
  const host = emulatorHost(env);
  if (host) {
    const accountsFile = `${name}.accounts.json`;
    const data = await fetchEmulatorAccounts(host, emulatorProject(env));
    fs.writeFileSync(path.join(dir, accountsFile), JSON.stringify(data));
    accounts = await describe(dir, accountsFile);
  }

  const manifest: BackupManifest = {
    name,
    created_at: now.toISOString(),
    kind: handle.kind,
    database: await describe(dir, dbFile),
    accounts,
  };
  fs.writeFileSync(path.join(dir, `${name}${MANIFEST_SUFFIX}`), JSON.stringify(manifest, null, 2));
  pruneBackups(dir, opts.keep ?? BACKUPS_KEPT);
  return manifest;
}

/** The manifests in `dir`, newest first. */
export function listBackups(dir: string = backupsDir()): BackupManifest[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith(PREFIX) && f.endsWith(MANIFEST_SUFFIX))
    .sort()
    .reverse()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as BackupManifest);
}

function pruneBackups(dir: string, keep: number): void {
  for (const old of listBackups(dir).slice(keep)) {
    for (const file of [old.database.file, old.accounts?.file, `${old.name}${MANIFEST_SUFFIX}`]) {
      if (file) fs.rmSync(path.join(dir, file), { force: true });
    }
  }
}

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
      // A clean slate (an empty but migrated database has the tables already): the dump
      // recreates every object, the migration bookkeeping included.
      await client.query(
        'drop schema if exists drizzle cascade; drop schema public cascade; create schema public',
      );
    } finally {
      await client.end();
    }
    await run(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, dbPath],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
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
    await restored.close();
  }

  let accountsRestored = false;
  if (manifest.accounts && target.emulatorDir) {
    const data = JSON.parse(fs.readFileSync(path.join(dir, manifest.accounts.file), 'utf8')) as {
      accounts: unknown;
      config: unknown;
    };
    await writeEmulatorImport(target.emulatorDir, data);
    accountsRestored = true;
  }
  return { kind: manifest.kind, movedAside, accountsRestored };
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

/** Row counts of every table (backup checks, tests). */
export async function tableRowCounts(handle: DbHandle): Promise<Record<string, number>> {
  const res = (await handle.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, number> = {};
  for (const { table_name } of res.rows) {
    const count = (await handle.db.execute(
      sql.raw(`select count(*)::int as n from "${table_name}"`),
    )) as unknown as {
      rows: { n: number }[];
    };
    out[table_name] = Number(count.rows[0].n);
  }
  return out;
}
