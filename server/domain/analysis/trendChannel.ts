import type { TrendDirection } from '@/lib/types/market';
import {
  CHANNEL_CANDIDATES,
  CHANNEL_MIN_SESSIONS,
  CHANNEL_MIN_SHARE,
  CHANNEL_SIGMAS,
  CHANNEL_WEIGHT_INSIDE,
  CHANNEL_WEIGHT_LENGTH,
  CHANNEL_WEIGHT_R2,
  CHANNEL_WEIGHT_WIDTH,
  MAX_LOG_SLOPE_PER_YEAR,
  SESSIONS_PER_YEAR,
  TREND_FLAT_PCT_PER_YEAR,
} from './constants';
import { clamp } from './math';

/** A regression channel on log close, from a start session to the last session of the window. */
export interface TrendChannel {
  direction: TrendDirection;
  /** Index (in the input) and date of the channel's first session; `to` is the last session. */
  fromIndex: number;
  from: string;
  to: string;
  /** Channel bounds in price at `from` and at `to`. */
  lower: [number, number];
  upper: [number, number];
  slopePctPerYear: number;
  r2: number;
  /** 1 when the last close is above the channel, -1 below it, 0 inside. */
  breakout: -1 | 0 | 1;
}

/** Log-residuals closer than this to the band edge count as on the band (rounding, not a breakout). */
const EDGE_EPSILON = 1e-9;

interface Candidate {
  start: number;
  score: number;
  intercept: number;
  slope: number;
  halfWidth: number;
  r2: number;
}

/**
 * The best-scoring regression channel on log(close) ending at the last close. Candidates start at
 * CHANNEL_CANDIDATES evenly spaced points and at the lowest and highest close of the eligible range;
 * each is scored on R², the share of closes inside ±CHANNEL_SIGMAS·σ, its length and (as a penalty)
 * its width relative to the price range it covers. Prefix sums give each fit in O(1); R², width and
 * the inside share need one pass, so the cost is O(candidates · n). `closes` must be positive and
 * `dates` as long as `closes` (non-empty).
 */
export function fitTrendChannel(closes: ArrayLike<number>, dates: readonly string[]): TrendChannel {
  if (closes.length === 0 || dates.length !== closes.length) {
    throw new RangeError('fitTrendChannel needs non-empty closes and dates');
  }
  const logCloses = new Float64Array(closes.length);
  for (let i = 0; i < closes.length; i++) logCloses[i] = Math.log(closes[i]);
  return fitTrendChannelOnLogs(closes, logCloses, dates, 0);
}

/**
 * fitTrendChannel with `logCloses[i] = Math.log(closes[i])` given and the window's dates read from
 * `dates[dateOffset + i]`: the same result to the last bit. The track record evaluates the channel
 * on every session of a long history, so it computes the logs once and copies no dates.
 */
export function fitTrendChannelOnLogs(
  closes: ArrayLike<number>,
  logCloses: ArrayLike<number>,
  allDates: readonly string[],
  dateOffset: number,
): TrendChannel {
  const n = closes.length;
  if (n === 0 || allDates.length - dateOffset < n || logCloses.length !== n) {
    throw new RangeError('fitTrendChannel needs non-empty closes, their logs and dates');
  }
  const dateAt = (i: number) => allDates[dateOffset + i];
  const lastClose = closes[n - 1];
  if (n === 1) {
    return {
      direction: 'horizontal',
      fromIndex: 0,
      from: dateAt(0),
      to: dateAt(0),
      lower: [lastClose, lastClose],
      upper: [lastClose, lastClose],
      slopePctPerYear: 0,
      r2: 0,
      breakout: 0,
    };
  }

  // y is log close relative to the last close: small numbers, little cancellation in the sums.
  const logLast = logCloses[n - 1];
  const { y, sumY, sumXY } = scratchFor(n);
  for (let i = 0; i < n; i++) {
    const v = logCloses[i] - logLast;
    y[i] = v;
    sumY[i + 1] = sumY[i] + v;
    sumXY[i + 1] = sumXY[i] + i * v;
  }

  const minLength = Math.min(n, Math.max(CHANNEL_MIN_SESSIONS, Math.ceil(n * CHANNEL_MIN_SHARE)));
  const lastStart = n - minLength;
  const starts = candidateStarts(y, lastStart);

  let best = evaluate(y, sumY, sumXY, starts[0], n);
  for (let k = 1; k < starts.length; k++) {
    const candidate = evaluate(y, sumY, sumXY, starts[k], n);
    // Ties keep the earlier, longer channel.
    if (candidate.score > best.score) best = candidate;
  }
  const { start, intercept, slope, halfWidth, r2 } = best;

  const logSlopePerYear = clamp(slope * SESSIONS_PER_YEAR, -MAX_LOG_SLOPE_PER_YEAR, MAX_LOG_SLOPE_PER_YEAR);
  const slopePctPerYear = Math.expm1(logSlopePerYear) * 100;
  // Fitted log closes relative to the last close: scaling lastClose keeps a flat channel exact.
  const fitFrom = intercept + slope * start;
  const fitTo = intercept + slope * (n - 1);
  const lastResidual = y[n - 1] - (intercept + slope * (n - 1));
  return {
    direction: directionForSlope(slopePctPerYear),
    fromIndex: start,
    from: dateAt(start),
    to: dateAt(n - 1),
    lower: [lastClose * Math.exp(fitFrom - halfWidth), lastClose * Math.exp(fitTo - halfWidth)],
    upper: [lastClose * Math.exp(fitFrom + halfWidth), lastClose * Math.exp(fitTo + halfWidth)],
    slopePctPerYear,
    r2,
    breakout: lastResidual > halfWidth + EDGE_EPSILON ? 1 : lastResidual < -halfWidth - EDGE_EPSILON ? -1 : 0,
  };
}

// Working arrays reused between calls (the function is synchronous, so one set suffices): the track
// record fits a channel on every session of a long history, and fresh arrays each time cost more in
// allocation and garbage collection than the arithmetic. Each call uses and overwrites [0, n].
let scratch = { y: new Float64Array(0), sumY: new Float64Array(1), sumXY: new Float64Array(1) };

function scratchFor(n: number) {
  if (scratch.y.length < n) {
    const size = Math.max(n, 2 * scratch.y.length);
    scratch = {
      y: new Float64Array(size),
      sumY: new Float64Array(size + 1),
      sumXY: new Float64Array(size + 1),
    };
  }
  scratch.sumY[0] = 0;
  scratch.sumXY[0] = 0;
  return scratch;
}

/** Rising at or above +TREND_FLAT_PCT_PER_YEAR, falling at or below its negative, else horizontal. */
export function directionForSlope(slopePctPerYear: number): TrendDirection {
  if (slopePctPerYear >= TREND_FLAT_PCT_PER_YEAR) return 'rising';
  if (slopePctPerYear <= -TREND_FLAT_PCT_PER_YEAR) return 'falling';
  return 'horizontal';
}

/** Evenly spaced starts in [0, lastStart] plus the lowest and highest close there, ascending, unique. */
function candidateStarts(y: Float64Array, lastStart: number): number[] {
  const starts: number[] = [];
  const steps = Math.min(CHANNEL_CANDIDATES - 1, lastStart);
  for (let j = 0; j <= steps; j++) starts.push(steps === 0 ? 0 : Math.round((j * lastStart) / steps));
  let lowest = 0;
  let highest = 0;
  for (let i = 1; i <= lastStart; i++) {
    if (y[i] < y[lowest]) lowest = i;
    if (y[i] > y[highest]) highest = i;
  }
  starts.push(lowest, highest);
  starts.sort((a, b) => a - b);
  return starts.filter((s, k) => k === 0 || s !== starts[k - 1]);
}

function evaluate(
  y: Float64Array,
  sumY: Float64Array,
  sumXY: Float64Array,
  start: number,
  n: number,
): Candidate {
  const length = n - start;
  // Sums of x = start..n-1 and x² in closed form (exact integers at these sizes).
  const sx = ((start + n - 1) * length) / 2;
  const sxx = squareSum(n) - squareSum(start);
  const sy = sumY[n] - sumY[start];
  const sxy = sumXY[n] - sumXY[start];
  const denominator = length * sxx - sx * sx;
  const slope = denominator > 0 ? (length * sxy - sx * sy) / denominator : 0;
  const intercept = (sy - slope * sx) / length;
  const mean = sy / length;

  let sse = 0;
  let sst = 0;
  let minY = y[start];
  let maxY = y[start];
  for (let i = start; i < n; i++) {
    const v = y[i];
    const residual = v - (intercept + slope * i);
    sse += residual * residual;
    sst += (v - mean) * (v - mean);
    if (v < minY) minY = v;
    if (v > maxY) maxY = v;
  }
  const halfWidth = CHANNEL_SIGMAS * Math.sqrt(sse / length);
  let inside = 0;
  for (let i = start; i < n; i++) {
    if (Math.abs(y[i] - (intercept + slope * i)) <= halfWidth + EDGE_EPSILON) inside++;
  }
  // A flat stretch has no variance to explain: R² 0 (its direction is horizontal anyway).
  const r2 = sst > 0 ? clamp(1 - sse / sst, 0, 1) : 0;
  const range = maxY - minY;
  const widthRatio = range > 0 ? Math.min(1, (2 * halfWidth) / range) : 0;
  const score =
    CHANNEL_WEIGHT_R2 * r2 +
    CHANNEL_WEIGHT_INSIDE * (inside / length) +
    CHANNEL_WEIGHT_LENGTH * (length / n) -
    CHANNEL_WEIGHT_WIDTH * widthRatio;
  return { start, score, intercept, slope, halfWidth, r2 };
}

/** 0² + 1² + ... + (m-1)². */
function squareSum(m: number): number {
  return ((m - 1) * m * (2 * m - 1)) / 6;
}
