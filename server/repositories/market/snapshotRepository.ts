/**
 * Analysis snapshots: writing a ticker's latest analysis, the list reads, and a market's freshness.
 * Part of the market repository (server/repositories/marketRepository.ts re-exports it).
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';

import {
  DEFAULT_TIMEFRAME,
  isOsloSegment,
  type MarketId,
  type OsloSegment,
  type RiskClass,
  type Signal,
  type Timeframe,
} from '@/lib/constants';
import type { ListPatternDto } from '@/lib/types/patterns';
import type { Db } from '@/server/db';
import { analysisSnapshots, dailyBars, tickers } from '@/server/db/schema';

import { queryRows, intArray } from './sql';

export type NewSnapshotRow = typeof analysisSnapshots.$inferInsert;
export type SnapshotRow = typeof analysisSnapshots.$inferSelect;

/** Snapshot rows per insert statement (~30 columns each). */
const SNAPSHOT_CHUNK = 300;

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
      'early_warning',
      'patterns',
      'active_patterns',
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
  /** The Oslo share's Euronext segment (null: US, index, unknown). */
  segment: OsloSegment | null;
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
  earlyWarning: { buyAbove: number | null; sellBelow: number | null } | null;
  activePatterns: ListPatternDto[] | null;
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
      segment: tickers.segment,
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
      earlyWarning: analysisSnapshots.earlyWarning,
      activePatterns: analysisSnapshots.activePatterns,
    })
    .from(analysisSnapshots)
    .innerJoin(tickers, eq(tickers.id, analysisSnapshots.tickerId))
    .where(
      and(
        eq(analysisSnapshots.isLatest, true),
        eq(analysisSnapshots.countryId, filter.countryId),
        eq(analysisSnapshots.timeframe, filter.timeframe),
        eq(analysisSnapshots.isIndex, filter.isIndex),
        // A delisted share stays readable by id (portfolios) but leaves the lists.
        isNull(tickers.delistedOn),
      ),
    )
    .orderBy(asc(tickers.id));
  return rows.map((r) => ({
    ...r,
    countryId: r.countryId as MarketId,
    segment: isOsloSegment(r.segment) ? r.segment : null,
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

/** The latest signal of every ticker of a market, per timeframe (before and after a refresh). */
export async function listLatestSignals(
  db: Db,
  countryId: MarketId,
): Promise<{ tickerId: number; timeframe: Timeframe; signal: Signal; date: string }[]> {
  const rows = await db
    .select({
      tickerId: analysisSnapshots.tickerId,
      timeframe: analysisSnapshots.timeframe,
      signal: analysisSnapshots.signal,
      date: analysisSnapshots.date,
    })
    .from(analysisSnapshots)
    .where(and(eq(analysisSnapshots.isLatest, true), eq(analysisSnapshots.countryId, countryId)))
    .orderBy(asc(analysisSnapshots.tickerId), asc(analysisSnapshots.timeframe));
  return rows.map((r) => ({ ...r, timeframe: r.timeframe as Timeframe, signal: r.signal as Signal }));
}

/**
 * How fresh a market's data is: its newest analysed session and when that analysis was computed
 * (null before the first sync).
 */
export async function getMarketFreshness(
  db: Db,
  countryId: MarketId,
): Promise<{ lastSession: string | null; refreshedAt: Date | null }> {
  const rows = await queryRows<{ d: string | null; at: string | Date | null }>(
    db,
    sql`select max(date)::text as d, max(computed_at) as at from ${analysisSnapshots}
        where is_latest and country_id = ${countryId} and timeframe = 2`,
  );
  const at = rows[0]?.at ?? null;
  return { lastSession: rows[0]?.d ?? null, refreshedAt: at === null ? null : new Date(at) };
}

/** The scores of a ticker's latest snapshot that lists and alerts show. */
export interface LatestScores {
  signal: Signal;
  technicalScore: number;
  overallScore: number;
}

/**
 * The signal and scores of the latest snapshot of each of `tickerIds` in one timeframe (the
 * medium term by default), by ticker id; tickers without one are absent. Should two rows claim to
 * be the latest, the later date wins.
 */
export async function getLatestScores(
  db: Db,
  tickerIds: readonly number[],
  timeframe: Timeframe = DEFAULT_TIMEFRAME,
): Promise<Map<number, LatestScores>> {
  const out = new Map<number, LatestScores>();
  for (const { tickerId, signal, technicalScore, overallScore } of await latestRows(db, tickerIds, timeframe))
    out.set(tickerId, { signal: signal as Signal, technicalScore, overallScore });
  return out;
}

/** The latest snapshot rows of `tickerIds` in `timeframe`, by ticker then date (the later date last). */
async function latestRows(db: Db, tickerIds: readonly number[], timeframe: Timeframe) {
  if (tickerIds.length === 0) return [];
  return db
    .select({
      tickerId: analysisSnapshots.tickerId,
      signal: analysisSnapshots.signal,
      technicalScore: analysisSnapshots.technicalScore,
      overallScore: analysisSnapshots.overallScore,
      date: analysisSnapshots.date,
    })
    .from(analysisSnapshots)
    .where(
      and(
        eq(analysisSnapshots.isLatest, true),
        eq(analysisSnapshots.timeframe, timeframe),
        sql`${analysisSnapshots.tickerId} = any(${intArray([...new Set(tickerIds)])})`,
      ),
    )
    .orderBy(asc(analysisSnapshots.tickerId), asc(analysisSnapshots.date));
}

/**
 * The medium-term signal, the overall score and the session of the latest snapshots of `tickerIds`
 * (what the alerts compare a refresh with: the session tells which sessions the refresh brought),
 * by ticker id.
 */
export async function getLatestAlertedSignals(
  db: Db,
  tickerIds: readonly number[],
): Promise<Map<number, { signal: Signal; overallScore: number; date: string }>> {
  const out = new Map<number, { signal: Signal; overallScore: number; date: string }>();
  // Should two rows claim to be the latest, the later date wins (as in getLatestScores).
  for (const { tickerId, signal, overallScore, date } of await latestRows(db, tickerIds, DEFAULT_TIMEFRAME))
    out.set(tickerId, { signal: signal as Signal, overallScore, date: String(date) });
  return out;
}
