import type { TrendDirection } from '@/lib/types/market';
import { MAX_LOG_SLOPE_PER_YEAR, SESSIONS_PER_YEAR, TREND_FLAT_PCT_PER_YEAR } from './constants';
import { clamp } from './math';
import { bestCandidate, EDGE_EPSILON } from './trendChannelBest';
import { findCandidates } from './trendChannelCandidates';

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
