/** @jest-environment node */
// Issue 42: the snapshot stores each timeframe's chart patterns; the ticker answer carries them and
// tickers/list filters by pattern kind, status and "new today".
import { sql } from 'drizzle-orm';
import { MARKET_OSLO } from '@/lib/constants';
import { tickerListQuerySchema } from '@/lib/schemas/market';
import type { Db, DbHandle } from '@/server/db';
import { dailyBars, markets, tickers } from '@/server/db/schema';
import { recomputeAnalysis } from '@/server/services/market/analysisSnapshotService';
import { invalidateMarketCache } from '@/server/services/market/marketCache';
import { listTickers } from '@/server/services/market/marketListService';
import { getTickerDetail } from '@/server/services/market/marketTickerService';
import { getMarketPatternRecord } from '@/server/services/market/patternRecordService';
import { PATTERN_KINDS } from '@/lib/patterns';
import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { OSLO_MARKET } from '../../../helpers/markets';

const PATT = 1;
const LINE = 2;

const dateOf = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);

/**
 * A double top for the medium timeframe's pivots (span 5): 90 @0 up 1 a session to the top 100 @10,
 * down to the valley 90 @20, up to 100 @30, down to 90 @40 (not below 90 × 0.99 = 89.1), then 88 @41,
 * the last session: the breakout. Height 10, target 80, invalidation 100. The long timeframe's
 * pivots (span 8) need 4 × 8 = 32 sessions from first to last point: the 20 here are too few.
 */
function doubleTop(): number[] {
  const closes: number[] = [];
  for (let i = 0; i <= 40; i++) {
    const leg = Math.floor(i / 10);
    const step = i % 10;
    closes.push(leg % 2 === 0 ? 90 + step : 100 - step);
  }
  closes.push(88);
  return closes;
}

const bars = (tickerId: number, closes: number[]) =>
  closes.map((close, i) => ({
    tickerId,
    date: dateOf(i),
    open: close,
    high: close,
    low: close,
    close,
    volume: 1000,
  }));

describe.each(testDbKinds())('chart patterns in the snapshot and the list on %s', (kind) => {
  let handle: DbHandle;
  let db: Db;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    await db.execute(sql`truncate tickers, markets restart identity cascade`);
    await db.insert(markets).values(OSLO_MARKET);
    const ticker = { countryId: MARKET_OSLO, exchange: 'OL', currency: 'NOK' };
    await db.insert(tickers).values([
      { ...ticker, id: PATT, symbol: 'PATT', name: 'Pattern ASA', searchName: 'pattern asa' },
      { ...ticker, id: LINE, symbol: 'LINE', name: 'Line ASA', searchName: 'line asa' },
    ]);
    await db.insert(dailyBars).values([
      ...bars(PATT, doubleTop()),
      ...bars(
        LINE,
        Array.from({ length: 42 }, (_, i) => 100 + i),
      ),
    ]);
    invalidateMarketCache();
    await recomputeAnalysis(db, { trackRecords: false });
    // A new set of migrations makes the test database's template again (slow on a busy machine).
  }, 240_000);
  afterAll(async () => {
    invalidateMarketCache();
    await handle?.close();
  });

  const list = (query: Record<string, string>) =>
    listTickers(db, tickerListQuerySchema.parse({ countryID: '160', timeframe: '2', ...query }));

  it('answers analysis.patterns with the double top, its breakout, target and invalidation', async () => {
    const detail = await getTickerDetail(db, { tickerId: PATT, timeframe: 2 });
    expect(detail.analysis.patterns).toHaveLength(1);
    expect(detail.analysis.patterns[0]).toMatchObject({
      kind: 'double_top',
      direction: 'sell',
      status: 'completed',
      start: dateOf(10),
      end: dateOf(30),
      points: [
        { date: dateOf(10), price: 100 },
        { date: dateOf(20), price: 90 },
        { date: dateOf(30), price: 100 },
      ],
      breakout_level: 90,
      breakout_date: dateOf(41),
      target: 80,
      // 88 - 10 = 78
      target_zone: [78, 80],
      invalidation: 100,
      volume_confirmed: false,
      active: true,
    });
    expect((await getTickerDetail(db, { tickerId: PATT, timeframe: 3 })).analysis.patterns).toEqual([]);
    expect((await getTickerDetail(db, { tickerId: LINE, timeframe: 2 })).analysis.patterns).toEqual([]);
  });

  it('filters the list by pattern kind, status and new today', async () => {
    const symbols = async (query: Record<string, string>) => (await list(query)).items.map((i) => i.symbol);
    expect(await symbols({})).toEqual(expect.arrayContaining(['PATT', 'LINE']));
    expect(await symbols({ pattern: 'double_top' })).toEqual(['PATT']);
    expect(
      await symbols({ pattern: 'double_top', pattern_status: 'completed', pattern_new: 'true' }),
    ).toEqual(['PATT']);
    expect(await symbols({ pattern_status: 'completed' })).toEqual(['PATT']);
    expect(await symbols({ pattern: 'double_top', pattern_status: 'forming' })).toEqual([]);
    expect(await symbols({ pattern: 'rectangle' })).toEqual([]);
    expect(await symbols({ pattern: 'double_top', timeframe: '3' })).toEqual([]);
    const item = (await list({ pattern: 'double_top' })).items[0];
    expect(item.patterns).toEqual([
      {
        kind: 'double_top',
        direction: 'sell',
        status: 'completed',
        breakout_date: dateOf(41),
        target: 80,
        target_zone: [78, 80],
        invalidation: 100,
      },
    ]);
  });

  it('keeps a record per pattern kind: a row for every kind, the double top counted once', async () => {
    const record = await getMarketPatternRecord(db, { countryId: MARKET_OSLO, timeframe: 2 });
    expect(record).toMatchObject({ country_id: MARKET_OSLO, timeframe: 2, through: dateOf(41), tickers: 2 });
    expect(record.rows.map((r) => [r.kind, r.count])).toEqual(
      PATTERN_KINDS.map((kind) => [kind, kind === 'double_top' ? 1 : 0]),
    );
    // The breakout is the last session: neither target nor invalidation yet, no horizon reached,
    // and no index stored for the market.
    expect(record.rows.find((r) => r.kind === 'double_top')).toEqual({
      kind: 'double_top',
      count: 1,
      reached_target_share: null,
      median_excess_22: null,
      median_excess_66: null,
    });
  });

  it('refuses an unknown pattern kind or status like an unknown segment', () => {
    const unknown = tickerListQuerySchema.safeParse({
      countryID: '160',
      timeframe: '2',
      pattern: 'triangle',
    });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]).toMatchObject({ path: ['pattern'] });
    expect(unknown.error?.issues[0].message).toContain('pattern must be one of head_and_shoulders');
    const status = tickerListQuerySchema.safeParse({
      countryID: '160',
      timeframe: '2',
      pattern_status: 'done',
    });
    expect(status.success).toBe(false);
    expect(status.error?.issues[0]).toMatchObject({ path: ['pattern_status'] });
  });
});
