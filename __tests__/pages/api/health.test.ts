/** @jest-environment node */
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import * as healthRoute from '@/pages/api/health';
import { setDbHandle, type DbHandle } from '@/server/db';
import { DemoProvider } from '@/server/market-data';
import { resetHealthCache } from '@/server/services/operations/healthService';
import { invalidateMarketCache } from '@/server/services/market/marketCache';
import { syncMarketData } from '@/server/services/market/marketSyncService';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase } from '../../helpers/db';

jest.setTimeout(120_000);

let server: TestServer;
let db: DbHandle;
let current: DbHandle;
let behind: DbHandle;
let closed: DbHandle;

// A fixed clock: this process's app clock (server/jobs/clock.ts, read by the health check) starts
// at Wednesday 2026-11-18 12:00Z and runs on from there, hours away from any publication time, so
// the expectations below hold whenever the suite runs. Worked out by hand from the calendar:
// - Oslo: 13:00 Europe/Oslo, before the 19:45 publication, so the due session is the day before,
//   Tuesday 2026-11-17; one session behind is Monday 2026-11-16.
// - US: 07:00 America/New_York, before 17:00, so due is also Tuesday 2026-11-17; three sessions
//   behind it (Mon 16, Fri 13, Thu 12 November; no NYSE holiday among them) is Thursday 2026-11-12.
// - exchangeHolidays.json runs through 2027-12-31 (Oslo) and 2028-12-31 (US): far more than 31
//   days away, no warning.
const clockStartBefore = process.env.TRENDVAKT_CLOCK_START;
process.env.TRENDVAKT_CLOCK_START = '2026-11-18T12:00:00Z';
const due = { [MARKET_OSLO]: '2026-11-17', [MARKET_US]: '2026-11-17' };
const oslo1 = '2026-11-16';
const us3 = '2026-11-12';

// Every database is prepared before the first request: the test server's idle keep-alive
// connections would otherwise be reset while a seed runs.
beforeAll(async () => {
  [db, current, behind, closed] = await Promise.all([
    openTestDatabase('pglite'),
    openTestDatabase('pglite'),
    openTestDatabase('pglite'),
    openTestDatabase('pglite'),
  ]);
  await closed.close();
  await seed(current, due);
  await seed(behind, { [MARKET_OSLO]: oslo1, [MARKET_US]: us3 });
  server = await startApiServer({ '/api/health': healthRoute });
});
afterAll(async () => {
  // process.env outlives this file in the worker: put it back.
  if (clockStartBefore === undefined) delete process.env.TRENDVAKT_CLOCK_START;
  else process.env.TRENDVAKT_CLOCK_START = clockStartBefore;
  await server.close();
  setDbHandle(undefined);
  await Promise.all([db.close().catch(() => {}), current.close(), behind.close()]);
});
beforeEach(() => {
  resetHealthCache();
  invalidateMarketCache();
});

// exchangeHolidays.json lists Oslo through 2027 and the US through 2028, and the
// warning starts 31 days before: far from the fixed clock's 2026-11-18.
const noData = (holidaysThrough: string) => ({
  last_session: null,
  refreshed_at: null,
  status: 'stale',
  sessions_behind: null,
  holidays_through: holidaysThrough,
  holidays_running_out: false,
});

/** Two stocks and the index of each market, stored up to the given session per market. */
async function seed(handle: DbHandle, to: Record<number, string>): Promise<void> {
  for (const [market, symbols] of [
    [MARKET_OSLO, ['EQNR', 'DNB', 'OSEBX.INDX']],
    [MARKET_US, ['AAPL', 'MSFT', 'NDX.INDX']],
  ] as const) {
    await syncMarketData(handle.db, {
      provider: new DemoProvider(),
      to: to[market],
      markets: [market],
      symbols,
      historyYears: 2,
    });
  }
}

describe('GET /api/health', () => {
  it('is 200 but degraded while no market has data', async () => {
    setDbHandle(db);
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'degraded',
      db: 'up',
      auth: 'up',
      markets: { '160': noData('2027-12-31'), '226': noData('2028-12-31') },
      // The check this answer comes from (issue 40: a busy instance answers its last one).
      checked_at: expect.any(String),
      age_ms: expect.any(Number),
    });
  });

  it('is ok with every market current, and says which session each market has', async () => {
    // refreshed_at is the database's own time of the refresh (the real clock, not the app clock).
    const seededFrom = Date.now();
    await seed(db, due);
    setDbHandle(db);
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    const body = res.body as { status: string; markets: Record<string, Record<string, unknown>> };
    expect(body.status).toBe('ok');
    expect(body.markets['160']).toMatchObject({
      last_session: due[MARKET_OSLO],
      status: 'current',
      sessions_behind: 0,
    });
    expect(body.markets['226']).toMatchObject({
      last_session: due[MARKET_US],
      status: 'current',
      sessions_behind: 0,
    });
    // Not a speed check: the stamp belongs to this seed, not to an earlier one (1 s for rounding).
    expect(Date.parse(String(body.markets['160'].refreshed_at))).toBeGreaterThanOrEqual(seededFrom - 1000);
  });

  it('marks a market stale one session behind and the service degraded (still 200) past two', async () => {
    setDbHandle(behind);
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'degraded',
      markets: {
        '160': { last_session: oslo1, status: 'stale', sessions_behind: 1 },
        '226': { last_session: us3, status: 'stale', sessions_behind: 3 },
      },
    });
  });

  it('is 503 with auth down when the Auth emulator does not answer', async () => {
    setDbHandle(db);
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = '127.0.0.1:1';
    try {
      const res = await server.request('GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: 'degraded', db: 'up', auth: 'down' });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    }
  });

  it('is 503 with db down when the database is closed', async () => {
    setDbHandle(closed);
    const res = await server.request('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      status: 'degraded',
      db: 'down',
      auth: 'up',
      checked_at: expect.any(String),
      age_ms: expect.any(Number),
    });
  });
});
