/**
 * GET /api/v1/ticker/{id} (DESIGN.md §5): the ticker, its last session, the bars of the
 * timeframe's window and the stored analysis, also serialised once per market-data version.
 */
import { createHash } from 'node:crypto';
import {
  TIMEFRAME_SESSIONS,
  toMarketCurrency,
  type MarketId,
  type Signal,
  type Timeframe,
} from '@/lib/constants';
import type { TickerAnalysisDto, TickerDetail, TrendDirection } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { DomainError } from '@/server/services/errors';
import {
  findTickerById,
  getLatestTickerSnapshots,
  getMarketSource,
  loadLastBars,
  type SnapshotRow,
} from '@/server/repositories/marketRepository';
import { cachedMarketRead } from './marketCache';

const tickerNotFound = () => new DomainError('not_found', 'TICKER_NOT_FOUND', 'No such ticker');

/** 404 NO_MARKET_DATA: the ticker exists but has no analysis yet. */
export const noAnalysis = (what: string) =>
  new DomainError('not_found', 'NO_MARKET_DATA', `No analysis for ${what} yet: run the market sync first`);

interface StoredTrend {
  direction: TrendDirection;
  from: string;
  to: string;
  lower: [number, number];
  upper: [number, number];
  slopePctPerYear: number;
}

function toAnalysisDto(row: SnapshotRow): TickerAnalysisDto {
  const trend = row.trend as StoredTrend;
  return {
    timeframe: row.timeframe as Timeframe,
    technical_score: row.technicalScore,
    signal: row.signal as Signal,
    components: {
      trend: row.trendScore,
      support_resistance: row.supportResistanceScore,
      momentum: row.momentumScore,
      volume: row.volumeScore,
    },
    rsi: row.rsi,
    volbal_5: row.volbal5,
    volbal_22: row.volbal22,
    volbal_66: row.volbal66,
    volatility_pct: row.volatilityPct,
    volatility_risk: row.volatilityRisk as TickerAnalysisDto['volatility_risk'],
    turnover_avg_66: row.turnoverAvg66,
    liquidity_risk: row.liquidityRisk as TickerAnalysisDto['liquidity_risk'],
    trend: {
      direction: trend.direction,
      from: trend.from,
      to: trend.to,
      lower: trend.lower,
      upper: trend.upper,
      slope_pct_per_year: trend.slopePctPerYear,
    },
    supports: row.supports,
    resistances: row.resistances,
    early_warning: {
      buy_above: row.earlyWarning?.buyAbove ?? null,
      sell_below: row.earlyWarning?.sellBelow ?? null,
    },
    patterns: row.patterns ?? [],
  };
}

/**
 * GET /api/v1/ticker/{id}: the ticker, its last session, the bars of the timeframe's window (the
 * last 105 / 395 / 1500 sessions) and the timeframe's analysis with the scores of all three.
 */
export async function getTickerDetail(
  db: Db,
  query: { tickerId: number; timeframe: Timeframe },
): Promise<TickerDetail> {
  const ticker = await findTickerById(db, query.tickerId);
  if (!ticker) throw tickerNotFound();
  const [snapshots, bars, source] = await Promise.all([
    getLatestTickerSnapshots(db, ticker.id),
    loadLastBars(db, ticker.id, TIMEFRAME_SESSIONS[query.timeframe]),
    cachedMarketRead(db, `source:${ticker.countryId}`, () =>
      getMarketSource(db, ticker.countryId as MarketId),
    ),
  ]);
  const byTimeframe = new Map(snapshots.map((s) => [s.timeframe, s]));
  const current = byTimeframe.get(query.timeframe);
  if (!current) throw noAnalysis(ticker.symbol);
  const score = (tf: Timeframe) => byTimeframe.get(tf)?.technicalScore ?? current.technicalScore;
  return {
    ticker_id: ticker.id,
    symbol: ticker.symbol,
    long_name: ticker.name,
    img: ticker.img,
    country_id: ticker.countryId as MarketId,
    currency: toMarketCurrency(ticker.currency),
    exchange: ticker.exchange,
    last: { date: current.date, close: current.close, change_pct: current.changePct, volume: current.volume },
    bars,
    analysis: toAnalysisDto(current),
    scores: { '1': score(1), '2': score(2), '3': score(3), overall: current.overallScore },
    demo: source === 'demo',
  };
}

/** An answer serialised once: the JSON text and its entity tag. */
export interface SerialisedAnswer {
  body: string;
  etag: string;
}

/**
 * GET /ticker/{id}?timeframe= as JSON text, serialised once per ticker, timeframe and market-data
 * version (cachedMarketRead: a sync or import bumps the version and empties the cache), with a
 * strong ETag of that text, so the analysis page's call costs what a list call costs and a browser
 * that has the answer gets a 304. Whatever getTickerDetail returns is what is serialised.
 */
export function getTickerDetailJson(
  db: Db,
  query: { tickerId: number; timeframe: Timeframe },
): Promise<SerialisedAnswer> {
  return cachedMarketRead(db, `ticker-detail|${query.tickerId}|${query.timeframe}`, async () => {
    const body = JSON.stringify(await getTickerDetail(db, query));
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  });
}
