/** @jest-environment node */
// The market repository on PGlite (and PostgreSQL with TEST_DATABASE_URL): bulk upserts count what
// they write, reads return ISO dates and exact floats, snapshots keep one latest row, search ranks.
import { and, eq } from 'drizzle-orm';

import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Bar } from '@/lib/types/market';
import type { Db, DbHandle } from '@/server/db';
import { analysisSnapshots } from '@/server/db/schema';
import {
  bumpMarketDataVersion,
  findTickersNeedingAnalysis,
  getMarketDataVersion,
  getCloseSeries,
  getFxRates,
  getLastBarDates,
  getLatestCloses,
  getLatestFxRate,
  getMarketSource,
  listIndexMemberIds,
  loadBars,
  loadBarsForTickers,
  loadLastBars,
  replaceIndexMembers,
  setSyncState,
  upsertDailyBars,
  upsertFxRates,
  upsertMarkets,
  upsertTickers,
  writeAnalysisSnapshots,
  type NewSnapshotRow,
  type TickerUpsert,
} from '@/server/repositories/marketRepository';

import { openTestDatabase, testDbKinds } from '../../helpers/db';
import { OSLO_MARKET } from '../../helpers/markets';

function ticker(
  countryId: MarketId,
  symbol: string,
  name: string,
  extra: Partial<TickerUpsert> = {},
): TickerUpsert {
  return {
    countryId,
    symbol,
    name,
    searchName: foldForSearch(name),
    exchange: countryId === MARKET_OSLO ? 'OL' : 'NASDAQ',
    currency: countryId === MARKET_OSLO ? 'NOK' : 'USD',
    sector: null,
    isin: null,
    img: '',
    isIndex: false,
    ...extra,
  };
}

/** `n` weekday-agnostic daily bars from 2020-01-01 with awkward floats. */
function makeBars(n: number, start = Date.UTC(2020, 0, 1)): Bar[] {
  return Array.from({ length: n }, (_, i) => {
    const close = 100 + Math.sin(i) * 7.123456789012345 + i / 3;
    return {
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      open: close - 0.1,
      high: close + 0.7,
      low: close - 0.9,
      close,
      volume: 1000 + i,
    };
  });
}

function snapshot(
  tickerId: number,
  countryId: MarketId,
  date: string,
  timeframe: number,
  score: number,
): NewSnapshotRow {
  return {
    tickerId,
    timeframe,
    date,
    countryId,
    isIndex: false,
    close: 1,
    changePct: 0,
    volume: 1,
    technicalScore: score,
    signal: score >= 0.5 ? 'buy' : score <= -0.5 ? 'sell' : 'hold',
    previousSignal: null,
    overallScore: score,
    trendScore: 0,
    supportResistanceScore: 0,
    momentumScore: 0,
    volumeScore: 0,
    rsi: 50,
    volbal5: 0,
    volbal22: 0,
    volbal66: 0,
    volatilityPct: 10,
    volatilityRisk: 2,
    turnoverAvg66: 1,
    liquidityRisk: 4,
    trend: {
      direction: 'horizontal',
      from: date,
      to: date,
      lower: [1, 1],
      upper: [1, 1],
      slopePctPerYear: 0,
    },
    supports: [],
    resistances: [],
  };
}

describe.each(testDbKinds())('marketRepository on %s', (kind) => {
  let handle: DbHandle;
  let db: Db;
  let ids: Record<string, number>;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    await upsertMarkets(db, [
      { ...OSLO_MARKET, img: '' },
      {
        id: MARKET_US,
        exchange: 'NASDAQ',
        name: 'US Stocks',
        mainIndex: 'NASDAQ 100',
        mainIndexSymbol: 'NDX.INDX',
        currency: 'USD',
        img: '',
      },
    ]);
    const rows = await upsertTickers(db, [
      ticker(MARKET_OSLO, 'EQNR', 'Equinor ASA', {
        isin: 'NO0010096985',
        sector: 'Energy',
        img: '/eqnr.svg',
      }),
      ticker(MARKET_OSLO, 'LSG', 'Lerøy Seafood Group ASA'),
      ticker(MARKET_OSLO, 'VAR', 'Vår Energi ASA'),
      ticker(MARKET_OSLO, 'AKER', 'Aker ASA'),
      ticker(MARKET_OSLO, 'SPOL', 'SpareBank 1 Østlandet'),
      ticker(MARKET_OSLO, 'OSEBX.INDX', 'Oslo Børs Benchmark Index', { isIndex: true }),
      ticker(MARKET_US, 'EQIX', 'Equinix, Inc.'),
      ticker(MARKET_US, 'QQQE', 'Some Equity Fund'),
      ticker(MARKET_US, 'BRK.B', 'Berkshire Hathaway'),
    ]);
    ids = Object.fromEntries(rows.map((r) => [r.symbol, r.id]));
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('upserts tickers on market + symbol: ids stay, a missing ISIN, sector or logo never erases one', async () => {
    const [again] = await upsertTickers(db, [ticker(MARKET_OSLO, 'EQNR', 'Equinor ASA (new name)')]);
    expect(again).toMatchObject({
      id: ids.EQNR,
      name: 'Equinor ASA (new name)',
      searchName: 'equinor asa new name',
      isin: 'NO0010096985',
      sector: 'Energy',
      img: '/eqnr.svg',
    });
    await upsertTickers(db, [ticker(MARKET_OSLO, 'EQNR', 'Equinor ASA')]);
  });

  it('writes bars in bulk, counting only new or changed rows; reads them back exactly, with ISO dates', async () => {
    const bars = makeBars(12_345);
    expect(await upsertDailyBars(db, ids.EQNR, bars)).toBe(12_345);
    expect(await upsertDailyBars(db, ids.EQNR, bars)).toBe(0);
    const changed = bars.slice(100, 103).map((b, i) => (i === 1 ? { ...b, close: b.close + 0.01 } : b));
    expect(await upsertDailyBars(db, ids.EQNR, changed)).toBe(1);
    const stored = await loadBars(db, ids.EQNR);
    expect(stored).toHaveLength(12_345);
    expect(stored[101].close).toBe(bars[101].close + 0.01);
    expect(stored[0]).toEqual(bars[0]);
    expect(stored[12_344]).toEqual(bars[12_344]);
    expect(await loadBars(db, ids.EQNR, { from: bars[10].date, to: bars[12].date })).toEqual(
      bars.slice(10, 13),
    );
    expect(await loadLastBars(db, ids.EQNR, 3)).toEqual(bars.slice(-3));
  });

  it('reads several series, last dates, latest closes (also as of a date) and close series', async () => {
    const lsg = makeBars(30, Date.UTC(2024, 0, 1));
    await upsertDailyBars(db, ids.LSG, lsg);
    const series = await loadBarsForTickers(db, [ids.LSG, ids.VAR]);
    expect(series.get(ids.LSG)).toEqual(lsg);
    expect(series.has(ids.VAR)).toBe(false);
    expect(await getLastBarDates(db, [ids.LSG, ids.VAR])).toEqual(new Map([[ids.LSG, lsg[29].date]]));
    const closes = await getLatestCloses(db, [ids.LSG, ids.VAR], lsg[9].date);
    expect(closes).toEqual(
      new Map([[ids.LSG, { date: lsg[9].date, close: lsg[9].close, previousClose: lsg[8].close }]]),
    );
    // Only one session on or before the date: no close before it.
    expect(await getLatestCloses(db, [ids.LSG], lsg[0].date)).toEqual(
      new Map([[ids.LSG, { date: lsg[0].date, close: lsg[0].close, previousClose: null }]]),
    );
    const closeSeries = await getCloseSeries(db, [ids.LSG, ids.VAR], { from: lsg[27].date });
    expect(closeSeries.get(ids.LSG)?.dates).toEqual(lsg.slice(27).map((b) => b.date));
    expect([...closeSeries.get(ids.LSG)!.closes]).toEqual(lsg.slice(27).map((b) => b.close));
    expect(closeSeries.get(ids.VAR)?.dates).toEqual([]);
    expect(closeSeries.get(ids.VAR)?.closes.length).toBe(0);
  });

  it('stores FX idempotently and finds the rate on or before a date', async () => {
    const rates = [
      { date: '2025-01-02', rate: 11.1 },
      { date: '2025-01-03', rate: 11.2 },
      { date: '2025-01-06', rate: 11.3 },
    ];
    expect(await upsertFxRates(db, 'USDNOK', rates)).toBe(3);
    expect(await upsertFxRates(db, 'USDNOK', rates)).toBe(0);
    expect(await upsertFxRates(db, 'USDNOK', [{ date: '2025-01-06', rate: 11.35 }])).toBe(1);
    expect(await getFxRates(db)).toEqual([...rates.slice(0, 2), { date: '2025-01-06', rate: 11.35 }]);
    // A range cuts both ends; a pair without rates, or a range without any, is empty.
    expect(await getFxRates(db, 'USDNOK', { from: '2025-01-03', to: '2025-01-05' })).toEqual([rates[1]]);
    expect(await getFxRates(db, 'EURNOK')).toEqual([]);
    expect(await getFxRates(db, 'USDNOK', { to: '2024-12-31' })).toEqual([]);
    expect(await getLatestFxRate(db, 'USDNOK', '2025-01-05')).toEqual({ date: '2025-01-03', rate: 11.2 });
    expect(await getLatestFxRate(db)).toEqual({ date: '2025-01-06', rate: 11.35 });
    expect(await getLatestFxRate(db, 'EURNOK')).toBeUndefined();
    // A rate with many digits comes back as the very double stored.
    await upsertFxRates(db, 'USDNOK', [{ date: '2025-01-07', rate: 10.123456789012345 }]);
    expect((await getFxRates(db, 'USDNOK', { from: '2025-01-07' }))[0].rate).toBe(10.123456789012345);
  });

  it('replaces index members with the exact set given', async () => {
    await replaceIndexMembers(db, ids['OSEBX.INDX'], [ids.EQNR, ids.LSG, ids.VAR]);
    await replaceIndexMembers(db, ids['OSEBX.INDX'], [ids.LSG, ids.AKER]);
    expect(await listIndexMemberIds(db, ids['OSEBX.INDX'])).toEqual(
      [ids.LSG, ids.AKER].sort((a, b) => a - b),
    );
  });

  it('keeps exactly one latest snapshot per ticker and timeframe, and knows which tickers need analysis', async () => {
    expect((await findTickersNeedingAnalysis(db)).sort()).toEqual([ids.EQNR, ids.LSG].sort());
    const lsgLast = (await getLastBarDates(db, [ids.LSG])).get(ids.LSG)!;
    await writeAnalysisSnapshots(
      db,
      [1, 2, 3].map((tf) => snapshot(ids.LSG, MARKET_OSLO, '2024-01-29', tf, 0.1)),
    );
    await writeAnalysisSnapshots(
      db,
      [1, 2, 3].map((tf) => snapshot(ids.LSG, MARKET_OSLO, lsgLast, tf, 0.6)),
    );
    // A repeated (ticker, timeframe, date) replaces the row.
    await writeAnalysisSnapshots(
      db,
      [1, 2, 3].map((tf) => snapshot(ids.LSG, MARKET_OSLO, lsgLast, tf, 0.7)),
    );
    const rows = await db
      .select({
        date: analysisSnapshots.date,
        latest: analysisSnapshots.isLatest,
        score: analysisSnapshots.technicalScore,
      })
      .from(analysisSnapshots)
      .where(and(eq(analysisSnapshots.tickerId, ids.LSG), eq(analysisSnapshots.timeframe, 2)));
    expect(rows.sort((a, b) => a.date.localeCompare(b.date))).toEqual([
      { date: '2024-01-29', latest: false, score: 0.1 },
      { date: lsgLast, latest: true, score: 0.7 },
    ]);
    expect(await findTickersNeedingAnalysis(db)).toEqual([ids.EQNR]);
    expect(await findTickersNeedingAnalysis(db, [ids.LSG])).toEqual([]);
  });

  it('stamps market-data versions and remembers which provider synced a market', async () => {
    expect(await getMarketDataVersion(db)).toBeNull();
    await bumpMarketDataVersion(db, '2025-01-06');
    const first = await getMarketDataVersion(db);
    expect(first).toMatch(/^2025-01-06@\d+$/);
    // Without a date the stamp keeps the last one, but it still changes.
    await bumpMarketDataVersion(db);
    const second = await getMarketDataVersion(db);
    expect(second).toMatch(/^2025-01-06@\d+$/);
    expect(second).not.toBe(first);

    expect(await getMarketSource(db, MARKET_US)).toBeUndefined();
    await setSyncState(db, 'demo', `market:${MARKET_US}`, '2025-01-06');
    expect(await getMarketSource(db, MARKET_US)).toBe('demo');
    await new Promise((r) => setTimeout(r, 5));
    await setSyncState(db, 'eodhd', `market:${MARKET_US}`, '2025-01-07');
    expect(await getMarketSource(db, MARKET_US)).toBe('eodhd');
  });
});
