/** @jest-environment node */
// Backup -> restore round trips on PGlite and PostgreSQL: after restoring into an empty database,
// every table has the same number of rows and the portfolio tables the same checksum; the manifest
// records size and SHA-256 and a damaged file is refused; a non-empty target needs --force; the
// Auth emulator's accounts come back as the emulator's own import; only the 7 newest are kept.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';

import { MARKET_OSLO } from '@/lib/constants';
import { migrateDatabase, openDatabase, type DbHandle } from '@/server/db/client';
import { portfolios, portfolioTransactions, tickers, users, watchlistItems } from '@/server/db/schema';
import { DemoProvider } from '@/server/market-data';
import { readBackupManifest, restoreBackup } from '@/scripts/lib/backupRestore';
import { createBackup, listBackups, tableRowCounts } from '@/server/services/operations/backupService';
import { syncMarketData } from '@/server/services/market/marketSyncService';

import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { createTestAccount, type TestAccount } from '../../../helpers/emulator';

jest.setTimeout(240_000);

/** md5 over every row of the portfolio tables, in a fixed order (the same query on both sides). */
async function portfolioChecksum(handle: DbHandle): Promise<string> {
  const res = (await handle.db.execute(sql`
    select md5(
      coalesce((select string_agg(p::text, '|' order by p.id) from portfolios p), '') || '#' ||
      coalesce((select string_agg(t::text, '|' order by t.id) from portfolio_transactions t), '') || '#' ||
      coalesce((select string_agg(w::text, '|' order by w.user_uid, w.ticker_id) from watchlist_items w), '')
    ) as sum`)) as unknown as { rows: { sum: string }[] };
  return res.rows[0].sum;
}

/** A little of everything: demo market data, two users, portfolios, transactions, a watchlist. */
async function fill(handle: DbHandle, account: TestAccount): Promise<void> {
  await syncMarketData(handle.db, {
    provider: new DemoProvider(),
    to: '2025-12-31',
    markets: [MARKET_OSLO],
    symbols: ['EQNR', 'DNB', 'OSEBX.INDX'],
    historyYears: 2,
  });
  const [eqnr, dnb] = await handle.db.select({ id: tickers.id }).from(tickers).orderBy(tickers.id);
  await handle.db.insert(users).values([
    {
      uid: account.uid,
      email: account.email,
      firstName: 'Åse',
      acceptTerms: true,
      subscriptionStatus: 'active',
    },
    { uid: 'second-user', email: 'second@trendvakt.test', firstName: 'Per', acceptTerms: true },
  ]);
  const [p1, p2] = await handle.db
    .insert(portfolios)
    .values([
      { userUid: account.uid, name: 'Langsiktig', description: 'Utbytte og vekst' },
      { userUid: 'second-user', name: 'Trading' },
    ])
    .returning({ id: portfolios.id });
  await handle.db.insert(portfolioTransactions).values([
    {
      portfolioId: p1.id,
      tickerId: eqnr.id,
      date: '2025-03-03',
      eventId: 1,
      quantity: '10.5',
      price: '271.35',
      fee: '29',
    },
    { portfolioId: p1.id, tickerId: dnb.id, date: '2025-04-01', eventId: 1, quantity: '100', price: '250.1' },
    {
      portfolioId: p1.id,
      tickerId: eqnr.id,
      date: '2025-06-02',
      eventId: 2,
      quantity: '4',
      price: '290',
      comment: 'delsalg',
    },
    { portfolioId: p2.id, tickerId: dnb.id, date: '2025-05-05', eventId: 3, quantity: '100', price: '16.5' },
  ]);
  await handle.db.insert(watchlistItems).values({ userUid: account.uid, tickerId: dnb.id });
}

let account: TestAccount;
beforeAll(async () => {
  account = await createTestAccount('backup');
});

const env = () => ({
  FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
  FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
});

describe('PGlite: backup of the data directory, restore into an empty one', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-backup-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('brings back every table and every portfolio, and the emulator accounts', async () => {
    const source = await openDatabase({ url: '', pgliteDir: path.join(root, 'a', 'pglite') });
    await migrateDatabase(source);
    await fill(source, account);
    const counts = await tableRowCounts(source);
    const checksum = await portfolioChecksum(source);
    expect(counts.portfolio_transactions).toBe(4);
    expect(counts.daily_bars).toBeGreaterThan(1000);

    const backupDir = path.join(root, 'backups');
    const manifest = await createBackup(source, {
      dir: backupDir,
      now: new Date('2026-11-24T03:15:00Z'),
      env: env(),
    });
    await source.close();

    expect(manifest.name).toBe('trendvakt-2026-11-24T031500Z');
    expect(manifest.kind).toBe('pglite');
    const dbFile = path.join(backupDir, manifest.database.file);
    const bytes = fs.readFileSync(dbFile);
    expect(manifest.database.size).toBe(bytes.length);
    expect(manifest.database.sha256).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
    const accounts = JSON.parse(fs.readFileSync(path.join(backupDir, manifest.accounts!.file), 'utf8')) as {
      accounts: { users: { email: string }[] };
    };
    expect(accounts.accounts.users.map((u) => u.email)).toContain(account.email);

    // Into the source's own (non-empty) directory: refused without force.
    const { dir, manifest: read } = readBackupManifest(dbFile);
    await expect(
      restoreBackup(dir, read, { pgliteDir: path.join(root, 'a', 'pglite'), emulatorDir: null }),
    ).rejects.toThrow(/not empty .*--force/);

    // Into an empty data directory.
    const target = path.join(root, 'b', 'pglite');
    const emulatorDir = path.join(root, 'b', 'auth-emulator');
    const result = await restoreBackup(dir, read, { pgliteDir: target, emulatorDir });
    expect(result).toEqual({
      kind: 'pglite',
      movedAside: null,
      accountsRestored: true,
      deletionsReplayed: 0,
    });
    const restored = await openDatabase({ url: '', pgliteDir: target });
    try {
      await migrateDatabase(restored); // already current: nothing to apply
      expect(await tableRowCounts(restored)).toEqual(counts);
      expect(await portfolioChecksum(restored)).toBe(checksum);
    } finally {
      await restored.close();
    }
    const imported = JSON.parse(
      fs.readFileSync(path.join(emulatorDir, 'auth_export', 'accounts.json'), 'utf8'),
    ) as {
      users: { email: string }[];
    };
    expect(imported.users.map((u) => u.email)).toContain(account.email);
    expect(
      JSON.parse(fs.readFileSync(path.join(emulatorDir, 'firebase-export-metadata.json'), 'utf8')),
    ).toMatchObject({
      auth: { path: 'auth_export' },
    });

    // With --force over a non-empty directory: the old one is moved aside, not deleted.
    const forced = await restoreBackup(dir, read, { pgliteDir: target, emulatorDir: null }, { force: true });
    expect(forced.movedAside).toMatch(/pglite\.before-restore-/);
    expect(fs.existsSync(forced.movedAside!)).toBe(true);
  });

  it('refuses a backup whose file does not match its checksum', async () => {
    // Its own backup (of a freshly migrated database), so this test does not lean on the one above.
    const dir = path.join(root, 'damaged');
    const handle = await openTestDatabase('pglite');
    let manifest: Awaited<ReturnType<typeof createBackup>>;
    try {
      manifest = await createBackup(handle, { dir, now: new Date('2026-11-20T03:15:00Z'), env: {} });
    } finally {
      await handle.close();
    }
    const file = path.join(dir, manifest.database.file);
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 5] ^= 0xff;
    fs.writeFileSync(file, bytes);
    const [listed] = listBackups(dir);
    expect(listed.name).toBe('trendvakt-2026-11-20T031500Z');
    await expect(
      restoreBackup(dir, listed, { pgliteDir: path.join(root, 'c', 'pglite'), emulatorDir: null }),
    ).rejects.toThrow(/does not match its manifest/);
    expect(fs.existsSync(path.join(root, 'c', 'pglite'))).toBe(false);
  });

  it('keeps the 7 newest backups', async () => {
    const handle = await openTestDatabase('pglite');
    const dir = path.join(root, 'rotation');
    try {
      for (let day = 1; day <= 9; day += 1) {
        await createBackup(handle, { dir, now: new Date(Date.UTC(2026, 10, day, 3, 15)), env: {} });
      }
    } finally {
      await handle.close();
    }
    expect(listBackups(dir).map((b) => b.name.slice(10, 20))).toEqual([
      '2026-11-09',
      '2026-11-08',
      '2026-11-07',
      '2026-11-06',
      '2026-11-05',
      '2026-11-04',
      '2026-11-03',
    ]);
    expect(fs.readdirSync(dir)).toHaveLength(14); // database file + manifest each
  });
});

const postgres = testDbKinds().includes('postgres') ? describe : describe.skip;

postgres('PostgreSQL: pg_dump custom format, pg_restore into an empty database', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-pgbackup-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('brings back every table and every portfolio; a non-empty target needs force', async () => {
    const source = await openTestDatabase('postgres');
    // An empty database that was never migrated, as a fresh managed PostgreSQL is.
    const name = `trendvakt_restore_${crypto.randomUUID().replace(/-/g, '').slice(0, 10)}`;
    const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const targetUrl = new URL(process.env.TEST_DATABASE_URL!);
    targetUrl.pathname = `/${name}`;
    try {
      await fill(source, account);
      const counts = await tableRowCounts(source);
      const checksum = await portfolioChecksum(source);
      const manifest = await createBackup(source, { dir: root, env: {} });
      expect(manifest.kind).toBe('postgres');
      expect(manifest.database.file).toMatch(/\.pgdump$/);
      expect(fs.readFileSync(path.join(root, manifest.database.file)).subarray(0, 5).toString()).toBe(
        'PGDMP',
      );

      await expect(restoreBackup(root, manifest, { url: source.url })).rejects.toThrow(/not empty .*--force/);
      await restoreBackup(root, manifest, { url: targetUrl.toString() });
      const restored = await openDatabase({ url: targetUrl.toString() });
      try {
        await migrateDatabase(restored); // the migration bookkeeping came along: nothing to apply
        expect(await tableRowCounts(restored)).toEqual(counts);
        expect(await portfolioChecksum(restored)).toBe(checksum);
        // Sequences came along too: a new portfolio gets a fresh id.
        const [row] = await restored.db
          .insert(portfolios)
          .values({ userUid: account.uid, name: 'Ny' })
          .returning({ id: portfolios.id });
        expect(row.id).toBe(3);
      } finally {
        await restored.close();
      }
      // Forced over a non-empty database: the same content again.
      await restoreBackup(root, manifest, { url: targetUrl.toString() }, { force: true });
      const again = await openDatabase({ url: targetUrl.toString() });
      try {
        expect(await tableRowCounts(again)).toEqual(counts);
      } finally {
        await again.close();
      }
    } finally {
      await source.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
