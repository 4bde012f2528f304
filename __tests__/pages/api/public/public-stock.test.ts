/** @jest-environment node */
// GET /api/v1/public/stocks/{symbol} (issue 25 item 5): no token needed; the public part of a
// stock's analysis only, read back against the stored snapshot and bars (not the service's code).
import { and, asc, eq } from 'drizzle-orm';

import { DEFAULT_TIMEFRAME, MARKET_OSLO } from '@/lib/constants';
import type { PublicStockPage } from '@/lib/types/publicStocks';
import * as publicStockRoute from '@/pages/api/v1/public/stocks/[symbol]';
import * as publicStockByIdRoute from '@/pages/api/v1/public/stocks/by-id/[id]';
import { setDbHandle, type DbHandle } from '@/server/db';
import { analysisSnapshots, dailyBars, tickers } from '@/server/db/schema';
import { invalidateMarketCache } from '@/server/services/market/marketCache';

import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { seedTestMarket } from '../../../server/services/market/fixtures';

jest.setTimeout(120_000);

type ErrorBody = { error: { code: string; details?: { path: string }[] } };

describe.each(testDbKinds())('public stock API on %s', (kind) => {
  let server: TestServer;
  let db: DbHandle;
  const get = (symbol: string) => server.request('GET', `/api/v1/public/stocks/${symbol}`);

  beforeAll(async () => {
    db = await openTestDatabase(kind);
    setDbHandle(db);
    invalidateMarketCache();
    // Two Oslo shares and the index from the demo generator (the real sync and analysis).
    const seeded = await seedTestMarket(db.db, { symbols: ['EQNR', 'DNB', 'OSEBX.INDX'] });
    expect(seeded.failures).toEqual([]);
    server = await startApiServer({
      '/api/v1/public/stocks/by-id/[id]': publicStockByIdRoute,
      '/api/v1/public/stocks/[symbol]': publicStockRoute,
    });
  });
  afterAll(async () => {
    await server?.close();
    setDbHandle(undefined);
    invalidateMarketCache();
    await db?.close();
  });

  it('answers EQNR without a token: the stored snapshot, reduced to the public fields, marked demo', async () => {
    const res = await get('eqnr'); // lower case is accepted and upper-cased
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = res.body as PublicStockPage;

    const [ticker] = await db.db
      .select()
      .from(tickers)
      .where(and(eq(tickers.symbol, 'EQNR'), eq(tickers.countryId, MARKET_OSLO)));
    const [snap] = await db.db
      .select()
      .from(analysisSnapshots)
      .where(
        and(
          eq(analysisSnapshots.tickerId, ticker.id),
          eq(analysisSnapshots.timeframe, DEFAULT_TIMEFRAME),
          eq(analysisSnapshots.isLatest, true),
        ),
      );
    const bars = await db.db
      .select({ date: dailyBars.date, close: dailyBars.close })
      .from(dailyBars)
      .where(eq(dailyBars.tickerId, ticker.id))
      .orderBy(asc(dailyBars.date));

    // Exactly these keys: no ticker id, no image, no bars' OHLC/volume.
    expect(Object.keys(body).sort()).toEqual(
      [
        'analysis',
        'closes',
        'country_id',
        'currency',
        'demo',
        'exchange',
        'last',
        'long_name',
        'overall_score',
        'symbol',
      ].sort(),
    );
    expect(Object.keys(body.analysis).sort()).toEqual(
      ['components', 'rsi', 'signal', 'technical_score', 'timeframe', 'trend'].sort(),
    );
    expect(body).toMatchObject({
      symbol: 'EQNR',
      long_name: ticker.name,
      country_id: MARKET_OSLO,
      currency: 'NOK',
      exchange: ticker.exchange,
      last: { date: snap.date, close: snap.close, change_pct: snap.changePct },
      overall_score: snap.overallScore,
      demo: true,
    });
    expect(body.analysis).toMatchObject({
      timeframe: DEFAULT_TIMEFRAME,
      technical_score: snap.technicalScore,
      signal: snap.signal,
      rsi: snap.rsi,
      components: {
        trend: snap.trendScore,
        support_resistance: snap.supportResistanceScore,
        momentum: snap.momentumScore,
        volume: snap.volumeScore,
      },
    });
    // The small chart: the last 130 sessions' closes, oldest first, ending at the snapshot's date.
    const upToSnap = bars.filter((b) => b.date <= snap.date);
    expect(body.closes).toEqual(upToSnap.slice(-130));
    expect(body.closes[body.closes.length - 1].date).toBe(snap.date);
  });

  it('leaves out what subscribers get: support/resistance, early warning, other timeframes', async () => {
    const res = await get('EQNR');
    const text = JSON.stringify(res.body);
    for (const field of ['supports', 'resistances', 'early_warning', 'volbal_22', 'ticker_id', 'scores']) {
      expect({ field, present: text.includes(`"${field}"`) }).toEqual({ field, present: false });
    }
  });

  it('answers 400 for a malformed symbol', async () => {
    for (const bad of ['%24%24%24', 'EQ%20NR', 'A'.repeat(21), '.EQNR']) {
      const res = await get(bad);
      expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
      const error = (res.body as ErrorBody).error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.map((d) => d.path)).toEqual(['symbol']);
    }
  });

  it('answers 404 for a well-formed symbol that has no public page', async () => {
    // NOPE is no ticker; OSEBX.INDX is the (seeded) index: no public page; MOWI is not seeded here.
    for (const symbol of ['NOPE', 'OSEBX.INDX', 'MOWI']) {
      const res = await get(symbol);
      expect({ symbol, status: res.status }).toEqual({ symbol, status: 404 });
      expect((res.body as ErrorBody).error.code).toBe('TICKER_NOT_FOUND');
    }
  });

  describe('by ticker id (a signed-out /market/analysis?tickerID= link)', () => {
    const byId = (id: string) => server.request('GET', `/api/v1/public/stocks/by-id/${id}`);
    const idOf = async (symbol: string) =>
      (await db.db.select({ id: tickers.id }).from(tickers).where(eq(tickers.symbol, symbol)))[0].id;

    it('answers the symbol of a share, and nothing else', async () => {
      const res = await byId(String(await idOf('DNB')));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ symbol: 'DNB' });
    });

    it('answers 404 for the index and for an id with no ticker', async () => {
      const ids = await db.db.select({ id: tickers.id }).from(tickers);
      const unused = Math.max(...ids.map((r) => r.id)) + 1;
      for (const id of [String(await idOf('OSEBX.INDX')), String(unused)]) {
        const res = await byId(id);
        expect({ id, status: res.status }).toEqual({ id, status: 404 });
        expect((res.body as ErrorBody).error.code).toBe('TICKER_NOT_FOUND');
      }
    });

    it('answers 400 for an id that is not a positive whole number', async () => {
      for (const bad of ['0', '-1', '1.5', 'abc', '01', '99999999999']) {
        const res = await byId(bad);
        expect({ bad, status: res.status }).toEqual({ bad, status: 400 });
        expect((res.body as ErrorBody).error.details?.map((d) => d.path)).toEqual(['id']);
      }
    });
  });
});
