/** @jest-environment node */
// Several instances on one PostgreSQL behave as one service: two real `next start` servers of one
// production build share a database. A write through one is read through the other at once (the
// in-process caches are keyed on, or checked against, the database's stamps), and a scheduled job
// runs once although both instances schedule it.
//
// Each case is one entry of CASES: add a case (rate limits, billing events, …) by appending an
// object with a name and a run(ctx) function; the servers, accounts and database are shared.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';

import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import type { DbHandle } from '@/server/db';
import { jobRuns, users } from '@/server/db/schema';
import { DemoProvider, universeMarket, universeTickers } from '@/server/market-data';
import { syncMarketData } from '@/server/services/market/marketSyncService';

import { ensureProductionBuild, startAppInstance, type AppInstance } from '../helpers/appInstances';
import { openTestDatabase } from '../helpers/db';
import { createTestAccount, emulatorHost, type TestAccount } from '../helpers/emulator';

// The first run builds the app (minutes on a small machine); later runs reuse the build.
jest.setTimeout(20 * 60_000);

const PORTFOLIO = { 'X-Requested-With': 'trendvakt' };
/**
 * Both servers' clocks start 20 s before Monday 23 November 2026, 19:45 in Oslo (CET, UTC+1), when
 * refresh-160 runs (after EODHD publishes Oslo's session).
 */
const CLOCK_START = '2026-11-23T18:44:40Z';
const STORED_UP_TO = '2026-11-20'; // the Friday before

export interface InstancesContext {
  a: AppInstance;
  b: AppInstance;
  db: DbHandle;
  /** An active subscriber. */
  alice: TestAccount;
  /** An active subscriber in the admin group. */
  admin: TestAccount;
  /** DATA_DIR of both instances (backups). */
  dataDir: string;
}

interface InstanceCase {
  name: string;
  run(ctx: InstancesContext): Promise<void>;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

const CASES: InstanceCase[] = [
  {
    name: 'a portfolio and a transaction written through one instance are read through the other at once',
    async run({ a, b, alice }) {
      const created = await a.request('POST', '/api/v1/portfolios', {
        token: alice.idToken,
        headers: PORTFOLIO,
        body: { portfolio_name: 'Felles', description: 'to instanser' },
      });
      expect(created.status).toBe(201);
      const id = (created.body as { portfolio_id: number }).portfolio_id;
      const listed = await b.request('GET', `/api/v1/portfolios/${alice.uid}`, {
        token: alice.idToken,
        headers: PORTFOLIO,
      });
      expect((listed.body as { portfolio_id: number }[]).map((p) => p.portfolio_id)).toContain(id);

      // Results through A first (A caches them), then a transaction through B, then A again.
      const before = await a.request('GET', `/api/v1/portfolio-results/${id}`, {
        token: alice.idToken,
        headers: PORTFOLIO,
      });
      expect(before.body).toEqual([]);
      const tickers = await b.request('GET', '/api/v1/tickers/autocomplete?search=equinor&countryID=160', {
        token: alice.idToken,
      });
      const eqnr = (tickers.body as { ticker_id: number; symbol: string }[]).find(
        (t) => t.symbol === 'EQNR',
      )!;
      const tx = await b.request('POST', '/api/v1/portfolioTransaction', {
        token: alice.idToken,
        headers: PORTFOLIO,
        body: {
          portfolio_id: id,
          date: '2026-11-02',
          event_id: 1,
          ticker_id: eqnr.ticker_id,
          quantity: 12,
          price: 250.5,
        },
      });
      expect(tx.status).toBe(201);
      const after = await a.request('GET', `/api/v1/portfolio-results/${id}`, {
        token: alice.idToken,
        headers: PORTFOLIO,
      });
      expect(after.body).toEqual([
        expect.objectContaining({ ticker_id: eqnr.ticker_id, quantity: 12, cost: 3006 }),
      ]);

      // Deleted through A: gone through B.
      expect(
        (await a.request('DELETE', `/api/v1/portfolios/${id}`, { token: alice.idToken, headers: PORTFOLIO }))
          .status,
      ).toBe(204);
      const gone = await b.request('GET', `/api/v1/portfolio-results/${id}`, {
        token: alice.idToken,
        headers: PORTFOLIO,
      });
      expect(gone.status).toBe(404);
    },
  },
  {
    name: 'a watchlist entry and a profile change made through one instance are seen through the other',
    async run({ a, b, alice }) {
      const search = await a.request('GET', '/api/v1/tickers/autocomplete?search=dnb&countryID=160', {
        token: alice.idToken,
      });
      const dnb = (search.body as { ticker_id: number; symbol: string }[]).find((t) => t.symbol === 'DNB')!;
      expect((await b.request('GET', '/api/v1/watchlist', { token: alice.idToken })).body).toEqual([]);
      expect(
        (
          await a.request('POST', '/api/v1/watchlist', {
            token: alice.idToken,
            body: { ticker_id: dnb.ticker_id },
          })
        ).status,
      ).toBe(201);
      const list = await b.request('GET', '/api/v1/watchlist', { token: alice.idToken });
      expect((list.body as { ticker_id: number }[]).map((i) => i.ticker_id)).toEqual([dnb.ticker_id]);

      const put = await b.request('PUT', '/api/v1/user', {
        token: alice.idToken,
        body: { first_name: 'Åse', last_name: 'Ødegård', mobile: '' },
      });
      expect(put.status).toBe(200);
      const current = await a.request('GET', `/api/v1/user/getCurrent/${alice.uid}`, {
        token: alice.idToken,
      });
      expect(current.body).toMatchObject({ first_name: 'Åse', last_name: 'Ødegård' });
    },
  },
  {
    name: 'the scheduled refresh of Oslo runs once, and both instances show the new session',
    async run({ a, b, db, admin }) {
      // Both clocks pass 19:45 in Oslo a few seconds after start: each instance's scheduler sees
      // the slot; one takes it.
      const done = await until('a finished refresh-160 run', async () => {
        const rows = await db.db.select().from(jobRuns).where(eq(jobRuns.name, 'refresh-160'));
        return rows.length > 0 && rows.every((r) => r.finishedAt !== null) ? rows : undefined;
      });
      expect(done).toHaveLength(1);
      expect(done[0]).toMatchObject({ slot: '2026-11-23T18:45:00.000Z', ok: true, attempt: 1 });
      expect(done[0].message).toMatch(/^session 2026-11-23: /);

      for (const instance of [a, b]) {
        const health = await until(
          `${instance.name} to show the new session`,
          async () => {
            const res = await instance.request('GET', '/api/health');
            const body = res.body as { markets: Record<string, { last_session: string }> };
            return body.markets['160'].last_session === '2026-11-23' ? body : undefined;
          },
          10_000,
        );
        expect(health.markets['226'].last_session).toBe(STORED_UP_TO);
        const list = await instance.request('GET', '/api/v1/tickers/list?countryID=160&pageSize=5', {
          token: admin.idToken,
        });
        expect((list.body as { items: { date: string }[] }).items[0].date).toBe('2026-11-23');
      }
      // The instance that did not run it waited for the lock or found the slot taken: still one
      // run after both have looked at the slot again (their retry of a busy slot is two ticks,
      // 2 s at JOBS_TICK_MS=1000, later).
      await new Promise((r) => setTimeout(r, 5_000));
      const rows = await db.db.select().from(jobRuns).where(eq(jobRuns.name, 'refresh-160'));
      expect(rows).toHaveLength(1);
      const logs = [a, b].map(
        (i) => i.output.join('').match(/refresh-160: session 2026-11-23/g)?.length ?? 0,
      );
      expect(logs.sort()).toEqual([0, 1]);

      // The admin sees the same job state through either instance.
      for (const instance of [a, b]) {
        const jobs = await instance.request('GET', '/api/v1/admin/jobs', { token: admin.idToken });
        expect(
          (jobs.body as { name: string; last_run: { ok: boolean } }[]).find((j) => j.name === 'refresh-160'),
        ).toMatchObject({
          running: false,
          last_run: { ok: true },
        });
      }
    },
  },
  {
    name: 'an admin runs the backup through one instance and follows it to the end through the other',
    async run({ a, b, admin, dataDir }) {
      const started = await a.request('POST', '/api/v1/admin/jobs/backup/run', { token: admin.idToken });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ name: 'backup', running: true });
      const finished = await until('the backup to finish', async () => {
        const res = await b.request('GET', '/api/v1/admin/jobs', { token: admin.idToken });
        const job = (
          res.body as { name: string; running: boolean; last_run: { ok: boolean | null } | null }[]
        ).find((j) => j.name === 'backup')!;
        return !job.running && job.last_run?.ok !== null && job.last_run?.ok !== undefined ? job : undefined;
      });
      expect(finished.last_run).toMatchObject({ ok: true, message: expect.stringMatching(/\.pgdump \(/) });
      const files = fs.readdirSync(path.join(dataDir, 'backups'));
      expect(files.filter((f) => f.endsWith('.pgdump'))).toHaveLength(1);
      expect(files.filter((f) => f.endsWith('.manifest.json'))).toHaveLength(1);
    },
  },
  {
    name: 'a rate limit counts the requests of both instances together (kept in the database)',
    async run({ a, b, admin }) {
      // RATE_LIMIT_SEARCH is 5 per 10 minutes for both instances (see env below): five searches
      // alternating between them pass, the sixth is refused with Retry-After whichever answers.
      // Were the limit per instance, each would have seen only three.
      const search = (via: AppInstance) =>
        via.request('GET', '/api/v1/tickers/autocomplete?search=no&countryID=160', { token: admin.idToken });
      const statuses: number[] = [];
      for (const via of [a, b, a, b, a]) statuses.push((await search(via)).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200]);
      const refused = await search(b);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).toMatchObject({ error: { code: 'RATE_LIMITED' } });
      expect((await search(a)).status).toBe(429);
    },
  },
  {
    name: 'a demo payment through one instance unlocks the other; a cancel through it locks the first within 5 s',
    async run({ a, b }) {
      const bob = await createTestAccount('bob');
      const created = await a.request('POST', '/api/v1/user/create', {
        token: bob.idToken,
        body: { first_name: 'Bob', last_name: 'Begge', accept_terms: true },
      });
      expect(created.status).toBe(201);
      const list = (via: AppInstance) =>
        via.request('GET', '/api/v1/tickers/list?countryID=160', { token: bob.idToken });
      expect((await list(a)).status).toBe(403);

      const checkout = await a.request('POST', '/api/v1/billing/checkout', {
        token: bob.idToken,
        body: { plan: 'monthly', locale: 'nb' },
      });
      expect(checkout.status).toBe(200);
      const sessionId = new URL((checkout.body as { url: string }).url).searchParams.get('session_id');
      const paid = await b.request('POST', '/api/v1/billing/demo/pay', {
        token: bob.idToken,
        body: { session_id: sessionId },
      });
      expect(paid.status).toBe(200);
      expect((await list(a)).status).toBe(200);
      expect((await list(b)).status).toBe(200);

      // A has just cached Bob's passing check (5 s, successes only); the cancel goes through B.
      const cancelled = await b.request('POST', '/api/v1/billing/demo/cancel', {
        token: bob.idToken,
        body: { when: 'now' },
      });
      expect(cancelled.status).toBe(200);
      expect((await list(b)).status).toBe(403);
      // A's cached check ends and it refuses too (how soon is the cache's 5 s lifetime, not a
      // wall-clock bound measured here).
      await until('instance A to refuse the cancelled subscriber', async () =>
        (await list(a)).status === 403 ? true : undefined,
      );
    },
  },
];

describe('two app instances on one PostgreSQL', () => {
  const run = process.env.TEST_DATABASE_URL ? it : it.skip;
  let ctx: InstancesContext | undefined;

  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) return;
    await ensureProductionBuild();
    const db = await openTestDatabase('postgres');
    // Oslo: the whole universe up to the Friday (the refresh then adds one session to each);
    // NASDAQ: a few tickers, current for the clock (its session closes later that day).
    await syncMarketData(db.db, {
      provider: new DemoProvider(),
      to: STORED_UP_TO,
      markets: [MARKET_OSLO],
      symbols: [
        ...universeTickers(MARKET_OSLO).map((t) => t.symbol),
        universeMarket(MARKET_OSLO).index.symbol,
      ],
      historyYears: 2,
    });
    await syncMarketData(db.db, {
      provider: new DemoProvider(),
      to: STORED_UP_TO,
      markets: [MARKET_US],
      symbols: ['AAPL', 'MSFT', universeMarket(MARKET_US).index.symbol],
      historyYears: 2,
    });
    const [alice, admin] = await Promise.all([createTestAccount('alice'), createTestAccount('admin')]);
    await db.db.insert(users).values([
      {
        uid: alice.uid,
        email: alice.email,
        firstName: 'Alice',
        acceptTerms: true,
        subscriptionStatus: 'active',
      },
      {
        uid: admin.uid,
        email: admin.email,
        firstName: 'Admin',
        acceptTerms: true,
        subscriptionStatus: 'active',
        groupId: 1,
      },
    ]);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-instances-'));
    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: db.url!,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-trendvakt-test',
      TRENDVAKT_CLOCK_START: CLOCK_START,
      JOBS_TICK_MS: '1000',
      DATABASE_POOL_MAX: '5',
      RATE_LIMIT_SEARCH: '5/600',
    };
    const [a, b] = await Promise.all([startAppInstance('a', env), startAppInstance('b', env)]);
    ctx = { a, b, db, alice, admin, dataDir };
  });

  afterAll(async () => {
    if (!ctx) return;
    await Promise.all([ctx.a.stop(), ctx.b.stop()]);
    await ctx.db.close();
    fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  });

  for (const testCase of CASES) {
    run(testCase.name, async () => {
      try {
        await testCase.run(ctx!);
      } catch (err) {
        // The servers' own words help more than a timeout.
        const tail = (i: AppInstance) => i.output.join('').split('\n').slice(-30).join('\n');
        throw new Error(`${String(err)}\n--- a ---\n${tail(ctx!.a)}\n--- b ---\n${tail(ctx!.b)}`, {
          cause: err,
        });
      }
    });
  }
});
