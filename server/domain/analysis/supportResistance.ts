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

interface Pivot {
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

  const pivots: Pivot[] = [];
  for (let i = pivotSpan; i < n - pivotSpan; i++) {
    if (isPivot(highs, i, pivotSpan, 1)) pivots.push({ price: highs[i], index: i });
    if (isPivot(lows, i, pivotSpan, -1)) pivots.push({ price: lows[i], index: i });
  }
  pivots.sort((a, b) => a.price - b.price || a.index - b.index);

  const levels: PriceLevel[] = [];
  let k = 0;
  while (k < pivots.length) {
    const ceiling = pivots[k].price * (1 + tolerance);
    let sum = 0;
    let touches = 0;
    let firstIndex = Number.POSITIVE_INFINITY;
    let lastIndex = -1;
    for (; k < pivots.length && pivots[k].price <= ceiling; k++) {
      const pivot = pivots[k];
      sum += pivot.price;
      touches++;
      if (pivot.index < firstIndex) firstIndex = pivot.index;
      if (pivot.index > lastIndex) lastIndex = pivot.index;
    }
    levels.push({ price: sum / touches, touches, firstIndex, lastIndex });
  }

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

/** side 1: strictly above the span before, not below the span after; side -1 mirrored for lows. */
function isPivot(values: ArrayLike<number>, i: number, span: number, side: 1 | -1): boolean {
  const v = values[i] * side;
  for (let j = i - span; j < i; j++) if (values[j] * side >= v) return false;
  for (let j = i + 1; j <= i + span; j++) if (values[j] * side > v) return false;
  return true;
}

function clusterTolerance(highs: ArrayLike<number>, lows: ArrayLike<number>): number {
  const n = highs.length;
  let sum = 0;
  let count = 0;
  for (let i = 0; i < n; i++) {
    if (lows[i] > 0) {
      sum += (highs[i] - lows[i]) / lows[i];
      count++;
    }
  }
  return clamp(count > 0 ? sum / count : 0, SR_MIN_TOLERANCE, SR_MAX_TOLERANCE);
}
