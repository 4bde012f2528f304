/** @jest-environment node */
// Durability on the embedded database: a real app server on PGlite takes concurrent transaction
// writes, its process is killed with SIGKILL in the middle of them, and after a restart on the
// same data directory every write the server acknowledged (201) is there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { MARKET_OSLO } from '@/lib/constants';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { tickers, users } from '@/server/db/schema';
import { DemoProvider } from '@/server/market-data';
import { syncMarketData } from '@/server/services/market/marketSyncService';

import { ensureProductionBuild, startAppInstance, type AppInstance } from '../helpers/appInstances';
import { createTestAccount, emulatorHost, type TestAccount } from '../helpers/emulator';

jest.setTimeout(20 * 60_000);

const PORTFOLIO = { 'X-Requested-With': 'trendvakt' };
const WORKERS = 6;
/** Kill the server once this many writes were acknowledged (others are then in flight). */
const KILL_AFTER = 60;

describe('PGlite app instance killed with SIGKILL during writes', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-durability-'));
  let alice: TestAccount;
  let tickerId: number;
  let app: AppInstance | undefined;

  const env = () => ({
    DATA_DIR: dataDir,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-trendvakt-test',
    // No scheduled jobs: this test is about the writes.
    JOBS_ENABLED: 'false',
  });

  beforeAll(async () => {
    await ensureProductionBuild();
    alice = await createTestAccount('durable');
    const handle = await openDatabase({ url: '', pgliteDir: path.join(dataDir, 'pglite') });
    try {
      await migrateDatabase(handle);
      await syncMarketData(handle.db, {
        provider: new DemoProvider(),
        to: '2025-12-31',
        markets: [MARKET_OSLO],
        symbols: ['EQNR'],
        historyYears: 1,
      });
      await handle.db.insert(users).values({
        uid: alice.uid,
        email: alice.email,
        firstName: 'Alice',
        acceptTerms: true,
        subscriptionStatus: 'active',
      });
      [{ id: tickerId }] = await handle.db.select({ id: tickers.id }).from(tickers).limit(1);
    } finally {
      await handle.close();
    }
  });

  afterAll(async () => {
    await app?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write', async () => {
    app = await startAppInstance('pglite', env());
    const created = await app.request('POST', '/api/v1/portfolios', {
      token: alice.idToken,
      headers: PORTFOLIO,
      body: { portfolio_name: 'Holdbar' },
    });
    expect(created.status).toBe(201);
    const portfolioId = (created.body as { portfolio_id: number }).portfolio_id;

    const acknowledged: number[] = [];
    let stop = false;
    const server = app;
    const worker = async (w: number) => {
      for (let i = 0; !stop && i < 500; i += 1) {
        try {
          const res = await server.request('POST', '/api/v1/portfolioTransaction', {
            token: alice.idToken,
            headers: PORTFOLIO,
            body: {
              portfolio_id: portfolioId,
              date: '2025-06-02',
              event_id: 1,
              ticker_id: tickerId,
              quantity: 1,
              price: 100 + w,
              comment: `w${w}-${i}`,
            },
          });
          if (res.status === 201) {
            acknowledged.push((res.body as { portfolio_transaction_id: number }).portfolio_transaction_id);
            if (acknowledged.length >= KILL_AFTER && !stop) {
              stop = true;
              // Mid-way: the other workers' requests are in flight right now.
              process.kill(-server.child.pid!, 'SIGKILL');
            }
          }
        } catch {
          // The connection died with the server: not acknowledged.
          if (stop) return;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    if (!stop) process.kill(-server.child.pid!, 'SIGKILL'); // too few acknowledged: fails below
    await new Promise<void>((resolve) => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) resolve();
      else server.child.once('exit', () => resolve());
    });
    expect(server.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    // Restart on the same directory (the lock file names a dead process: it is taken over).
    app = await startAppInstance('pglite-restarted', env());
    const res = await app.request('GET', `/api/v1/portfolio/${portfolioId}/${tickerId}`, {
      token: alice.idToken,
      headers: PORTFOLIO,
    });
    expect(res.status).toBe(200);
    const stored = new Set(
      (res.body as { portfolio_transaction_id: number }[]).map((t) => t.portfolio_transaction_id),
    );
    const missing = acknowledged.filter((id) => !stored.has(id));
    expect(missing).toEqual([]);
    // Writes in flight at the kill may or may not have landed; none beyond those.
    expect(stored.size).toBeLessThanOrEqual(acknowledged.length + WORKERS);
  });
});
