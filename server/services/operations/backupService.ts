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
 * The restore is in scripts/lib/backupRestore.ts (CLI only, never part of the server bundle).
 */
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import { ensurePrivateDir, redactCredentials, writePrivateFile } from '../../secretFiles';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { dataDir, type DbHandle } from '@/server/db/client';

const run = promisify(execFile);

/** How many backups are kept (older ones are deleted after a new one is written). */
export const BACKUPS_KEPT = 7;
/** Backups older than this many days are deleted too (the newest one never). */
export const BACKUP_MAX_AGE_DAYS = 30;
const PREFIX = 'trendvakt-';
export const MANIFEST_SUFFIX = '.manifest.json';

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
    fs.createReadStream(/*turbopackIgnore: true*/ file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

async function describe(dir: string, file: string): Promise<BackupFile> {
  const full = path.join(dir, file);
  return { file, size: fs.statSync(/*turbopackIgnore: true*/ full).size, sha256: await sha256File(full) };
}

/** `2026-11-24T031500Z`: sortable, the date first, no characters a file system dislikes. */
export function stamp(now: Date): string {
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
  opts: {
    dir?: string;
    now?: Date;
    env?: Record<string, string | undefined>;
    keep?: number;
    maxAgeDays?: number;
  } = {},
): Promise<BackupManifest> {
  const dir = opts.dir ?? backupsDir();
  const now = opts.now ?? new Date();
  const env = opts.env ?? process.env;
  // Backups hold the whole database (and demo passwords): 0700 folder, 0600 files.
  ensurePrivateDir(dir);
  const name = `${PREFIX}${stamp(now)}`;

  let dbFile: string;
  if (handle.kind === 'pglite') {
    if (!handle.pglite) throw new Error('this PGlite handle cannot be dumped');
    dbFile = `${name}.pglite.tar.gz`;
    const dump = await handle.pglite.dumpDataDir('gzip');
    const tmp = path.join(dir, `${dbFile}.partial`);
    fs.writeFileSync(/*turbopackIgnore: true*/ tmp, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
    publish(tmp);
  } else {
    if (!handle.url) throw new Error('this PostgreSQL handle has no connection string');
    dbFile = `${name}.pgdump`;
    const tmp = path.join(dir, `${dbFile}.partial`);
    // The password goes through the environment (PGPASSWORD), never the command line (`ps`).
    const { url: dbname, password } = withoutPassword(handle.url);
    try {
      await run(
        'pg_dump',
        ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, `--dbname=${dbname}`],
        {
          maxBuffer: 16 * 1024 * 1024,
          env: { ...process.env, ...(password === undefined ? {} : { PGPASSWORD: password }) },
        },
      );
    } catch (err) {
      // execFile's message repeats the command line: keep the database URL out of job_runs and logs.
      // pg_dump's reason is on stderr: put it first, on the one line describeError keeps.
      const stderr =
        String((err as { stderr?: unknown }).stderr ?? '')
          .trim()
          .split('\n')[0] ?? '';
      const text = err instanceof Error ? err.message : String(err);
      throw new Error(
        redactCredentials(stderr ? `pg_dump failed: ${stderr} (${text.split('\n')[0]})` : text),
      );
    }
    fs.chmodSync(/*turbopackIgnore: true*/ tmp, 0o600);
    publish(tmp);
  }

  let accounts: BackupFile | null = null;
  const host = emulatorHost(env);
  if (host) {
    const accountsFile = `${name}.accounts.json`;
    const data = await fetchEmulatorAccounts(host, emulatorProject(env));
    writePrivateFile(path.join(dir, accountsFile), JSON.stringify(data));
    accounts = await describe(dir, accountsFile);
  }

  const manifest: BackupManifest = {
    name,
    created_at: now.toISOString(),
    kind: handle.kind,
    database: await describe(dir, dbFile),
    accounts,
  };
  writePrivateFile(path.join(dir, `${name}${MANIFEST_SUFFIX}`), JSON.stringify(manifest, null, 2));
  pruneBackups(dir, opts.keep ?? BACKUPS_KEPT, now, opts.maxAgeDays ?? backupMaxAgeDays(env));
  return manifest;
}

/** Give a finished `<file>.partial` its final name (a half-written backup never has it). */
function publish(partial: string): void {
  fs.renameSync(
    /*turbopackIgnore: true*/ partial,
    /*turbopackIgnore: true*/ partial.replace(/\.partial$/, ''),
  );
}

/** The manifests in `dir`, newest first. */
export function listBackups(dir: string = backupsDir()): BackupManifest[] {
  if (!fs.existsSync(/*turbopackIgnore: true*/ dir)) return [];
  const files = fs.readdirSync(/*turbopackIgnore: true*/ dir);
  return files
    .filter((f) => f.startsWith(PREFIX) && f.endsWith(MANIFEST_SUFFIX))
    .sort()
    .reverse()
    .map(
      (f) =>
        JSON.parse(fs.readFileSync(/*turbopackIgnore: true*/ path.join(dir, f), 'utf8')) as BackupManifest,
    );
}

/**
 * Delete all but the newest `keep` backups, and any older than `maxAgeDays` (the newest one is
 * always kept). A file name in a manifest must be a plain name in `dir` (path.basename): a
 * manifest naming "../x" deletes nothing outside the backups.
 */
function pruneBackups(dir: string, keep: number, now: Date, maxAgeDays: number): void {
  const oldest = now.getTime() - maxAgeDays * 86_400_000;
  listBackups(dir).forEach((backup, index) => {
    const created = Date.parse(backup.created_at);
    if (index < keep && !(index > 0 && Number.isFinite(created) && created < oldest)) return;
    for (const file of [backup.database.file, backup.accounts?.file, `${backup.name}${MANIFEST_SUFFIX}`]) {
      if (file && isPlainName(file))
        fs.rmSync(/*turbopackIgnore: true*/ path.join(dir, file), { force: true });
    }
  });
}

/** True for a file name with no directory part (what a manifest may name). */
export function isPlainName(file: string): boolean {
  return (
    typeof file === 'string' && file !== '' && file !== '.' && file !== '..' && path.basename(file) === file
  );
}

/** Days a backup is kept at most (BACKUP_MAX_AGE_DAYS, default 30), besides the newest BACKUPS_KEPT. */
export function backupMaxAgeDays(env: Record<string, string | undefined>): number {
  const days = Number(env.BACKUP_MAX_AGE_DAYS);
  return Number.isFinite(days) && days > 0 ? days : BACKUP_MAX_AGE_DAYS;
}

/** `url` without its password, and the password (URL-decoded) when it had one. */
export function withoutPassword(url: string): { url: string; password?: string } {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return { url };
    const password = decodeURIComponent(parsed.password);
    parsed.password = '';
    return { url: parsed.toString(), password };
  } catch {
    return { url };
  }
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
