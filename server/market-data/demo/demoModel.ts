import { MARKET_OSLO, type MarketId, type OsloSegment } from '@/lib/constants';

import type { UniverseTicker } from '../universe';
import { hashString, Rng } from './prng';

/**
 * The demo generator's model (generator.ts explains it): its fixed dates and seed, the parameters
 * of each market and Oslo segment, a ticker's anchor price level and share count, the series'
 * column form and how one bar's prices are rounded.
 */

/** Global seed of the demo data set. */
export const DEMO_SEED = 20150105;
/** First session of every demo series (a Monday). */
export const DEMO_EPOCH = '2015-01-05';
/** The date whose close equals `priceLevel` (and index level); matches universe.json's `asOf`. */
export const DEMO_ANCHOR = '2025-06-30';
/** After the anchor, closes stay within [priceLevel / DEMO_BAND, priceLevel × DEMO_BAND]. */
export const DEMO_BAND = 1.35;

// Module-level aliases: global lookups are slow inside Jest's vm context, and these run per bar.
const { max, min, round } = Math;

export const TRADING_DAYS = 252;
export const SQRT_TD = Math.sqrt(TRADING_DAYS);

export interface MarketParams {
  /** Long-run growth of the market factor per year (until the anchor). */
  growth: number;
  /** Annualised volatility of the market factor before regime multipliers. */
  vol: number;
  /** Daily share turnover range as a fraction of shares outstanding. */
  turnover: [number, number];
  /** Market cap assumed when a ticker has no `sharesOutstandingM` (in the market's currency). */
  fallbackCap: number;
}

export const MARKET_PARAMS: Record<MarketId, MarketParams> = {
  160: { growth: 0.06, vol: 0.15, turnover: [0.001, 0.0045], fallbackCap: 10e9 },
  226: { growth: 0.13, vol: 0.17, turnover: [0.003, 0.01], fallbackCap: 50e9 },
};

interface SmallCapParams {
  /** Annualised idiosyncratic volatility range (uniform draw per ticker). */
  idio: [number, number];
  /** Market value assumed when the ticker has no `sharesOutstandingM`, in NOK. */
  cap: number;
  /** Daily share turnover range as a fraction of shares outstanding. */
  turnover: [number, number];
  /** Range of the derived price level in NOK when the ticker has no `priceLevel` (log-uniform). */
  level: [number, number];
}

/** Per Oslo segment: the main list keeps the market's own parameters (MARKET_PARAMS). */
export const SEGMENT_PARAMS: Record<OsloSegment, SmallCapParams> = {
  oslo_bors: { idio: [0.16, 0.36], cap: 10e9, turnover: [0.001, 0.0045], level: [10, 300] },
  expand: { idio: [0.3, 0.55], cap: 1.2e9, turnover: [0.0008, 0.003], level: [2, 80] },
  growth: { idio: [0.35, 0.7], cap: 0.6e9, turnover: [0.0005, 0.003], level: [1, 60] },
};

/** The segment parameters of a ticker (US tickers and unsegmented Oslo tickers: the main list's). */
export function segmentParams(ticker: UniverseTicker): SmallCapParams {
  return SEGMENT_PARAMS[ticker.segment ?? 'oslo_bors'];
}

/**
 * The demo's anchor close of a ticker: its `priceLevel`, else a deterministic level drawn from its
 * symbol within its segment's range (the same number on every run and machine).
 */
export function demoPriceLevel(ticker: UniverseTicker): number {
  if (ticker.priceLevel !== undefined) return ticker.priceLevel;
  const [lo, hi] = segmentParams(ticker).level;
  const rng = new Rng(hashString(`${DEMO_SEED}:level:${ticker.symbol}`));
  return roundTo(rng.logUniform(lo, hi), 2);
}

/** Shares used for index weights and base volume: `sharesOutstandingM`, else from a fallback cap. */
export function tickerShares(marketId: MarketId, ticker: UniverseTicker): number {
  if (ticker.sharesOutstandingM !== undefined) return ticker.sharesOutstandingM * 1e6;
  const cap = marketId === MARKET_OSLO ? segmentParams(ticker).cap : MARKET_PARAMS[marketId].fallbackCap;
  return cap / demoPriceLevel(ticker);
}

/** One ticker's demo series in column form; arrays cover the whole calendar, `count` bars are in range. */
export interface DemoSeries {
  marketId: MarketId;
  symbol: string;
  /** Shared calendar dates (index i is the date of bar i). */
  dates: readonly string[];
  /** Bars on or before the requested end date: indexes 0 … count − 1. */
  count: number;
  anchorIndex: number;
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Float64Array;
}

const POW10 = [1, 10, 100, 1000, 10000];

/** Price decimals by magnitude: 2 from 10, 3 from 1, else 4. */
function decimalsFor(price: number): number {
  if (price >= 10) return 2;
  if (price >= 1) return 3;
  return 4;
}

export function roundTo(value: number, decimals: number): number {
  const f = POW10[decimals];
  return round(value * f) / f;
}

/** Round one bar's prices together and restore 0 < low <= open, close <= high after rounding. */
export function writeRoundedBar(
  out: Pick<DemoSeries, 'open' | 'high' | 'low' | 'close'>,
  i: number,
  o: number,
  h: number,
  l: number,
  c: number,
  fixedDecimals?: number,
): void {
  const dec = fixedDecimals ?? decimalsFor(c);
  const minTick = 1 / POW10[dec];
  const ro = max(roundTo(o, dec), minTick);
  const rc = max(roundTo(c, dec), minTick);
  out.open[i] = ro;
  out.close[i] = rc;
  out.high[i] = max(roundTo(h, dec), ro, rc);
  out.low[i] = max(min(roundTo(l, dec), ro, rc), minTick);
}
