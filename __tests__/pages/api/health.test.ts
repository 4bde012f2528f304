/** @jest-environment node */
import { MARKET_OSLO, MARKET_US } from '@/lib/constants';
import * as healthRoute from '@/pages/api/health';
import { setDbHandle, type DbHandle } from '@/server/db';
import { lastDueSession, previousSession } from '@/server/domain/calendar/marketCalendar';
import { DemoProvider } from '@/server/market-data';
import { resetHealthCache } from '@/server/services/healthService';
import { invalidateMarketCache } from '@/server/services/marketCache';
import { syncMarketData } from '@/server/services/marketSyncService';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase } from '../../helpers/db';

jest.setTimeout(120_000);

let server: TestServer;
let db: DbHandle;
let current: DbHandle;
let behind: DbHandle;
let closed: DbHandle;
const now = new Date();
const due = { [MARKET_OSLO]: lastDueSession(MARKET_OSLO, now), [MARKET_US]: lastDueSession(MARKET_US, now) };
const oslo1 = previousSession(MARKET_OSLO, due[MARKET_OSLO]);
const us3 = previousSession(
  MARKET_US,
  previousSession(MARKET_US, previousSession(MARKET_US, due[MARKET_US])),
);

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
  await server.close();
  setDbHandle(undefined);
  await Promise.all([db.close().catch(() => {}), current.close(), behind.close()]);
});
beforeEach(() => {
  resetHealthCache();
  invalidateMarketCache();
});

// exchangeHolidays.json lists both markets through 2027 (its last dates are 2027-12-xx), and the
// warning starts 31 days before: far from any date this suite runs before December 2027.
const noData = {
  last_session: null,
  refreshed_at: null,
  status: 'stale',
  sessions_behind: null,
  holidays_through: '2027-12-31',
  holidays_running_out: false,
};

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
      markets: { '160': noData, '226': noData },
    });
  });

  it('is ok with every market current, and says which session each market has', async () => {
    const now = new Date();
    const due = {
      [MARKET_OSLO]: lastDueSession(MARKET_OSLO, now),
      [MARKET_US]: lastDueSession(MARKET_US, now),
    };
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
    expect(Date.parse(String(body.markets['160'].refreshed_at))).toBeGreaterThan(now.getTime() - 120_000);
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
    expect(res.body).toEqual({ status: 'degraded', db: 'down', auth: 'up' });
  });
});
