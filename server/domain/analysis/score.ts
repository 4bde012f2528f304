import type { Timeframe } from '@/lib/constants';
import {
  MOMENTUM_RSI_SCALE,
  SCORE_WEIGHTS,
  SR_FAR_SCORE,
  SR_FAR_TOLERANCES,
  SR_MIN_BREAK_TOUCHES,
  TREND_BREAKOUT_SCORE,
  TREND_STRONG_PCT_PER_YEAR,
} from './constants';
import { clamp } from './math';
import type { SupportResistance } from './supportResistance';
import type { TrendChannel } from './trendChannel';

/** The four components of a technical score, each in [-1, 1]. */
export interface ScoreComponents {
  trend: number;
  supportResistance: number;
  momentum: number;
  volume: number;
}

/**
 * Trend component in [-1, 1]: the channel's direction (+1 rising, -1 falling, 0 horizontal) times its
 * strength (|slope| / 20 %/yr, at most 1) times its fit (R²), plus ±0.5 when the last close has broken
 * out above / below the channel.
 */
export function scoreTrend(channel: TrendChannel): number {
  const sign = channel.direction === 'rising' ? 1 : channel.direction === 'falling' ? -1 : 0;
  const strength = Math.min(1, Math.abs(channel.slopePctPerYear) / TREND_STRONG_PCT_PER_YEAR);
  return clamp(sign * strength * channel.r2 + TREND_BREAKOUT_SCORE * channel.breakout);
}

/**
 * Support/resistance component: +1 when the close crossed up through a level (at least two touches, all
 * formed before the crossing) within the last `recentSessions` sessions and is still above it, -1 for
 * the same downwards; otherwise +0.5 when the close has risen over those sessions and the nearest level
 * above is far (more than 3 cluster tolerances, or there is none), -0.5 when it has fallen and the
 * nearest level below is far; else 0.
 */
export function scoreSupportResistance(
  closes: ArrayLike<number>,
  sr: Pick<SupportResistance, 'levels' | 'tolerance'>,
  recentSessions: number,
): number {
  const n = closes.length;
  if (n < 2) return 0;
  const refIndex = Math.max(0, n - 1 - recentSessions);
  const ref = closes[refIndex];
  const last = closes[n - 1];
  if (last === ref) return 0;
  const rising = last > ref;

  let nearestAbove = Number.POSITIVE_INFINITY;
  let nearestBelow = 0;
  const minTouches = SR_MIN_BREAK_TOUCHES;
  for (const level of sr.levels) {
    const price = level.price;
    if (level.touches >= minTouches && level.firstIndex < refIndex) {
      if (ref < price && last > price) return 1;
      if (ref > price && last < price) return -1;
    }
    if (price > last && price < nearestAbove) nearestAbove = price;
    if (price < last && price > nearestBelow) nearestBelow = price;
  }

  const far = SR_FAR_TOLERANCES * sr.tolerance;
  if (rising) return nearestAbove / last - 1 > far ? SR_FAR_SCORE : 0;
  return 1 - nearestBelow / last > far ? -SR_FAR_SCORE : 0;
}

/** Momentum component: clamp((RSI - 50) / 30), so RSI 80 and above is +1 and 20 and below is -1. */
export function scoreMomentum(rsi: number): number {
  return clamp((rsi - 50) / MOMENTUM_RSI_SCALE);
}

/** Technical score: clamp(0.4 trend + 0.2 support/resistance + 0.2 momentum + 0.2 volume) in [-1, 1]. */
export function scoreTimeframe(components: ScoreComponents): number {
  return clamp(
    SCORE_WEIGHTS.trend * components.trend +
      SCORE_WEIGHTS.supportResistance * components.supportResistance +
      SCORE_WEIGHTS.momentum * components.momentum +
      SCORE_WEIGHTS.volume * components.volume,
  );
}

/** Overall score: clamp((s1 + s2 + s3) / 2) in [-1, 1]. */
export function scoreOverall(scores: Readonly<Record<Timeframe, number>>): number {
  return clamp((scores[1] + scores[2] + scores[3]) / 2);
}
