import { SR_MAX_LEVELS, SR_MAX_TOLERANCE, SR_MIN_TOLERANCE } from './constants';
import { clamp } from './math';

/** A price level: the mean of a cluster of pivot highs and lows, with how often and when it was touched. */
export interface PriceLevel {
  price: number;
  touches: number;
  /** Indexes (in the input) of the cluster's first and last pivot. */
  firstIndex: number;
  lastIndex: number;
}

export interface SupportResistance {
  /** Up to maxLevels levels below the last close with the most touches, nearest first. */
  supports: PriceLevel[];
  /** Up to maxLevels levels above the last close with the most touches, nearest first. */
  resistances: PriceLevel[];
  /** Every level found, ascending by price. */
  levels: PriceLevel[];
  /** Relative distance within which pivots join one level. */
  tolerance: number;
}

/** A pivot high or low: its price and its session's index. */
export interface Pivot {
  price: number;
  index: number;
}

/**
 * Support and resistance levels of a window: pivot highs (lows) are sessions whose high (low) is above
 * (below) the `pivotSpan` sessions before and not below (above) the `pivotSpan` after; pivots sorted by
 * price are clustered greedily while within `tolerance` of the cluster's lowest member (the mean daily
 * range, clamped to 0.5 %..5 %). Levels are ranked by touches (then by recency), and the best
 * `maxLevels` below and above the last close are returned. Prices must be positive.
 */
export function findSupportResistance(
  highs: ArrayLike<number>,
  lows: ArrayLike<number>,
  closes: ArrayLike<number>,
  pivotSpan: number,
  maxLevels: number = SR_MAX_LEVELS,
): SupportResistance {
  const n = closes.length;
  const tolerance = clusterTolerance(highs, lows);
  if (n === 0) return { supports: [], resistances: [], levels: [], tolerance };

  const levels = clusterPivots(sortPivots(findPivots(highs, lows, pivotSpan)), tolerance);
  const lastClose = closes[n - 1];
  const ranked = [...levels].sort((a, b) => b.touches - a.touches || b.lastIndex - a.lastIndex);
  const supports = ranked
    .filter((level) => level.price < lastClose)
    .slice(0, maxLevels)
    .sort((a, b) => b.price - a.price);
  const resistances = ranked
    .filter((level) => level.price > lastClose)
    .slice(0, maxLevels)
    .sort((a, b) => a.price - b.price);
  return { supports, resistances, levels, tolerance };
}

/**
 * The pivot highs and lows of the sessions whose `span` neighbours on both sides exist, in session
 * order (a session's high before its low). Whether a session is a pivot depends only on those
 * neighbours, so the pivots of a window are the pivots of the whole history that lie at least `span`
 * sessions inside it: the track record finds them once.
 */
export function findPivots(highs: ArrayLike<number>, lows: ArrayLike<number>, span: number): Pivot[] {
  const pivots: Pivot[] = [];
  for (let i = span; i < highs.length - span; i++) {
    if (isPivot(highs, i, span, 1)) pivots.push({ price: highs[i], index: i });
    if (isPivot(lows, i, span, -1)) pivots.push({ price: lows[i], index: i });
  }
  return pivots;
}

/** Sorts pivots by price, then by session, in place (stable: a session's high stays before its low). */
export function sortPivots(pivots: Pivot[]): Pivot[] {
  return pivots.sort((a, b) => a.price - b.price || a.index - b.index);
}

/**
 * Levels from pivots sorted by sortPivots: each level takes the next pivots while they are within
 * `tolerance` of its lowest one, and is their mean price with their count and first and last session
 * (the pivots' indexes minus `indexOffset`), ascending by price.
 */
export function clusterPivots(sorted: readonly Pivot[], tolerance: number, indexOffset = 0): PriceLevel[] {
  const levels: PriceLevel[] = [];
  let k = 0;
  while (k < sorted.length) {
    const ceiling = sorted[k].price * (1 + tolerance);
    let sum = 0;
    let touches = 0;
    let firstIndex = Number.POSITIVE_INFINITY;
    let lastIndex = -1;
    for (; k < sorted.length && sorted[k].price <= ceiling; k++) {
      const pivot = sorted[k];
      sum += pivot.price;
      touches++;
      if (pivot.index < firstIndex) firstIndex = pivot.index;
      if (pivot.index > lastIndex) lastIndex = pivot.index;
    }
    levels.push({
      price: sum / touches,
      touches,
      firstIndex: firstIndex - indexOffset,
      lastIndex: lastIndex - indexOffset,
    });
  }
  return levels;
}

/** side 1: strictly above the span before, not below the span after; side -1 mirrored for lows. */
export function isPivot(values: ArrayLike<number>, i: number, span: number, side: 1 | -1): boolean {
  const v = values[i] * side;
  for (let j = i - span; j < i; j++) if (values[j] * side >= v) return false;
  for (let j = i + 1; j <= i + span; j++) if (values[j] * side > v) return false;
  return true;
}

/** Each session's daily range relative to its low, NaN where the low is not positive. */
export function dailyRangeRatios(highs: ArrayLike<number>, lows: ArrayLike<number>): Float64Array {
  const ratios = new Float64Array(highs.length);
  for (let i = 0; i < highs.length; i++)
    ratios[i] = lows[i] > 0 ? (highs[i] - lows[i]) / lows[i] : Number.NaN;
  return ratios;
}

function clusterTolerance(highs: ArrayLike<number>, lows: ArrayLike<number>): number {
  return toleranceFromRatios(dailyRangeRatios(highs, lows), 0, highs.length);
}

/**
 * The clustering tolerance of the sessions [from, to): their mean daily range relative to the low
 * (sessions with a low that is not positive left out), clamped to SR_MIN_TOLERANCE..SR_MAX_TOLERANCE.
 */
export function toleranceFromRatios(ratios: Float64Array, from: number, to: number): number {
  let sum = 0;
  let count = 0;
  for (let i = from; i < to; i++) {
    const ratio = ratios[i];
    if (!Number.isNaN(ratio)) {
      sum += ratio;
      count++;
    }
  }
  return clamp(count > 0 ? sum / count : 0, SR_MIN_TOLERANCE, SR_MAX_TOLERANCE);
}
