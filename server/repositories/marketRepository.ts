/**
 * Market data in the database (DESIGN.md §8): markets, tickers, daily bars, USD/NOK, index
 * membership, analysis snapshots and the sync bookkeeping. Market data is not user data, so nothing
 * here takes a user id.
 *
 * Bulk writes pass whole columns as array parameters and `unnest` them in SQL: one statement per
 * ticker instead of one per row (PGlite runs PostgreSQL in WASM, where every statement costs) and far
 * below PostgreSQL's 65,535-parameter limit. Dates are read as `date::text` in raw SQL so that both
 * drivers return ISO strings (node-postgres would otherwise build local-time Date objects).
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';

import type { MarketId, RiskClass, Signal, Timeframe } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import {
  analysisSnapshots,
  dailyBars,
  fxRates,
  indexMembers,
  markets,
  syncState,
  tickers,
} from '@/server/db/schema';

export type TickerRow = typeof tickers.$inferSelect;
export type MarketRow = typeof markets.$inferInsert;
export type NewSnapshotRow = typeof analysisSnapshots.$inferInsert;
export type SnapshotRow = typeof analysisSnapshots.$inferSelect;

/** A ticker as the sync writes it (the id is the database's). */
export interface TickerUpsert {
  countryId: MarketId;
  symbol: string;
  name: string;
  searchName: string;
  exchange: string;
  currency: 'NOK' | 'USD';
  sector: string | null;
  isin: string | null;
  img: string;
  isIndex: boolean;
}

/** One daily FX close. */
export interface FxPoint {
  date: string;
  rate: number;
}

/** The pair key of USD/NOK in fx_rates: NOK per USD. */
export const USDNOK_PAIR = 'USDNOK';

/** Rows per bulk statement for bars (7 columns): well inside any parameter or memory limit. */
const BAR_CHUNK = 5000;
/** Snapshot rows per insert statement (~30 columns each). */
const SNAPSHOT_CHUNK = 300;

async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function intArray(ids: readonly number[]): SQL {
  return sql`${sql.param([...ids])}::int[]`;
}

// ---------------------------------------------------------------------------------------------
// Markets and tickers

/** Insert or refresh the markets (SPEC §3). */
export async function upsertMarkets(db: Db, rows: readonly MarketRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(markets)
    .values([...rows])
    .onConflictDoUpdate({
      target: markets.id,
      set: {
        exchange: sql`excluded.exchange`,
        name: sql`excluded.name`,
        mainIndex: sql`excluded.main_index`,
        mainIndexSymbol: sql`excluded.main_index_symbol`,
        currency: sql`excluded.currency`,
        img: sql`excluded.img`,
      },
    });
}

/**
 * Insert new tickers and refresh known ones (matched on market + symbol, so ids stay stable and
 * portfolios keep pointing at the same rows). A missing ISIN, sector or logo never erases a known one.
 */
export async function upsertTickers(db: Db, rows: readonly TickerUpsert[]): Promise<TickerRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(tickers)
    .values([...rows])
    .onConflictDoUpdate({
      target: [tickers.countryId, tickers.symbol],
      set: {
        name: sql`excluded.name`,
        searchName: sql`excluded.search_name`,
        exchange: sql`excluded.exchange`,
        currency: sql`excluded.currency`,
        sector: sql`coalesce(excluded.sector, ${tickers.sector})`,
        isin: sql`coalesce(excluded.isin, ${tickers.isin})`,
        img: sql`case when excluded.img <> '' then excluded.img else ${tickers.img} end`,
        isIndex: sql`excluded.is_index`,
      },
    })
    .returning();
}

/** The ticker with this id, or undefined. */
export async function findTickerById(db: Db, id: number): Promise<TickerRow | undefined> {
  const rows = await db.select().from(tickers).where(eq(tickers.id, id)).limit(1);
  return rows[0];
}

/** A market's ticker (or index) by exact symbol, or undefined. */
export async function findTickerBySymbol(
  db: Db,
  countryId: MarketId,
  symbol: string,
): Promise<TickerRow | undefined> {
  const rows = await db
    .select()
    .from(tickers)
    .where(and(eq(tickers.countryId, countryId), eq(tickers.symbol, symbol)))
    .limit(1);
  return rows[0];
}

/** Stocks and indexes, optionally of one market and/or kind, ordered by id. */
export function listTickerRows(
  db: Db,
  filter: { countryId?: MarketId; isIndex?: boolean } = {},
): Promise<TickerRow[]> {
  return db
    .select()
    .from(tickers)
    .where(
      and(
        filter.countryId === undefined ? undefined : eq(tickers.countryId, filter.countryId),
        filter.isIndex === undefined ? undefined : eq(tickers.isIndex, filter.isIndex),
      ),
    )
    .orderBy(asc(tickers.id));
}

// ---------------------------------------------------------------------------------------------
// Daily bars

/**
 * Insert or correct one ticker's bars (any number, any order of dates). Returns how many rows were
 * written: new dates plus dates whose values changed; rewriting identical bars writes nothing.
 */
export async function upsertDailyBars(db: Db, tickerId: number, bars: readonly Bar[]): Promise<number> {
  let written = 0;
  for (let start = 0; start < bars.length; start += BAR_CHUNK) {
    const chunk = bars.slice(start, start + BAR_CHUNK);
    const rows = await queryRows<{ n: number }>(
      db,
      sql`
      with written as (
        insert into ${dailyBars} (ticker_id, date, open, high, low, close, volume)
        select ${tickerId}::int, b.* from unnest(
          ${sql.param(chunk.map((b) => b.date))}::date[],
          ${sql.param(chunk.map((b) => b.open))}::float8[],
          ${sql.param(chunk.map((b) => b.high))}::float8[],
          ${sql.param(chunk.map((b) => b.low))}::float8[],
          ${sql.param(chunk.map((b) => b.close))}::float8[],
          ${sql.param(chunk.map((b) => b.volume))}::float8[]
        ) as b(date, open, high, low, close, volume)
        on conflict (ticker_id, date) do update set
          open = excluded.open, high = excluded.high, low = excluded.low,
          close = excluded.close, volume = excluded.volume
        where (daily_bars.open, daily_bars.high, daily_bars.low, daily_bars.close, daily_bars.volume)
          is distinct from (excluded.open, excluded.high, excluded.low, excluded.close, excluded.volume)
        returning 1
      )
      select count(*)::int as n from written`,
    );
    written += Number(rows[0]?.n ?? 0);
  }
  return written;
}

interface BarColumns {
  d: string[] | null;
  o: number[] | null;
  h: number[] | null;
  l: number[] | null;
  c: number[] | null;
  v: number[] | null;
}

function barsFromColumns(cols: BarColumns): Bar[] {
  const dates = cols.d ?? [];
  const out: Bar[] = new Array<Bar>(dates.length);
  for (let i = 0; i < dates.length; i++) {
    out[i] = {
      date: dates[i],
      open: Number(cols.o![i]),
      high: Number(cols.h![i]),
      low: Number(cols.l![i]),
      close: Number(cols.c![i]),
      volume: Number(cols.v![i]),
    };
  }
  return out;
}

const AGGREGATED_BAR_COLUMNS = sql`
  array_agg(date::text order by date) as d, array_agg(open order by date) as o,
  array_agg(high order by date) as h, array_agg(low order by date) as l,
  array_agg(close order by date) as c, array_agg(volume order by date) as v`;

/**
 * One ticker's bars, ascending, optionally limited to [from, to]. Read as six arrays in one row,
 * which both drivers decode several times faster than thousands of rows.
 */
export async function loadBars(
  db: Db,
  tickerId: number,
  range: { from?: string; to?: string } = {},
): Promise<Bar[]> {
  const from = range.from === undefined ? sql`` : sql`and date >= ${range.from}::date`;
  const to = range.to === undefined ? sql`` : sql`and date <= ${range.to}::date`;
  const rows = await queryRows<BarColumns>(
    db,
    sql`select ${AGGREGATED_BAR_COLUMNS} from ${dailyBars} where ticker_id = ${tickerId} ${from} ${to}`,
  );
  return rows[0] ? barsFromColumns(rows[0]) : [];
}

/** The last `count` bars of a ticker, ascending (a backward walk of the primary key). */
export async function loadLastBars(db: Db, tickerId: number, count: number): Promise<Bar[]> {
  const rows = await queryRows<BarColumns>(
    db,
    sql`select ${AGGREGATED_BAR_COLUMNS} from (
      select date, open, high, low, close, volume from ${dailyBars}
      where ticker_id = ${tickerId} order by date desc limit ${count}
    ) last_bars`,
  );
  return rows[0] ? barsFromColumns(rows[0]) : [];
}

/** Every bar of several tickers, ascending per ticker (the analysis reads whole series). */
export async function loadBarsForTickers(db: Db, tickerIds: readonly number[]): Promise<Map<number, Bar[]>> {
  const out = new Map<number, Bar[]>();
  if (tickerIds.length === 0) return out;
  const rows = await queryRows<BarColumns & { ticker_id: number }>(
    db,
    sql`select ticker_id, ${AGGREGATED_BAR_COLUMNS} from ${dailyBars}
        where ticker_id = any(${intArray(tickerIds)}) group by ticker_id`,
  );
  for (const row of rows) out.set(Number(row.ticker_id), barsFromColumns(row));
  return out;
}

/** The date of each ticker's newest bar (tickers without bars are absent). */
export async function getLastBarDates(db: Db, tickerIds: readonly number[]): Promise<Map<number, string>> {
  if (tickerIds.length === 0) return new Map();
  const rows = await queryRows<{ ticker_id: number; date: string }>(
    db,
    sql`select t.id as ticker_id, b.date::text as date
        from unnest(${intArray(tickerIds)}) as t(id)
        cross join lateral (
          select date from ${dailyBars} where ticker_id = t.id order by date desc limit 1
        ) b`,
  );
  return new Map(rows.map((r) => [Number(r.ticker_id), r.date]));
}

/**
 * The last close of each ticker, on or before `onOrBefore` when given (for position values).
 * Tickers without a bar in range are absent.
 */
export async function getLatestCloses(
  db: Db,
  tickerIds: readonly number[],
  onOrBefore?: string,
): Promise<Map<number, { date: string; close: number }>> {
  if (tickerIds.length === 0) return new Map();
  const until = onOrBefore === undefined ? sql`` : sql`and date <= ${onOrBefore}::date`;
  const rows = await queryRows<{ ticker_id: number; date: string; close: number }>(
    db,
    sql`select t.id as ticker_id, b.date::text as date, b.close
        from unnest(${intArray(tickerIds)}) as t(id)
        cross join lateral (
          select date, close from ${dailyBars} where ticker_id = t.id ${until} order by date desc limit 1
        ) b`,
  );
  return new Map(rows.map((r) => [Number(r.ticker_id), { date: r.date, close: Number(r.close) }]));
}

/** Daily closes of several tickers in [from, to], ascending per ticker (for performance series). */
export async function getCloseSeries(
  db: Db,
  tickerIds: readonly number[],
  range: { from?: string; to?: string } = {},
): Promise<Map<number, { date: string; close: number }[]>> {
  const out = new Map<number, { date: string; close: number }[]>(tickerIds.map((id) => [id, []]));
  if (tickerIds.length === 0) return out;
  const from = range.from === undefined ? sql`` : sql`and date >= ${range.from}::date`;
  const to = range.to === undefined ? sql`` : sql`and date <= ${range.to}::date`;
  const rows = await queryRows<{ ticker_id: number; d: string[]; c: number[] }>(
    db,
    sql`select ticker_id, array_agg(date::text order by date) as d, array_agg(close order by date) as c
        from ${dailyBars} where ticker_id = any(${intArray(tickerIds)}) ${from} ${to}
        group by ticker_id`,
  );
  for (const row of rows) {
    out.set(
      Number(row.ticker_id),
      row.d.map((date, i) => ({ date, close: Number(row.c[i]) })),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// FX

/** Insert or correct daily FX closes of a pair; returns the rows written (unchanged ones are not). */
export async function upsertFxRates(db: Db, pair: string, rates: readonly FxPoint[]): Promise<number> {
  if (rates.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with written as (
      insert into ${fxRates} (pair, date, rate)
      select ${pair}, r.* from unnest(
        ${sql.param(rates.map((r) => r.date))}::date[],
        ${sql.param(rates.map((r) => r.rate))}::float8[]
      ) as r(date, rate)
      on conflict (pair, date) do update set rate = excluded.rate
      where fx_rates.rate is distinct from excluded.rate
      returning 1
    )
    select count(*)::int as n from written`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Daily closes of a pair (USDNOK = NOK per USD), ascending, optionally within [from, to]. */
export async function getFxRates(
  db: Db,
  pair: string = USDNOK_PAIR,
  range: { from?: string; to?: string } = {},
): Promise<FxPoint[]> {
  const from = range.from === undefined ? sql`` : sql`and date >= ${range.from}::date`;
  const to = range.to === undefined ? sql`` : sql`and date <= ${range.to}::date`;
  const rows = await queryRows<{ date: string; rate: number }>(
    db,
    sql`select date::text as date, rate from ${fxRates} where pair = ${pair} ${from} ${to} order by date`,
  );
  return rows.map((r) => ({ date: r.date, rate: Number(r.rate) }));
}

/** The latest close of a pair on or before `onOrBefore` (default: the latest of all), or undefined. */
export async function getLatestFxRate(
  db: Db,
  pair: string = USDNOK_PAIR,
  onOrBefore?: string,
): Promise<FxPoint | undefined> {
  const until = onOrBefore === undefined ? sql`` : sql`and date <= ${onOrBefore}::date`;
  const rows = await queryRows<{ date: string; rate: number }>(
    db,
    sql`select date::text as date, rate from ${fxRates} where pair = ${pair} ${until} order by date desc limit 1`,
  );
  return rows[0] ? { date: rows[0].date, rate: Number(rows[0].rate) } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Index membership

/** Make `memberIds` the exact member set of the index. */
export async function replaceIndexMembers(
  db: Db,
  indexTickerId: number,
  memberIds: readonly number[],
): Promise<void> {
  await db.execute(
    sql`delete from ${indexMembers} where index_ticker_id = ${indexTickerId}
        and not (member_ticker_id = any(${intArray(memberIds)}))`,
  );
  if (memberIds.length === 0) return;
  await db
    .insert(indexMembers)
    .values(memberIds.map((memberTickerId) => ({ indexTickerId, memberTickerId })))
    .onConflictDoNothing();
}

/** The member ticker ids of an index, ascending. */
export async function listIndexMemberIds(db: Db, indexTickerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: indexMembers.memberTickerId })
    .from(indexMembers)
    .where(eq(indexMembers.indexTickerId, indexTickerId))
    .orderBy(asc(indexMembers.memberTickerId));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Sync bookkeeping

/** Every sync_state row of a provider: key -> last date (null when none yet). */
export async function getSyncStates(db: Db, provider: string): Promise<Map<string, string | null>> {
  const rows = await db
    .select({ key: syncState.key, lastDate: syncState.lastDate })
    .from(syncState)
    .where(eq(syncState.provider, provider));
  return new Map(rows.map((r) => [r.key, r.lastDate]));
}

/** Record how far a provider's series (or step) got. */
export async function setSyncState(
  db: Db,
  provider: string,
  key: string,
  lastDate: string | null,
): Promise<void> {
  await db
    .insert(syncState)
    .values({ provider, key, lastDate, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [syncState.provider, syncState.key],
      set: { lastDate: sql`excluded.last_date`, updatedAt: sql`excluded.updated_at` },
    });
}

/** The provider that last synced a market (its `market:<id>` row is the newest), or undefined. */
export async function getMarketSource(db: Db, countryId: MarketId): Promise<string | undefined> {
  const rows = await db
    .select({ provider: syncState.provider })
    .from(syncState)
    .where(eq(syncState.key, `market:${countryId}`))
    .orderBy(sql`${syncState.updatedAt} desc`)
    .limit(1);
  return rows[0]?.provider;
}

const VERSION_PROVIDER = 'market-data';
const VERSION_KEY = 'version';

/**
 * Stamp a change of the market data that readers cache (tickers, snapshots). Readers in this
 * process or any other compare the stamp, so a sync anywhere invalidates their caches. `asOf` (the
 * newest analysed session) is kept when not given.
 */
export async function bumpMarketDataVersion(db: Db, asOf?: string | null): Promise<void> {
  await db
    .insert(syncState)
    .values({
      provider: VERSION_PROVIDER,
      key: VERSION_KEY,
      lastDate: asOf ?? null,
      updatedAt: sql`clock_timestamp()`,
    })
    .onConflictDoUpdate({
      target: [syncState.provider, syncState.key],
      set: {
        lastDate: sql`coalesce(excluded.last_date, ${syncState.lastDate})`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
}

/** The market-data stamp ("<as-of>@<microseconds>"), or null before the first sync. */
export async function getMarketDataVersion(db: Db): Promise<string | null> {
  const rows = await queryRows<{ v: string }>(
    db,
    sql`select coalesce(last_date::text, '') || '@' || (extract(epoch from updated_at) * 1000000)::bigint::text as v
        from ${syncState} where provider = ${VERSION_PROVIDER} and key = ${VERSION_KEY}`,
  );
  return rows[0]?.v ?? null;
}

// ---------------------------------------------------------------------------------------------
// Analysis snapshots

/**
 * Store new snapshots as the latest of their tickers: older rows of those tickers lose `is_latest`,
 * a row for an existing (ticker, timeframe, date) is replaced. One transaction, so readers never
 * see a ticker without a latest snapshot.
 */
export async function writeAnalysisSnapshots(db: Db, rows: readonly NewSnapshotRow[]): Promise<void> {
  if (rows.length === 0) return;
  const tickerIds = [...new Set(rows.map((r) => r.tickerId))];
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update ${analysisSnapshots} set is_latest = false
          where is_latest and ticker_id = any(${intArray(tickerIds)})`,
    );
    for (let start = 0; start < rows.length; start += SNAPSHOT_CHUNK) {
      const chunk = rows.slice(start, start + SNAPSHOT_CHUNK).map((r) => ({ ...r, isLatest: true }));
      await tx
        .insert(analysisSnapshots)
        .values(chunk)
        .onConflictDoUpdate({
          target: [analysisSnapshots.tickerId, analysisSnapshots.timeframe, analysisSnapshots.date],
          set: SNAPSHOT_UPDATE,
        });
    }
  });
}

/** On a repeated (ticker, timeframe, date): every computed column from the new row. */
const SNAPSHOT_UPDATE = Object.fromEntries(
  (
    [
      'is_latest',
      'country_id',
      'is_index',
      'close',
      'change_pct',
      'volume',
      'technical_score',
      'signal',
      'previous_signal',
      'overall_score',
      'trend_score',
      'support_resistance_score',
      'momentum_score',
      'volume_score',
      'rsi',
      'volbal_5',
      'volbal_22',
      'volbal_66',
      'volatility_pct',
      'volatility_risk',
      'turnover_avg_66',
      'liquidity_risk',
      'trend',
      'supports',
      'resistances',
      'computed_at',
    ] as const
  ).map((column) => [camel(column), sql.raw(`excluded.${column}`)]),
);

function camel(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_m, ch: string) => ch.toUpperCase());
}

/** A latest snapshot joined with its ticker: what list rows are made of. */
export interface LatestSnapshotListRow {
  tickerId: number;
  symbol: string;
  name: string;
  img: string;
  countryId: MarketId;
  currency: string;
  isIndex: boolean;
  date: string;
  close: number;
  changePct: number;
  volume: number;
  technicalScore: number;
  signal: Signal;
  previousSignal: Signal | null;
  rsi: number;
  volbal22: number;
  liquidityRisk: RiskClass;
  volatilityRisk: RiskClass;
}

/** The latest snapshots of a market's stocks (or indexes) for one timeframe, with their tickers. */
export async function listLatestSnapshots(
  db: Db,
  filter: { countryId: MarketId; timeframe: Timeframe; isIndex: boolean },
): Promise<LatestSnapshotListRow[]> {
  const rows = await db
    .select({
      tickerId: tickers.id,
      symbol: tickers.symbol,
      name: tickers.name,
      img: tickers.img,
      countryId: tickers.countryId,
      currency: tickers.currency,
      isIndex: tickers.isIndex,
      date: analysisSnapshots.date,
      close: analysisSnapshots.close,
      changePct: analysisSnapshots.changePct,
      volume: analysisSnapshots.volume,
      technicalScore: analysisSnapshots.technicalScore,
      signal: analysisSnapshots.signal,
      previousSignal: analysisSnapshots.previousSignal,
      rsi: analysisSnapshots.rsi,
      volbal22: analysisSnapshots.volbal22,
      liquidityRisk: analysisSnapshots.liquidityRisk,
      volatilityRisk: analysisSnapshots.volatilityRisk,
    })
    .from(analysisSnapshots)
    .innerJoin(tickers, eq(tickers.id, analysisSnapshots.tickerId))
    .where(
      and(
        eq(analysisSnapshots.isLatest, true),
        eq(analysisSnapshots.countryId, filter.countryId),
        eq(analysisSnapshots.timeframe, filter.timeframe),
        eq(analysisSnapshots.isIndex, filter.isIndex),
      ),
    )
    .orderBy(asc(tickers.id));
  return rows.map((r) => ({
    ...r,
    countryId: r.countryId as MarketId,
    signal: r.signal as Signal,
    previousSignal: r.previousSignal as Signal | null,
    liquidityRisk: r.liquidityRisk as RiskClass,
    volatilityRisk: r.volatilityRisk as RiskClass,
  }));
}

/** The latest snapshot of each timeframe of one ticker (0–3 rows, ascending timeframe). */
export function getLatestTickerSnapshots(db: Db, tickerId: number): Promise<SnapshotRow[]> {
  return db
    .select()
    .from(analysisSnapshots)
    .where(and(eq(analysisSnapshots.tickerId, tickerId), eq(analysisSnapshots.isLatest, true)))
    .orderBy(asc(analysisSnapshots.timeframe));
}

/**
 * The tickers (of `tickerIds`, default all) whose newest bar is not what their latest analysis
 * covers: no snapshot yet, or bars newer (or older, after a correction) than the snapshot date.
 */
export async function findTickersNeedingAnalysis(db: Db, tickerIds?: readonly number[]): Promise<number[]> {
  const scope = tickerIds === undefined ? sql`` : sql`where t.id = any(${intArray(tickerIds)})`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select t.id from ${tickers} t
        cross join lateral (
          select date from ${dailyBars} where ticker_id = t.id order by date desc limit 1
        ) b
        left join ${analysisSnapshots} s
          on s.ticker_id = t.id and s.timeframe = 2 and s.is_latest
        ${scope}
        ${tickerIds === undefined ? sql`where` : sql`and`} (s.date is null or s.date <> b.date)
        order by t.id`,
  );
  return rows.map((r) => Number(r.id));
}

/** The newest snapshot date of a market (its "as of"), or null before any analysis. */
export async function getMarketAsOf(db: Db, countryId: MarketId): Promise<string | null> {
  const rows = await queryRows<{ d: string | null }>(
    db,
    sql`select max(date)::text as d from ${analysisSnapshots}
        where is_latest and country_id = ${countryId} and timeframe = 2`,
  );
  return rows[0]?.d ?? null;
}

/**
 * The medium-term signal and the overall score of the latest snapshots of `tickerIds` (what the
 * alerts compare a refresh with), by ticker id.
 */
export async function getLatestAlertedSignals(
  db: Db,
  tickerIds: readonly number[],
): Promise<Map<number, { signal: Signal; overallScore: number }>> {
  const out = new Map<number, { signal: Signal; overallScore: number }>();
  if (tickerIds.length === 0) return out;
  const rows = await db
    .select({
      tickerId: analysisSnapshots.tickerId,
      signal: analysisSnapshots.signal,
      overallScore: analysisSnapshots.overallScore,
    })
    .from(analysisSnapshots)
    .where(
      and(
        eq(analysisSnapshots.isLatest, true),
        eq(analysisSnapshots.timeframe, 2),
        sql`${analysisSnapshots.tickerId} = any(${intArray(tickerIds)})`,
      ),
    );
  for (const r of rows) out.set(r.tickerId, { signal: r.signal as Signal, overallScore: r.overallScore });
  return out;
}
