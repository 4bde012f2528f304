import { MARKET_OSLO, MARKET_US, type MarketId, type OsloSegment } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import { isSession } from '@/server/domain/calendar/marketCalendar';

import { dayNumber, isoFromDayNumber, isWeekday } from '../dates';
import type { FxRate } from '../provider';
import {
  getUniverse,
  isIndexMember,
  universeMarket,
  universeTickers,
  type UniverseTicker,
} from '../universe';
import { hashString, Rng } from './prng';

/**
 * The demo market-data generator (DESIGN.md §8): deterministic daily OHLCV for every universe
 * ticker, the two main indexes built from their members, and USD/NOK.
 *
 * Prefix stability. Every series is simulated forward, one weekday at a time, from the fixed
 * epoch DEMO_EPOCH with a PRNG seeded from DEMO_SEED + market + symbol. What happens on a day
 * depends only on earlier days, so generating up to a later end date reproduces every earlier bar
 * exactly; the sync can extend stored data without rewriting history.
 *
 * Price level. The log-price walk is rescaled so that the close on the fixed DEMO_ANCHOR date equals
 * the ticker's `priceLevel` from universe.json (a rough real close at the universe's `asOf` date).
 * Anchoring at the end date instead would change every earlier bar whenever the end date moves.
 * The series is always simulated at least up to the anchor (and cut to the end date afterwards).
 * After the anchor each close is held inside [priceLevel / DEMO_BAND, priceLevel × DEMO_BAND]
 * (a soft pull from ±20 % and a reflecting wall just inside the band), so "today's" prices stay
 * near the real level however far the end date moves past the anchor.
 *
 * Model, per ticker: log close = growth trend + beta × market factor + idiosyncratic part.
 * The market factor and the idiosyncratic part are mean-reverting walks with regimes (random
 * lengths, each with its own drift and volatility: trends, quiet and wild phases, short crashes).
 * Occasional overnight gaps (3–10 %), fat-tailed days, volume that rises with the size of the move
 * and with the regime's volatility. Every ticker exists for the whole period (even companies listed
 * later in reality): this is demo data.
 *
 * Small caps. A share of Euronext Expand or Euronext Growth (universe `segment`) moves like a small
 * cap: a larger idiosyncratic volatility (SMALL_CAP below: 30–55 % a year on Expand, 35–70 % on
 * Growth, against 16–36 % on the main list) and a small market value (about 1.2 billion NOK on
 * Expand, 0.6 billion on Growth) traded at a lower daily turnover, so its daily turnover is a
 * few hundred thousand to a few million NOK (liquidity risk medium to high, as in reality).
 * A share without `priceLevel` gets a deterministic level from its symbol (demoPriceLevel): 1–60
 * NOK on Growth, 2–80 on Expand, 10–300 on the main list. The main index is built from the
 * market's index members only (OSEBX constituents; every NASDAQ-100 name).
 *
 * Calendar. The walk is simulated on every weekday from the epoch (so the random stream, and every
 * bar ever stored, stays the same), but only the market's sessions are published as bars: a
 * weekday on which the exchange is closed (server/domain/calendar/exchangeHolidays.json) has no bar,
 * and its move shows up in the next session's open. Which is the newest session whose bar exists
 * at a given moment is the caller's end date: the seed and the scheduled refresh both take it from
 * lastDueSession (marketCalendar.ts), so today's bar appears only after the exchange's close.
 * USD/NOK trades on exchange holidays and keeps every weekday.
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
const { abs, exp, max, min, round, sign, sqrt } = Math;

const TRADING_DAYS = 252;
const SQRT_TD = Math.sqrt(TRADING_DAYS);
/** The reflecting wall sits a little inside the band so rounding can never cross it. */
const HARD_BAND = Math.log(DEMO_BAND) - 0.005;
/** From this log distance to the anchor close on, a pull back towards the band's middle starts. */
const SOFT_BAND = Math.log(1.2);
const SOFT_PULL = 0.1;

interface MarketParams {
  /** Long-run growth of the market factor per year (until the anchor). */
  growth: number;
  /** Annualised volatility of the market factor before regime multipliers. */
  vol: number;
  /** Daily share turnover range as a fraction of shares outstanding. */
  turnover: [number, number];
  /** Market cap assumed when a ticker has no `sharesOutstandingM` (in the market's currency). */
  fallbackCap: number;
}

const MARKET_PARAMS: Record<MarketId, MarketParams> = {
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
const SEGMENT_PARAMS: Record<OsloSegment, SmallCapParams> = {
  oslo_bors: { idio: [0.16, 0.36], cap: 10e9, turnover: [0.001, 0.0045], level: [10, 300] },
  expand: { idio: [0.3, 0.55], cap: 1.2e9, turnover: [0.0008, 0.003], level: [2, 80] },
  growth: { idio: [0.35, 0.7], cap: 0.6e9, turnover: [0.0005, 0.003], level: [1, 60] },
};

/** The segment parameters of a ticker (US tickers and unsegmented Oslo tickers: the main list's). */
function segmentParams(ticker: UniverseTicker): SmallCapParams {
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

/** The simulation calendar: weekdays from the epoch to max(end date, anchor) (bars: sessions only). */
interface DemoCalendar {
  dates: string[];
  anchorIndex: number;
  /** How many dates are on or before the requested end date. */
  endCount: number;
}

let calendarCache: { endDate: string; calendar: DemoCalendar } | null = null;

function demoCalendar(endDate: string): DemoCalendar {
  if (calendarCache?.endDate === endDate) return calendarCache.calendar;
  const start = dayNumber(DEMO_EPOCH);
  const anchor = dayNumber(DEMO_ANCHOR);
  const end = dayNumber(endDate);
  const last = max(end, anchor);
  const dates: string[] = [];
  let anchorIndex = -1;
  let endCount = 0;
  for (let d = start; d <= last; d += 1) {
    if (!isWeekday(d)) continue;
    if (d === anchor) anchorIndex = dates.length;
    dates.push(isoFromDayNumber(d));
    if (d <= end) endCount = dates.length;
  }
  const calendar = { dates, anchorIndex, endCount };
  calendarCache = { endDate, calendar };
  return calendar;
}

const factorCache = new Map<MarketId, Float64Array>();

/**
 * The market factor (log level, 0 at the epoch) for at least `length` sessions. Mean-reverting
 * around a growth trend until the anchor, around its anchor value afterwards; regimes include
 * short crashes. Prefix-stable, so the longest computed array serves every shorter request.
 */
function marketFactor(marketId: MarketId, length: number, anchorIndex: number): Float64Array {
  const cached = factorCache.get(marketId);
  if (cached && cached.length >= length) return cached;
  const params = MARKET_PARAMS[marketId];
  const rng = new Rng(hashString(`${DEMO_SEED}:factor:${marketId}`));
  const f = new Float64Array(length);
  const sigma = params.vol / SQRT_TD;
  const growth = params.growth / TRADING_DAYS;
  let left = 0;
  let drift = 0;
  let volMult = 1;
  let level = 0;
  let anchorLevel = 0;
  for (let t = 1; t < length; t += 1) {
    if (left <= 0) {
      if (rng.chance(0.07)) {
        left = rng.int(8, 30);
        drift = -rng.uniform(0.8, 1.6) / TRADING_DAYS;
        volMult = rng.uniform(1.8, 2.6);
      } else {
        left = rng.int(40, 220);
        drift = (0.22 * rng.normal()) / TRADING_DAYS;
        volMult = rng.logUniform(0.6, 1.8);
      }
    }
    left -= 1;
    const post = t > anchorIndex;
    const target = post ? anchorLevel : growth * (t - 1);
    const kappa = post ? 1 / 200 : 1 / 400;
    level += (post ? 0 : growth) + drift - kappa * (level - target) + sigma * volMult * rng.normal();
    f[t] = level;
    if (t === anchorIndex) anchorLevel = level;
  }
  factorCache.set(marketId, f);
  return f;
}

/** Shares used for index weights and base volume: `sharesOutstandingM`, else from a fallback cap. */
function tickerShares(marketId: MarketId, ticker: UniverseTicker): number {
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

function roundTo(value: number, decimals: number): number {
  const f = POW10[decimals];
  return round(value * f) / f;
}

/** Round one bar's prices together and restore 0 < low <= open, close <= high after rounding. */
function writeRoundedBar(
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

/** Simulate one ticker from the epoch to max(endDate, anchor); deterministic and prefix-stable. */
export function generateTickerSeries(
  marketId: MarketId,
  ticker: UniverseTicker,
  endDate: string,
): DemoSeries {
  const cal = demoCalendar(endDate);
  const n = cal.dates.length;
  const A = cal.anchorIndex;
  const params = MARKET_PARAMS[marketId];
  const factor = marketFactor(marketId, n, A);
  const rng = new Rng(hashString(`${DEMO_SEED}:${marketId}:${ticker.symbol}`));

  // Per-ticker character, drawn first so it never depends on the length of the run.
  // The main list and the US draw exactly as before small caps existed (same series as then).
  const seg = marketId === MARKET_OSLO ? segmentParams(ticker) : null;
  const idioRange = seg ? seg.idio : SEGMENT_PARAMS.oslo_bors.idio;
  const turnover =
    seg && ticker.segment !== 'oslo_bors' && ticker.segment !== undefined ? seg.turnover : params.turnover;
  const beta = rng.uniform(0.6, 1.4);
  const idioSigma = rng.uniform(idioRange[0], idioRange[1]) / SQRT_TD;
  const alpha = max(-0.1, min(0.2, 0.03 + 0.07 * rng.normal())) / TRADING_DAYS;
  const baseVolume = tickerShares(marketId, ticker) * rng.uniform(turnover[0], turnover[1]);
  const sigmaTotal = Math.hypot((beta * params.vol) / SQRT_TD, idioSigma);

  const xo = new Float64Array(n);
  const xh = new Float64Array(n);
  const xl = new Float64Array(n);
  const xc = new Float64Array(n);
  const volume = new Float64Array(n);

  let left = 0;
  let drift = 0;
  let volMult = 1;
  let volumeRegime = 1;
  let trend = 0;
  let idio = 0;
  let prevX = 0;
  let anchorX = 0;
  let anchorIdio = 0;
  for (let t = 0; t < n; t += 1) {
    if (left <= 0) {
      left = rng.int(15, 160);
      drift = (0.3 * rng.normal()) / TRADING_DAYS;
      volMult = rng.logUniform(0.6, 1.8);
      volumeRegime = sqrt(volMult);
    }
    left -= 1;
    const post = t > A;

    let eps = rng.normal();
    if (rng.chance(0.04)) eps *= 2.5; // fat tails
    let jump = 0;
    if (rng.chance(0.012)) {
      const size = rng.uniform(0.03, 0.1);
      jump = rng.chance(drift >= 0 ? 0.6 : 0.4) ? size : -size;
    }
    const kappa = post ? 1 / 150 : 1 / 300;
    idio += drift - kappa * (idio - (post ? anchorIdio : 0)) + idioSigma * volMult * eps + jump;
    if (!post) trend += alpha;
    let x = trend + beta * factor[t] + idio;

    if (post) {
      const dev = x - anchorX;
      if (abs(dev) > SOFT_BAND) {
        const pull = SOFT_PULL * (abs(dev) - SOFT_BAND) * sign(dev);
        idio -= pull;
        x -= pull;
      }
      const dev2 = x - anchorX;
      if (abs(dev2) > HARD_BAND) {
        const reflected = sign(dev2) * max(-HARD_BAND, 2 * HARD_BAND - abs(dev2));
        const shift = anchorX + reflected - x;
        idio += shift;
        x += shift;
      }
    }
    if (t === A) {
      anchorX = x;
      anchorIdio = idio;
    }

    const open = prevX + jump + 0.3 * sigmaTotal * rng.normal();
    const wick = 0.5 * sigmaTotal * volMult;
    xo[t] = open;
    xc[t] = x;
    // Wicks: a triangular draw on [0, 1.6] (mean 0.8, like |N(0,1)|) times the wick scale.
    xh[t] = max(open, x) + 0.8 * (rng.next() + rng.next()) * wick;
    xl[t] = min(open, x) - 0.8 * (rng.next() + rng.next()) * wick;
    const move = min(abs(x - prevX) / sigmaTotal, 6);
    const noise = 0.6 + 0.4 * (rng.next() + rng.next()); // 0.6–1.4, mean 1
    volume[t] = max(1, round(baseVolume * noise * volumeRegime * (0.45 + 0.55 * move)));
    prevX = x;
  }

  const shift = Math.log(demoPriceLevel(ticker)) - anchorX;
  const series: DemoSeries = {
    marketId,
    symbol: ticker.symbol,
    dates: cal.dates,
    count: cal.endCount,
    anchorIndex: A,
    // The log arrays are turned into prices in place (each slot is read before it is written).
    open: xo,
    high: xh,
    low: xl,
    close: xc,
    volume,
  };
  for (let t = 0; t < n; t += 1) {
    writeRoundedBar(
      series,
      t,
      exp(xo[t] + shift),
      exp(xh[t] + shift),
      exp(xl[t] + shift),
      exp(xc[t] + shift),
    );
  }
  return series;
}

/** Materialise the in-range sessions of a series as bars, optionally from an ISO date on. */
export function seriesToBars(series: DemoSeries, from?: string): Bar[] {
  const bars: Bar[] = [];
  for (let i = 0; i < series.count; i += 1) {
    const date = series.dates[i];
    if ((from !== undefined && date < from) || !isSession(series.marketId, date)) continue;
    bars.push({
      date,
      open: series.open[i],
      high: series.high[i],
      low: series.low[i],
      close: series.close[i],
      volume: series.volume[i],
    });
  }
  return bars;
}

/** Daily demo bars of one ticker from the epoch to `endDate` (empty before the epoch). */
export function generateTickerBars(marketId: MarketId, ticker: UniverseTicker, endDate: string): Bar[] {
  return seriesToBars(generateTickerSeries(marketId, ticker, endDate));
}

/**
 * A market-cap-weighted index of member series (fixed share counts, i.e. level ∝ total market
 * value of the members), scaled so its close on the anchor date equals `level`. Open and close
 * are the weighted sums; high/low go halfway from the body to the weighted sum of member
 * highs/lows (members do not all peak at the same moment); volume is the sum of member volumes.
 */
export function buildIndexBars(
  members: readonly { series: DemoSeries; shares: number }[],
  level: number,
): Bar[] {
  if (members.length === 0) return [];
  const first = members[0].series;
  const count = first.count;
  const A = first.anchorIndex;
  let anchorValue = 0;
  for (const m of members) anchorValue += m.shares * m.series.close[A];
  const scale = level / anchorValue;
  const tmp = {
    open: new Float64Array(1),
    high: new Float64Array(1),
    low: new Float64Array(1),
    close: new Float64Array(1),
  };
  const bars: Bar[] = [];
  for (let i = 0; i < count; i += 1) {
    if (!isSession(first.marketId, first.dates[i])) continue;
    let o = 0;
    let h = 0;
    let l = 0;
    let c = 0;
    let v = 0;
    for (const m of members) {
      const s = m.series;
      o += m.shares * s.open[i];
      h += m.shares * s.high[i];
      l += m.shares * s.low[i];
      c += m.shares * s.close[i];
      v += s.volume[i];
    }
    o *= scale;
    h *= scale;
    l *= scale;
    c *= scale;
    const top = max(o, c);
    const bottom = min(o, c);
    writeRoundedBar(tmp, 0, o, top + 0.5 * (h - top), bottom - 0.5 * (bottom - l), c, 2);
    bars.push({
      date: first.dates[i],
      open: tmp.open[0],
      high: tmp.high[0],
      low: tmp.low[0],
      close: tmp.close[0],
      volume: v,
    });
  }
  return bars;
}

/** All demo data of one market up to an end date. */
export interface DemoMarketData {
  marketId: MarketId;
  /** Bars per ticker symbol, in universe order. */
  tickers: Map<string, Bar[]>;
  /** The main index (OSEBX.INDX / NDX.INDX) built from the members. */
  index: Bar[];
}

/** Series of every member of a market (the given tickers, by default the universe's). */
function marketSeries(marketId: MarketId, endDate: string, tickers: readonly UniverseTicker[]) {
  return tickers.map((t) => ({
    ticker: t,
    series: generateTickerSeries(marketId, t, endDate),
    shares: tickerShares(marketId, t),
  }));
}

/** The demo main index of a market up to `endDate`, built from its members (default: universe). */
export function generateIndexBars(
  marketId: MarketId,
  endDate: string,
  tickers: readonly UniverseTicker[] = universeTickers(marketId).filter((t) => isIndexMember(marketId, t)),
  level: number = universeMarket(marketId).index.level,
): Bar[] {
  return buildIndexBars(marketSeries(marketId, endDate, tickers), level);
}

/** Every universe ticker and the main index of a market up to `endDate`. */
export function generateMarket(marketId: MarketId, endDate: string): DemoMarketData {
  const all = marketSeries(marketId, endDate, universeTickers(marketId));
  const tickers = new Map<string, Bar[]>();
  for (const m of all) tickers.set(m.ticker.symbol, seriesToBars(m.series));
  const members = all.filter((m) => isIndexMember(marketId, m.ticker));
  return { marketId, tickers, index: buildIndexBars(members, universeMarket(marketId).index.level) };
}

/**
 * Demo USD/NOK closes (NOK per USD) on the same weekday calendar: a mean-reverting walk (half-life
 * about 6 months) with volatility regimes, around a mean that rises from `level` × e^−0.2 at the
 * epoch to `level` at the anchor (the krone weakened over the decade), held within −30 %/+28 %
 * of `level`. Absolute levels, so no rescaling: prefix-stable by construction.
 */
export function generateUsdNok(endDate: string, level: number = getUniverse().fx.USDNOK): FxRate[] {
  const cal = demoCalendar(endDate);
  const rng = new Rng(hashString(`${DEMO_SEED}:fx:USDNOK`));
  const mean = Math.log(level);
  const A = cal.anchorIndex;
  const out: FxRate[] = [];
  let y = mean - 0.2;
  let left = 0;
  let volMult = 1;
  for (let t = 0; t < cal.endCount; t += 1) {
    if (left <= 0) {
      left = rng.int(30, 200);
      volMult = rng.logUniform(0.6, 1.8);
    }
    left -= 1;
    const target = t >= A ? mean : mean - 0.2 * (1 - t / A);
    if (t > 0) y += -(y - target) / 180 + 0.0055 * volMult * rng.normal();
    y = min(mean + 0.25, max(mean - 0.35, y));
    out.push({ date: cal.dates[t], rate: roundTo(exp(y), 4) });
  }
  return out;
}

/** The whole demo data set up to `endDate`: both markets with their indexes, and USD/NOK. */
export function generateUniverseData(endDate: string): {
  markets: Record<MarketId, DemoMarketData>;
  usdNok: FxRate[];
} {
  const oslo = generateMarket(MARKET_OSLO, endDate);
  const us = generateMarket(MARKET_US, endDate);
  return { markets: { [MARKET_OSLO]: oslo, [MARKET_US]: us }, usdNok: generateUsdNok(endDate) };
}
