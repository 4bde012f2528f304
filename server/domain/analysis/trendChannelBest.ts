import {
  CHANNEL_SIGMAS,
  CHANNEL_WEIGHT_INSIDE,
  CHANNEL_WEIGHT_LENGTH,
  CHANNEL_WEIGHT_R2,
  CHANNEL_WEIGHT_WIDTH,
} from './constants';
import { clamp } from './math';
import { CAPACITY, type CandidateStarts } from './trendChannelCandidates';

/** Log-residuals closer than this to the band edge count as on the band (rounding, not a breakout). */
export const EDGE_EPSILON = 1e-9;

export interface Candidate {
  start: number;
  score: number;
  intercept: number;
  slope: number;
  halfWidth: number;
  r2: number;
}

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
export function bestCandidate(
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
