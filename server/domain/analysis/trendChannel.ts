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
  const lastClose = closes[n - 1];
  if (n === 1) {
    const date = allDates[dateOffset];
    return {
      direction: 'horizontal',
      fromIndex: 0,
      from: date,
      to: date,
      lower: [lastClose, lastClose],
      upper: [lastClose, lastClose],
      slopePctPerYear: 0,
      r2: 0,
      breakout: 0,
    };
  }

  // y = log close relative to the last close (small numbers, little cancellation in the sums).
  const logLast = logCloses[n - 1];
  const candidates = findCandidates(logCloses, logLast, n);
  const { start, intercept, slope, halfWidth, r2 } = bestCandidate(logCloses, logLast, candidates, n);

  const logSlopePerYear = clamp(slope * SESSIONS_PER_YEAR, -MAX_LOG_SLOPE_PER_YEAR, MAX_LOG_SLOPE_PER_YEAR);
  const slopePctPerYear = Math.expm1(logSlopePerYear) * 100;
  // Fitted log closes relative to the last close: scaling lastClose keeps a flat channel exact.
  const fitFrom = intercept + slope * start;
  const fitTo = intercept + slope * (n - 1);
  const lastResidual = logCloses[n - 1] - logLast - (intercept + slope * (n - 1));
  return {
    direction: directionForSlope(slopePctPerYear),
    fromIndex: start,
    from: allDates[dateOffset + start],
    to: allDates[dateOffset + n - 1],
    lower: [lastClose * Math.exp(fitFrom - halfWidth), lastClose * Math.exp(fitTo - halfWidth)],
    upper: [lastClose * Math.exp(fitFrom + halfWidth), lastClose * Math.exp(fitTo + halfWidth)],
    slopePctPerYear,
    r2,
    breakout: lastResidual > halfWidth + EDGE_EPSILON ? 1 : lastResidual < -halfWidth - EDGE_EPSILON ? -1 : 0,
  };
}

/** Rising at or above +TREND_FLAT_PCT_PER_YEAR, falling at or below its negative, else horizontal. */
export function directionForSlope(slopePctPerYear: number): TrendDirection {
  if (slopePctPerYear >= TREND_FLAT_PCT_PER_YEAR) return 'rising';
  if (slopePctPerYear <= -TREND_FLAT_PCT_PER_YEAR) return 'falling';
  return 'horizontal';
}

/**
 * The candidate starts with what their evaluation needs: the sums of y, x·y and y² over [0, start)
 * and the lowest and highest y over [start, n).
 */
interface CandidateStarts {
  count: number;
  start: Int32Array;
  sumY: Float64Array;
  sumXY: Float64Array;
  sumYY: Float64Array;
  minY: Float64Array;
  maxY: Float64Array;
  /** Sums over the whole window. */
  totalY: number;
  totalXY: number;
  totalYY: number;
}

// Candidate arrays reused between calls (the function is synchronous, so one set suffices): the
// track record fits a channel on every session of a long history, and fresh arrays each time cost
// more in allocation and garbage collection than the arithmetic. Sized for CHANNEL_CANDIDATES + 2.
const CAPACITY = CHANNEL_CANDIDATES + 2;
const scratch: CandidateStarts = {
  count: 0,
  start: new Int32Array(CAPACITY),
  sumY: new Float64Array(CAPACITY),
  sumXY: new Float64Array(CAPACITY),
  sumYY: new Float64Array(CAPACITY),
  minY: new Float64Array(CAPACITY),
  maxY: new Float64Array(CAPACITY),
  totalY: 0,
  totalXY: 0,
  totalYY: 0,
};
const segmentMin = new Float64Array(CAPACITY);
const segmentMax = new Float64Array(CAPACITY);
const segmentArgMin = new Int32Array(CAPACITY);
const segmentArgMax = new Int32Array(CAPACITY);
const checkpointY = new Float64Array(CAPACITY);
const checkpointXY = new Float64Array(CAPACITY);
const checkpointYY = new Float64Array(CAPACITY);
const checkpoint = new Int32Array(CAPACITY);

/**
 * The candidate starts are CHANNEL_CANDIDATES evenly spaced sessions in [0, lastStart] (the
 * shortest channel covers CHANNEL_MIN_SHARE of the window) plus the lowest and the highest close
 * there (the first one on a tie). One pass over the window, in the segments between the evenly spaced
 * starts, sums y, x·y and y² in session order and keeps each segment's extremes; the sums at the
 * lowest and highest close continue from the start of their segment in the same order, so every sum
 * is the same number a prefix sum over all sessions would give.
 */
function findCandidates(logCloses: ArrayLike<number>, logLast: number, n: number): CandidateStarts {
  const minLength = Math.min(n, Math.max(CHANNEL_MIN_SESSIONS, Math.ceil(n * CHANNEL_MIN_SHARE)));
  const lastStart = n - minLength;
  const steps = Math.min(CHANNEL_CANDIDATES - 1, lastStart);
  // Evenly spaced and strictly increasing (their spacing is at least one session); then n.
  for (let j = 0; j <= steps; j++) checkpoint[j] = steps === 0 ? 0 : Math.round((j * lastStart) / steps);
  checkpoint[steps + 1] = n;

  let sy = 0;
  let sxy = 0;
  let syy = 0;
  for (let k = 0; k <= steps; k++) {
    checkpointY[k] = sy;
    checkpointXY[k] = sxy;
    checkpointYY[k] = syy;
    const from = checkpoint[k];
    const to = checkpoint[k + 1];
    let min = logCloses[from] - logLast;
    let max = min;
    let argMin = from;
    let argMax = from;
    for (let i = from; i < to; i++) {
      const v = logCloses[i] - logLast;
      sy += v;
      sxy += i * v;
      syy += v * v;
      if (v < min) {
        min = v;
        argMin = i;
      } else if (v > max) {
        max = v;
        argMax = i;
      }
    }
    segmentMin[k] = min;
    segmentMax[k] = max;
    segmentArgMin[k] = argMin;
    segmentArgMax[k] = argMax;
  }

  // The first lowest and highest in [0, lastStart]: the segments before lastStart, then lastStart.
  let lowest = 0;
  let highest = 0;
  let low = logCloses[0] - logLast;
  let high = low;
  for (let k = 0; k < steps; k++) {
    if (segmentMin[k] < low) {
      low = segmentMin[k];
      lowest = segmentArgMin[k];
    }
    if (segmentMax[k] > high) {
      high = segmentMax[k];
      highest = segmentArgMax[k];
    }
  }
  const atLastStart = logCloses[lastStart] - logLast;
  if (atLastStart < low) lowest = lastStart;
  if (atLastStart > high) highest = lastStart;

  // Extremes from each evenly spaced start to the end, from the segments' extremes.
  for (let k = steps - 1; k >= 0; k--) {
    if (segmentMin[k + 1] < segmentMin[k]) segmentMin[k] = segmentMin[k + 1];
    if (segmentMax[k + 1] > segmentMax[k]) segmentMax[k] = segmentMax[k + 1];
  }

  const out = scratch;
  out.totalY = sy;
  out.totalXY = sxy;
  out.totalYY = syy;
  // Ascending and unique: the lowest and highest go among the evenly spaced starts.
  const extraFirst = Math.min(lowest, highest);
  const extraSecond = Math.max(lowest, highest);
  let count = 0;
  let extra = 0;
  for (let j = 0; j <= steps + 1; j++) {
    const next = j <= steps ? checkpoint[j] : n;
    for (; extra < 2; extra++) {
      const start = extra === 0 ? extraFirst : extraSecond;
      if (start >= next) break;
      if (count > 0 && out.start[count - 1] === start) continue;
      setCandidate(out, count++, start, j - 1, logCloses, logLast);
    }
    if (j <= steps) setCandidate(out, count++, next, j, logCloses, logLast);
  }
  out.count = count;
  return out;
}

/**
 * Candidate `at` starting at `start` in segment k: its sums over [0, start) and its extremes over
 * [start, n), from the checkpoint sums and the segments' suffix extremes of findCandidates.
 */
function setCandidate(
  out: CandidateStarts,
  at: number,
  start: number,
  k: number,
  logCloses: ArrayLike<number>,
  logLast: number,
): void {
  let sy = checkpointY[k];
  let sxy = checkpointXY[k];
  let syy = checkpointYY[k];
  let min = segmentMin[k];
  let max = segmentMax[k];
  if (start !== checkpoint[k]) {
    // Inside a segment before lastStart (lastStart is a checkpoint): continue the sums up to
    // `start`, and take the extremes of the rest of the segment and of the segments after it.
    for (let i = checkpoint[k]; i < start; i++) {
      const v = logCloses[i] - logLast;
      sy += v;
      sxy += i * v;
      syy += v * v;
    }
    min = segmentMin[k + 1];
    max = segmentMax[k + 1];
    for (let i = start; i < checkpoint[k + 1]; i++) {
      const v = logCloses[i] - logLast;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  out.start[at] = start;
  out.sumY[at] = sy;
  out.sumXY[at] = sxy;
  out.sumYY[at] = syy;
  out.minY[at] = min;
  out.maxY[at] = max;
}

// The channel constants as module locals: the hot loops below run for every candidate of every
// session of a long history, and an imported binding may be a getter call on each use.
const SIGMAS = CHANNEL_SIGMAS;
const W_R2 = CHANNEL_WEIGHT_R2;
const W_INSIDE = CHANNEL_WEIGHT_INSIDE;
const W_LENGTH = CHANNEL_WEIGHT_LENGTH;
const W_WIDTH = CHANNEL_WEIGHT_WIDTH;

/**
 * Relative size of the rounding error allowed for when a candidate's sums of squares are computed
 * from the prefix sums instead of from its residuals: many times n·2⁻⁵³, so that the bounds hold
 * whatever the order of the operations (see bestCandidate).
 */
const BOUND_ERROR_PER_SESSION = 64 * Number.EPSILON;
/** Absolute slack on a bounded score, for the roundings of the score's own arithmetic. */
const BOUND_SCORE_SLACK = 1e-9;

// Per candidate, reused between calls: the upper bound of its score, the bounds of its band's
// half-width, and the order to evaluate the candidates in.
const upper = new Float64Array(CAPACITY);
const halfWidthLow = new Float64Array(CAPACITY);
const halfWidthHigh = new Float64Array(CAPACITY);
const order = new Int32Array(CAPACITY);

/**
 * The best candidate exactly as evaluating every candidate in ascending start order would find it
 * (the highest score, the earliest start on a tie), evaluating only the candidates that can win.
 *
 * From the sums each candidate's fit (slope and intercept: the same numbers the evaluation gets)
 * and its price range are exact, and its sum of squared residuals and total sum of squares follow in
 * O(1) from Σy², Σy and Σxy, up to a rounding error bounded from the sizes of the terms. That bounds
 * R² from above and the band's half-width on both sides; the inside share is at most 1. Candidates
 * are evaluated in the order of their upper bounds, and one whose upper bound is below the best
 * score found so far cannot win and is skipped. The track record fits a channel on every session of
 * a ten-year history; about 1.4 of the 14 candidates of a window are evaluated.
 */
function bestCandidate(
  logCloses: ArrayLike<number>,
  logLast: number,
  candidates: CandidateStarts,
  n: number,
): Candidate {
  const m = candidates.count;
  const { totalY, totalXY, totalYY, start: starts, sumY, sumXY, sumYY, minY, maxY } = candidates;
  const rootAbs = Math.sqrt(n * totalYY); // ≥ Σ|y| over the window (Cauchy–Schwarz)
  const squaresToN = squareSum(n);
  const errorScale = BOUND_ERROR_PER_SESSION * n;
  for (let j = 0; j < m; j++) {
    const start = starts[j];
    const length = n - start;
    const sx = ((start + n - 1) * length) / 2;
    const sxx = squaresToN - squareSum(start);
    const sy = totalY - sumY[j];
    const sxy = totalXY - sumXY[j];
    const denominator = length * sxx - sx * sx;
    const slope = denominator > 0 ? (length * sxy - sx * sy) / denominator : 0;
    const intercept = (sy - slope * sx) / length;
    const mean = sy / length;
    const syy = totalYY - sumYY[j];
    // Σ(y - a - b·x)² and Σ(y - mean)² expanded: exact in real numbers for any a and b.
    const sse =
      syy -
      2 * intercept * sy -
      2 * slope * sxy +
      length * intercept * intercept +
      2 * intercept * slope * sx +
      slope * slope * sxx;
    const sst = syy - sy * mean;
    const absIntercept = intercept < 0 ? -intercept : intercept;
    const absSlope = slope < 0 ? -slope : slope;
    const error =
      errorScale *
      (totalYY +
        (absIntercept + (mean < 0 ? -mean : mean) + absSlope * n) * rootAbs +
        length * (intercept * intercept + mean * mean) +
        absIntercept * absSlope * sx +
        slope * slope * sxx);
    const sseLow = sse > error ? sse - error : 0;
    const sstLow = sst - error;
    const sstHigh = sst + error;
    halfWidthLow[j] = SIGMAS * Math.sqrt(sseLow / length);
    halfWidthHigh[j] = SIGMAS * Math.sqrt((sse + error) / length);
    // R² is at most 1 - sse/sst with the smallest sse and largest sst; 0 when sst cannot be positive.
    let r2High = 1;
    if (sstHigh <= 0) r2High = 0;
    else if (sstLow > 0) r2High = clamp(1 - sseLow / sstHigh, 0, 1);
    const range = maxY[j] - minY[j];
    const width = range > 0 ? (2 * halfWidthLow[j]) / range : 0;
    upper[j] =
      W_R2 * r2High +
      W_INSIDE +
      W_LENGTH * (length / n) -
      W_WIDTH * (width < 1 ? width : 1) +
      BOUND_SCORE_SLACK;
    // Insertion into `order`, by upper bound descending (a NaN bound sorts last and is evaluated).
    let at = j;
    while (at > 0 && !(upper[order[at - 1]] >= upper[j])) {
      order[at] = order[at - 1];
      at--;
    }
    order[at] = j;
  }

  let bestIndex = order[0];
  let best = evaluate(logCloses, logLast, candidates, bestIndex, n);
  for (let rank = 1; rank < m; rank++) {
    const j = order[rank];
    if (upper[j] < best.score) continue;
    const candidate = evaluate(logCloses, logLast, candidates, j, n);
    if (candidate.score > best.score || (candidate.score === best.score && j < bestIndex)) {
      best = candidate;
      bestIndex = j;
    }
  }
  return best;
}

/**
 * Candidate j fitted and scored in full. The closes inside the band are those whose residual is at
 * most halfWidth + EDGE_EPSILON, and halfWidth needs the sum of squared residuals first. So the one
 * pass over the sessions also counts the residuals within the smallest and within the largest
 * half-width the bounds allow: when the two counts agree, that is the count; only when a residual
 * lies between the two (within about 1e-9 of the band's edge) does a second pass count it.
 */
function evaluate(
  logCloses: ArrayLike<number>,
  logLast: number,
  candidates: CandidateStarts,
  j: number,
  n: number,
): Candidate {
  const start = candidates.start[j];
  const length = n - start;
  // Sums of x = start..n-1 and x² in closed form (exact integers at these sizes).
  const sx = ((start + n - 1) * length) / 2;
  const sxx = squareSum(n) - squareSum(start);
  const sy = candidates.totalY - candidates.sumY[j];
  const sxy = candidates.totalXY - candidates.sumXY[j];
  const denominator = length * sxx - sx * sx;
  const slope = denominator > 0 ? (length * sxy - sx * sy) / denominator : 0;
  const intercept = (sy - slope * sx) / length;
  const mean = sy / length;

  // fl(h + EDGE_EPSILON) is monotone in h, so these enclose the band's edge.
  const edgeLow = halfWidthLow[j] + EDGE_EPSILON;
  const edgeHigh = halfWidthHigh[j] + EDGE_EPSILON;
  let sse = 0;
  let sst = 0;
  let insideLow = 0;
  let insideHigh = 0;
  for (let i = start; i < n; i++) {
    const v = logCloses[i] - logLast;
    const residual = v - (intercept + slope * i);
    sse += residual * residual;
    sst += (v - mean) * (v - mean);
    const distance = Math.abs(residual);
    if (distance <= edgeLow) insideLow++;
    if (distance <= edgeHigh) insideHigh++;
  }
  const halfWidth = SIGMAS * Math.sqrt(sse / length);
  let inside = insideLow;
  if (
    insideLow !== insideHigh ||
    !(edgeLow <= halfWidth + EDGE_EPSILON && halfWidth + EDGE_EPSILON <= edgeHigh)
  ) {
    inside = 0;
    for (let i = start; i < n; i++) {
      if (Math.abs(logCloses[i] - logLast - (intercept + slope * i)) <= halfWidth + EDGE_EPSILON) inside++;
    }
  }
  // A flat stretch has no variance to explain: R² 0 (its direction is horizontal anyway).
  const r2 = sst > 0 ? clamp(1 - sse / sst, 0, 1) : 0;
  const range = candidates.maxY[j] - candidates.minY[j];
  const widthRatio = range > 0 ? Math.min(1, (2 * halfWidth) / range) : 0;
  const score = W_R2 * r2 + W_INSIDE * (inside / length) + W_LENGTH * (length / n) - W_WIDTH * widthRatio;
  return { start, score, intercept, slope, halfWidth, r2 };
}

/** 0² + 1² + ... + (m-1)². */
function squareSum(m: number): number {
  return ((m - 1) * m * (2 * m - 1)) / 6;
}
