/** @jest-environment node */
// The market sync: resumable after a failure, idempotent, incremental, previous_signal from one
// session earlier, per-series failures, the CSV import (all or nothing) and the demo start-up hook.
import { and, eq, sql } from 'drizzle-orm';

import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import type { Db, DbHandle } from '@/server/db';
import { analysisSnapshots, dailyBars, syncState, tickers } from '@/server/db/schema';
import { analyzeTicker } from '@/server/domain/analysis';
import {
  DemoProvider,
  MarketDataError,
  type DateRange,
  type FxRate,
  type MarketDataProvider,
  type TickerInfo,
} from '@/server/market-data';
import { getFxRates, loadBars, setSyncState } from '@/server/repositories/marketRepository';
import {
  buildSnapshotRows,
  prepareDemoMarketData,
  syncMarketData,
} from '@/server/services/market/marketSyncService';
import { importPriceCsv } from '@/server/services/market/priceImportService';
import { invalidateMarketCache } from '@/server/services/market/marketCache';
import { listTickers } from '@/server/services/market/marketListService';

import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { referenceVolumeBalance } from './fixtures';

jest.setTimeout(120_000);

const MARKET_OF: Record<string, MarketId> = {
  EQNR: MARKET_OSLO,
  DNB: MARKET_OSLO,
  LSG: MARKET_OSLO,
  VAR: MARKET_OSLO,
  'OSEBX.INDX': MARKET_OSLO,
  AAPL: MARKET_US,
  'NDX.INDX': MARKET_US,
};
const SYMBOLS = Object.keys(MARKET_OF);
const HISTORY_YEARS = 7;
// Dates in October 2025, when both exchanges trade every weekday (no holiday in the way).
const FIRST_END = '2025-10-22';

/** The demo provider, recording every bars request and failing when `failWith` says so. */
class RecordingProvider implements MarketDataProvider {
  readonly name = 'demo' as const;
  readonly calls: { symbol: string; from?: string; to: string }[] = [];
  private readonly inner = new DemoProvider();

  constructor(private readonly failWith?: (symbol: string, callNumber: number) => Error | undefined) {}

  listSymbols(marketId: MarketId): Promise<TickerInfo[]> {
    return this.inner.listSymbols(marketId);
  }

  async getDailyBars(symbol: string, marketId: MarketId, range: DateRange): Promise<Bar[]> {
    this.calls.push({ symbol, ...range });
    const error = this.failWith?.(symbol, this.calls.length);
    if (error) throw error;
    return this.inner.getDailyBars(symbol, marketId, range);
  }

  getIndexBars(marketId: MarketId, range: DateRange): Promise<Bar[]> {
    this.calls.push({ symbol: marketId === MARKET_OSLO ? 'OSEBX.INDX' : 'NDX.INDX', ...range });
    return this.inner.getIndexBars(marketId, range);
  }

  getUsdNok(range: DateRange): Promise<FxRate[]> {
    return this.inner.getUsdNok(range);
  }
}

// Track records have their own tests (track record, alerts); these are about bars and snapshots.
const sync = (db: Db, provider: MarketDataProvider, to: string) =>
  syncMarketData(db, { provider, to, symbols: SYMBOLS, historyYears: HISTORY_YEARS, trackRecords: false });

async function tickerRow(db: Db, symbol: string) {
  const rows = await db.select().from(tickers).where(eq(tickers.symbol, symbol));
  return rows[0];
}

async function latestSnapshot(db: Db, tickerId: number, timeframe: number) {
  const rows = await db
    .select()
    .from(analysisSnapshots)
    .where(
      and(
        eq(analysisSnapshots.tickerId, tickerId),
        eq(analysisSnapshots.timeframe, timeframe),
        eq(analysisSnapshots.isLatest, true),
      ),
    );
  expect(rows).toHaveLength(1);
  return rows[0];
}

async function barCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(dailyBars);
  return Number(row.n);
}

describe('buildSnapshotRows: indexes without volume', () => {
  const bars: Bar[] = Array.from({ length: 400 }, (_, i) => {
    const close = 100 + 10 * Math.sin(i / 9) + i / 20;
    return {
      date: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
      open: close,
      high: close * 1.01,
      low: close * 0.99,
      close,
      volume: 0,
    };
  });
  const at = new Date('2025-01-01T00:00:00Z');

  it('analyses an index with zero volume as unit volume: every session counts, up/down balance', () => {
    const rows = buildSnapshotRows(
      { id: 1, countryId: MARKET_OSLO, currency: 'NOK', isIndex: true },
      bars,
      [],
      at,
    );
    expect(rows).not.toBeNull();
    const unit = bars.map((b) => ({ ...b, volume: 1 }));
    for (const row of rows!) {
      expect(row.date).toBe(bars[bars.length - 1].date);
      expect(row.volume).toBe(0);
      expect(row.liquidityRisk).toBe(1);
      expect(row.turnoverAvg66).toBe(0);
      expect(row.volbal22).toBeCloseTo(referenceVolumeBalance(unit, 22), 12);
      expect(row.volbal66).toBeCloseTo(referenceVolumeBalance(unit, 66), 12);
    }
  });

  it('keeps the engine rule for stocks: no session with volume, no analysis', () => {
    expect(
      buildSnapshotRows({ id: 1, countryId: MARKET_OSLO, currency: 'NOK', isIndex: false }, bars, [], at),
    ).toBeNull();
  });

  it('takes previous_signal from the analysis without the last session that counts', () => {
    const traded = bars.map((b, i) => ({ ...b, volume: 1000 + i }));
    const rows = buildSnapshotRows(
      { id: 1, countryId: MARKET_US, currency: 'USD', isIndex: false },
      traded,
      [],
      at,
    )!;
    const before = analyzeTicker(traded.slice(0, -1), { usdPerUnit: 1 })!;
    expect(rows.map((r) => r.previousSignal)).toEqual(
      [1, 2, 3].map((tf) => before.byTimeframe[tf as 1 | 2 | 3].signal),
    );
  });
});

describe.each(testDbKinds())('market sync on %s', (kind) => {
  let handle: DbHandle;
  let db: Db;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    invalidateMarketCache();
  });
  afterAll(async () => {
    invalidateMarketCache();
    await handle?.close();
  });

  it('resumes after an interruption and ends with exactly the provider’s bars and their analysis', async () => {
    const network = new MarketDataError('NETWORK', 'connection reset');
    const flaky = new RecordingProvider((symbol) => (symbol === 'LSG' ? network : undefined));
    await expect(sync(db, flaky, FIRST_END)).rejects.toBe(network);
    const stored = await db
      .select({ key: syncState.key })
      .from(syncState)
      .where(eq(syncState.provider, 'demo'));
    const storedKeys = stored.map((r) => r.key).filter((k) => k.startsWith('bars:'));
    expect(storedKeys.length).toBeGreaterThan(0);
    expect(storedKeys).not.toContain('bars:160:LSG');

    const steady = new RecordingProvider();
    const result = await sync(db, steady, FIRST_END);
    // Only the series that had not been stored were asked for again.
    expect(steady.calls.map((c) => c.symbol).sort()).toEqual(
      SYMBOLS.filter((s) => !storedKeys.includes(`bars:${MARKET_OF[s]}:${s}`)).sort(),
    );
    expect(steady.calls.every((c) => c.from === '2018-10-22' && c.to === FIRST_END)).toBe(true);
    expect(result.failures).toEqual([]);
    expect(result.analysis?.asOf).toBe(FIRST_END);
    expect(result.analysis?.analysed).toBe(SYMBOLS.length);

    const demo = new DemoProvider();
    const usdNok = await getFxRates(db);
    for (const symbol of SYMBOLS) {
      const ticker = await tickerRow(db, symbol);
      const market = ticker.countryId as MarketId;
      const range = { from: '2018-10-22', to: FIRST_END };
      const expected = ticker.isIndex
        ? await demo.getIndexBars(market, range)
        : await demo.getDailyBars(symbol, market, range);
      const bars = await loadBars(db, ticker.id);
      expect(bars).toEqual(expected);
      // The expectation comes from the analysis engine on the provider's own bars, not from the
      // sync's snapshot builder: indexes (no volume) are analysed with unit volume, NOK figures are
      // turned into USD at the USD/NOK close of the last session, and previous_signal is the
      // engine's signal without that session.
      const nokPerUsd = usdNok.find((r) => r.date === FIRST_END)?.rate;
      expect(nokPerUsd).toBeGreaterThan(0);
      const input = ticker.isIndex ? expected.map((b) => (b.volume > 0 ? b : { ...b, volume: 1 })) : expected;
      const usdPerUnit = ticker.currency === 'USD' ? 1 : 1 / nokPerUsd!;
      const now = analyzeTicker(input, { usdPerUnit })!;
      const before = analyzeTicker(input.slice(0, -1), { usdPerUnit })!;
      for (const tf of [1, 2, 3] as const) {
        const snap = await latestSnapshot(db, ticker.id, tf);
        expect({
          symbol,
          tf,
          date: snap.date,
          score: snap.technicalScore,
          signal: snap.signal,
          prev: snap.previousSignal,
          rsi: snap.rsi,
        }).toEqual({
          symbol,
          tf,
          date: FIRST_END,
          score: now.byTimeframe[tf].technicalScore,
          signal: now.byTimeframe[tf].signal,
          prev: before.byTimeframe[tf].signal,
          rsi: now.byTimeframe[tf].rsi,
        });
      }
    }
  });

  it('writes nothing and asks for nothing on a second run to the same date', async () => {
    const before = await barCount(db);
    const provider = new RecordingProvider();
    const again = await sync(db, provider, FIRST_END);
    expect(again).toMatchObject({ barsWritten: 0, fxWritten: 0, upToDate: SYMBOLS.length, failures: [] });
    expect(again.analysis).toEqual({ analysed: 0, skipped: 0, asOf: null, moved: [] });
    expect(again.alerts).toEqual([]);
    expect(provider.calls).toEqual([]);
    expect(await barCount(db)).toBe(before);
  });

  it('extends incrementally; previous_signal is the signal one session earlier; lists see the new day', async () => {
    const before = await listTickers(db, {
      countryId: MARKET_OSLO,
      timeframe: 2,
      page: 1,
      pageSize: 50,
      sort: 'symbol',
      order: 'asc',
      filters: [],
    });
    expect(before.items.every((i) => i.date === FIRST_END)).toBe(true);

    const provider = new RecordingProvider();
    const toTuesday = await sync(db, provider, '2025-10-28');
    // Thursday 23rd to Tuesday 28th: four weekdays for each of the seven series.
    expect(toTuesday.barsWritten).toBe(4 * SYMBOLS.length);
    // Each series is asked from its third-newest stored bar on (the overlap re-reads the last three
    // stored sessions: Mon 20, Tue 21, Wed 22 October); unchanged days write nothing.
    expect(provider.calls.every((c) => c.from === '2025-10-20')).toBe(true);
    const eqnr = await tickerRow(db, 'EQNR');
    const tuesday = await latestSnapshot(db, eqnr.id, 2);

    const toWednesday = await sync(db, new RecordingProvider(), '2025-10-29');
    expect(toWednesday.barsWritten).toBe(SYMBOLS.length);
    const wednesday = await latestSnapshot(db, eqnr.id, 2);
    expect(wednesday.date).toBe('2025-10-29');
    expect(wednesday.previousSignal).toBe(tuesday.signal);
    // The older rows stay as history, no longer latest.
    const history = await db
      .select({ date: analysisSnapshots.date, isLatest: analysisSnapshots.isLatest })
      .from(analysisSnapshots)
      .where(and(eq(analysisSnapshots.tickerId, eqnr.id), eq(analysisSnapshots.timeframe, 2)));
    expect(history.map((h) => [h.date, h.isLatest]).sort()).toEqual([
      ['2025-10-22', false],
      ['2025-10-28', false],
      ['2025-10-29', true],
    ]);

    const after = await listTickers(db, {
      countryId: MARKET_OSLO,
      timeframe: 2,
      page: 1,
      pageSize: 50,
      sort: 'symbol',
      order: 'asc',
      filters: [],
    });
    expect(after.items.map((i) => i.date)).toEqual(before.items.map(() => '2025-10-29'));
    expect(after.items.find((i) => i.symbol === 'EQNR')?.previous_signal).toBe(tuesday.signal);
  });

  it('notes a series the provider does not have and goes on; the next run catches it up', async () => {
    const provider = new RecordingProvider((symbol) =>
      symbol === 'DNB' ? new MarketDataError('UNKNOWN_SYMBOL', 'no such symbol DNB') : undefined,
    );
    const result = await sync(db, provider, '2025-10-31');
    expect(result.failures).toEqual([
      { countryId: MARKET_OSLO, symbol: 'DNB', message: 'no such symbol DNB' },
    ]);
    expect(result.barsWritten).toBe(2 * (SYMBOLS.length - 1));
    const dnb = await tickerRow(db, 'DNB');
    expect((await latestSnapshot(db, dnb.id, 2)).date).toBe('2025-10-29');

    const catchUp = await sync(db, new RecordingProvider(), '2025-10-31');
    expect(catchUp.barsWritten).toBe(2);
    expect(catchUp.analysis?.analysed).toBe(1);
    expect((await latestSnapshot(db, dnb.id, 2)).date).toBe('2025-10-31');
  });

  it('stops at a failure that concerns every request (no access) and keeps what it stored', async () => {
    const denied = new MarketDataError('UNAUTHORIZED', 'invalid token', { status: 403 });
    const before = await barCount(db);
    await expect(sync(db, new RecordingProvider(() => denied), '2025-11-03')).rejects.toBe(denied);
    expect(await barCount(db)).toBeGreaterThanOrEqual(before);
  });

  describe('importPriceCsv', () => {
    const header = 'date,open,high,low,close,volume';
    /** Sixty daily rows from 6 January 2025; `close` overrides the last row's close (and high). */
    const csvRows = (lastClose?: number) =>
      Array.from({ length: 60 }, (_, i) => {
        const date = new Date(Date.UTC(2025, 0, 6) + i * 86_400_000).toISOString().slice(0, 10);
        const close = i === 59 && lastClose !== undefined ? lastClose : 100 + i + (i % 3);
        return `${date},${close},${close + 1},${close - 1},${close},${1000 + i}`;
      });
    const rows = csvRows();

    it('refuses a file with bad rows as a whole, with line numbers, writing nothing', async () => {
      const csv = [
        header,
        rows[0],
        '2025-01-07,1,2,0.5,abc,100',
        rows[2],
        '2025-13-01,1,1,1,1,1',
        rows[3],
      ].join('\n');
      const result = await importPriceCsv(db, { csv, symbol: 'TESTX', countryId: MARKET_OSLO });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.errors.map((e) => e.line)).toEqual([3, 5]);
      expect(result.errors[0].message).toMatch(/close is not a number/);
      expect(await tickerRow(db, 'TESTX')).toBeUndefined();
    });

    it('stores a good file as a new ticker with its analysis; re-importing writes nothing; a change rewrites the row', async () => {
      const csv = [header, ...rows, '2025-03-07,150,151,149,150,0'].join('\r\n');
      const first = await importPriceCsv(db, { csv, symbol: 'testx', countryId: MARKET_OSLO });
      expect(first).toMatchObject({
        ok: true,
        symbol: 'TESTX',
        created: true,
        rows: 61,
        barsWritten: 60,
        zeroVolumeDropped: 1,
      });
      if (!first.ok) return;
      expect(first.analysis).toMatchObject({ analysed: 1, asOf: '2025-03-06' });
      const ticker = await tickerRow(db, 'TESTX');
      expect(ticker).toMatchObject({
        countryId: MARKET_OSLO,
        currency: 'NOK',
        isIndex: false,
        name: 'TESTX',
      });
      expect((await latestSnapshot(db, ticker.id, 1)).close).toBe(161);

      const again = await importPriceCsv(db, { csv, symbol: 'TESTX', countryId: MARKET_OSLO });
      expect(again).toMatchObject({ ok: true, created: false, barsWritten: 0 });

      const changed = [header, ...csvRows(170), '2025-03-07,150,151,149,150,0'].join('\r\n');
      const third = await importPriceCsv(db, { csv: changed, symbol: 'TESTX', countryId: MARKET_OSLO });
      expect(third).toMatchObject({ ok: true, barsWritten: 1 });
      expect((await latestSnapshot(db, ticker.id, 1)).close).toBe(170);
    });
  });

  describe('prepareDemoMarketData', () => {
    it('does nothing when EODHD is configured', async () => {
      const result = await prepareDemoMarketData(db, { env: { EODHD_API_TOKEN: 'token' } });
      expect(result.action).toBe('skipped');
      expect(result.reason).toMatch(/market:sync/);
    });

    it('does nothing when a market holds another provider’s data', async () => {
      await setSyncState(db, 'eodhd', `market:${MARKET_US}`, '2026-01-02');
      const result = await prepareDemoMarketData(db, { env: {} });
      expect(result).toMatchObject({ action: 'skipped', reason: expect.stringMatching(/eodhd/) });
    });
  });
});
