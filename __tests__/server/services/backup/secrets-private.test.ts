/** @jest-environment node */
// Secrets out of sight (issue 23 item 6): file modes after a backup (folder 0700, files 0600),
// backups also kept by age, manifest names confined to the backups folder, secrets from disk at
// least 32 bytes and written atomically with 0600, connection strings redacted, and pg_dump's
// password taken out of its command line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createBackup,
  isPlainName,
  listBackups,
  withoutPassword,
} from '@/server/services/operations/backupService';
import { readOrCreateSecret, redactCredentials } from '@/server/secretFiles';
import { openTestDatabase } from '../../../helpers/db';
import type { DbHandle } from '@/server/db';

jest.setTimeout(120_000);

const mode = (file: string) => fs.statSync(file).mode & 0o777;

describe('backups are private and kept by count and age', () => {
  let handle: DbHandle;
  let root: string;
  beforeAll(async () => {
    handle = await openTestDatabase('pglite');
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-secrets-'));
  });
  afterAll(async () => {
    await handle.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the folder is 0700 and every file 0600 after a backup, whatever the umask', async () => {
    const dir = path.join(root, 'backups');
    fs.mkdirSync(dir, { mode: 0o755 });
    const previous = process.umask(0o022);
    try {
      await createBackup(handle, { dir, env: {} });
    } finally {
      process.umask(previous);
    }
    expect(mode(dir).toString(8)).toBe('700');
    const files = fs.readdirSync(dir);
    expect(files.length).toBe(2); // the dump and its manifest (no emulator in env)
    for (const f of files) expect([f, mode(path.join(dir, f)).toString(8)]).toEqual([f, '600']);
  });

  it('deletes backups older than the age limit but never the newest', async () => {
    const dir = path.join(root, 'aged');
    const day = (d: number) => new Date(Date.UTC(2026, 0, d, 3, 0));
    // Written on days 1, 2, 20 and 40 with a 30-day limit and room for 7 by count: on day 40 the
    // ones from days 1 and 2 are over 30 days old (39 and 38 days) and go; day 20 (20 days) stays.
    for (const d of [1, 2, 20, 40]) await createBackup(handle, { dir, now: day(d), env: {}, maxAgeDays: 30 });
    expect(listBackups(dir).map((b) => b.created_at.slice(0, 10))).toEqual(['2026-02-09', '2026-01-20']);
    // Only one, far older than the limit: still kept, it is the newest.
    const lone = path.join(root, 'lone');
    await createBackup(handle, { dir: lone, now: day(1), env: {}, maxAgeDays: 1 });
    expect(listBackups(lone)).toHaveLength(1);
  });

  it('a manifest naming a path outside the folder deletes nothing there', async () => {
    const dir = path.join(root, 'evil');
    fs.mkdirSync(dir);
    const victim = path.join(root, 'victim.txt');
    fs.writeFileSync(victim, 'keep me');
    fs.writeFileSync(
      path.join(dir, 'trendvakt-2000-01-01T000000Z.manifest.json'),
      JSON.stringify({
        name: 'trendvakt-2000-01-01T000000Z',
        created_at: '2000-01-01T00:00:00.000Z',
        kind: 'pglite',
        database: { file: '../victim.txt', size: 7, sha256: 'x' },
        accounts: null,
      }),
    );
    await createBackup(handle, { dir, now: new Date(Date.UTC(2026, 0, 1)), env: {}, keep: 1 });
    expect(fs.readFileSync(victim, 'utf8')).toBe('keep me');
    expect(isPlainName('../victim.txt')).toBe(false);
    expect(isPlainName('trendvakt-x.pgdump')).toBe(true);
  });
});

describe('secrets on disk', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is made once with mode 0600 and read back the same', () => {
    const file = path.join(dir, 'sub', 'secret');
    const made = readOrCreateSecret(file, () => 'a'.repeat(40));
    expect(made).toBe('a'.repeat(40));
    expect(mode(file).toString(8)).toBe('600');
    expect(mode(path.dirname(file)).toString(8)).toBe('700');
    expect(readOrCreateSecret(file, () => 'b'.repeat(40))).toBe('a'.repeat(40));
    // No temporary file is left beside it.
    expect(fs.readdirSync(path.dirname(file))).toEqual(['secret']);
  });

  it('refuses a secret shorter than 32 bytes, naming the file', () => {
    const file = path.join(dir, 'short');
    fs.writeFileSync(file, 'x'.repeat(31));
    expect(() => readOrCreateSecret(file, () => 'y'.repeat(40))).toThrow(/shorter than 32 bytes/);
    expect(() => readOrCreateSecret(file, () => 'y'.repeat(40))).toThrow(file);
  });
});

describe('credentials never reach messages, logs or the command line', () => {
  it.each([
    ['pg_dump: error: connection to postgres://app:s3cret@db:5432/x failed', 'postgres://app:***@db:5432/x'],
    ['Command failed: pg_dump --dbname=postgresql://u:p%40ss@h/db', 'postgresql://u:***@h/db'],
    ['host=db user=app password=hunter2 dbname=x', 'password=***'],
  ])('%s', (text, kept) => {
    const redacted = redactCredentials(text);
    expect(redacted).toContain(kept);
    expect(redacted).not.toMatch(/s3cret|p%40ss|hunter2/);
  });

  it('pg_dump gets the URL without its password, the password apart (for PGPASSWORD)', () => {
    expect(withoutPassword('postgres://app:p%40ss@db:5432/trendvakt')).toEqual({
      url: 'postgres://app@db:5432/trendvakt',
      password: 'p@ss',
    });
    expect(withoutPassword('postgres://app@db/x')).toEqual({ url: 'postgres://app@db/x' });
  });
});
