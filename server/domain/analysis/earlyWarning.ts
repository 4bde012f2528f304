/**
 * Early-warning levels (issue 25): the next session's closing prices at which a timeframe's signal
 * would become buy or sell, all else equal. Each candidate close is appended to the series as one
 * more session (high = low = close = the candidate, the last session's volume) and the timeframe's
 * score is computed again by the same functions as the analysis (scoreTimeframeWindow, computeRsi,
 * computeVolumeBalance): no separate approximation. The levels are found by a scan over a grid of
 * candidate closes followed by bisection between the two grid points where the signal changes.
 */
import { BUY_THRESHOLD, SELL_THRESHOLD } from '@/lib/constants';
import type { Timeframe } from '@/lib/constants';

import { VOLUME_BALANCE_SESSIONS } from './constants';
import { scoreTimeframeWindow } from './timeframeScore';
import { computeRsi } from './rsi';
import type { PriceSeries } from './series';
import { computeVolumeBalance } from './volumeBalance';

/** Candidate closes lie within ±25 % of the last close ("a reasonable band"). */
export const EARLY_WARNING_BAND = 0.25;
/** Grid step of the scan, as a share of the last close. */
export const EARLY_WARNING_STEP = 0.025;
/**
 * The price step the levels are exact to: `buy_above + EARLY_WARNING_TICK` as the next close gives
 * buy and `buy_above - EARLY_WARNING_TICK` does not (the same for sell_below).
 */
export const EARLY_WARNING_TICK = 0.01;
/** Bisection stops when the bracket is narrower than this (well inside one tick). */
const BISECT_WIDTH = EARLY_WARNING_TICK / 8;

export interface EarlyWarning {
  /** The next close above which the timeframe's signal is buy (null: no such change within the band). */
  buyAbove: number | null;
  /** The next close below which the timeframe's signal is sell (null: no such change within the band). */
  sellBelow: number | null;
}

/**
 * The score of `timeframe` if the next session closed at `close`: `extended` is the series with one
 * extra slot at the end whose close, high and low this function overwrites. History longer than the
 * RSI needs is read, as in analyzeTicker.
 */
function scoreWithNextClose(extended: MutableSeries, timeframe: Timeframe, close: number): number {
  const last = extended.length - 1;
  extended.close[last] = close;
  extended.high[last] = close;
  extended.low[last] = close;
  const rsi = computeRsi(extended.close);
  const volume = computeVolumeBalance(extended.close, extended.volume, VOLUME_BALANCE_SESSIONS[timeframe]);
  return scoreTimeframeWindow(extended, timeframe, rsi, volume).technicalScore;
}

interface MutableSeries extends PriceSeries {
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
}

/**
 * A copy of the part of `series` the timeframe's score reads (its window, and enough history before
 * it for the RSI to be the same as on the whole series), with one slot for the next session.
 */
function extendSeries(series: PriceSeries): MutableSeries {
  const n = series.length;
  const high = new Float64Array(n + 1);
  const low = new Float64Array(n + 1);
  const close = new Float64Array(n + 1);
  const volume = new Float64Array(n + 1);
  high.set(series.high);
  low.set(series.low);
  close.set(series.close);
  volume.set(series.volume);
  // "All else equal": the next session trades the last session's volume.
  volume[n] = series.volume[n - 1];
  // The next session's date is not known here and no score reads it (only the channel's labels).
  const dates = [...series.dates, series.dates[n - 1]];
  return { length: n + 1, dates, high, low, close, volume };
}

/**
 * Early-warning levels of every timeframe for a prepared series (at least two sessions; else both
 * levels are null). For each timeframe:
 * - buy_above: when the next session at the last close would not give buy, the lowest close above it
 *   (within the band) at which it would; when it would give buy, the close below which it stops being
 *   buy. Either way, closes just above the level give buy and closes just below do not.
 * - sell_below: the same downwards for sell.
 * Levels are rounded to 4 decimals; each is checked at ± EARLY_WARNING_TICK with the score itself,
 * and a change that does not hold over one tick (a sliver of buy inside hold) is skipped.
 */
export function computeEarlyWarnings(series: PriceSeries): Record<Timeframe, EarlyWarning> {
  const none = { buyAbove: null, sellBelow: null };
  if (series.length < 2) return { 1: none, 2: none, 3: none };
  const extended = extendSeries(series);
  return {
    1: earlyWarningFor(extended, 1),
    2: earlyWarningFor(extended, 2),
    3: earlyWarningFor(extended, 3),
  };
}

/** One timeframe's levels (exported for the property test and the bench). */
export function earlyWarningFor(extended: MutableSeries, timeframe: Timeframe): EarlyWarning {
  const lastClose = extended.close[extended.length - 2];
  const memo = new Map<number, number>();
  const score = (close: number): number => {
    let s = memo.get(close);
    if (s === undefined) {
      s = scoreWithNextClose(extended, timeframe, close);
      memo.set(close, s);
    }
    return s;
  };
  const isBuy = (close: number) => score(close) >= BUY_THRESHOLD;
  const isSell = (close: number) => score(close) <= SELL_THRESHOLD;
  return {
    buyAbove: findLevel(lastClose, isBuy, !isBuy(lastClose) ? 1 : -1),
    sellBelow: findLevel(lastClose, (c) => !isSell(c), !isSell(lastClose) ? -1 : 1),
  };
}

/**
 * The level where `above(close)` turns from false (below the level) to true (above it), searched from
 * `start` in `direction` (+1 up, -1 down) over the band: the first grid interval where `above` changes
 * is bisected. Returns null when no verified change lies within the band.
 */
function findLevel(start: number, above: (close: number) => boolean, direction: 1 | -1): number | null {
  const steps = Math.round(EARLY_WARNING_BAND / EARLY_WARNING_STEP);
  let prev = start;
  for (let k = 1; k <= steps; k++) {
    const next = start * (1 + direction * k * EARLY_WARNING_STEP);
    if (next <= 2 * EARLY_WARNING_TICK) break;
    // Bracket [lo, hi] with above(lo) false and above(hi) true.
    let lo = direction === 1 ? prev : next;
    let hi = direction === 1 ? next : prev;
    if (!above(lo) && above(hi)) {
      while (hi - lo > BISECT_WIDTH) {
        const mid = (lo + hi) / 2;
        if (above(mid)) hi = mid;
        else lo = mid;
      }
      const level = Math.round(((lo + hi) / 2) * 1e4) / 1e4;
      if (above(level + EARLY_WARNING_TICK) && !above(level - EARLY_WARNING_TICK)) return level;
    }
    prev = next;
  }
  return null;
}
