import type { RiskClass } from '@/lib/constants';
import {
  VOLATILITY_EXTREME_FROM_PCT,
  VOLATILITY_HIGH_FROM_PCT,
  VOLATILITY_LOOKBACK_SESSIONS,
  VOLATILITY_MEDIUM_FROM_PCT,
  VOLATILITY_WINDOW_SESSIONS,
} from './constants';

/**
 * volatility_pct: mean over every `window`-session window inside the last `lookback` sessions of
 * (max high - min low) / min low * 100. With fewer than `window` sessions the one window available
 * (all sessions) is used; 0 for no sessions. Lows must be positive.
 */
export function computeVolatility(
  highs: ArrayLike<number>,
  lows: ArrayLike<number>,
  window: number = VOLATILITY_WINDOW_SESSIONS,
  lookback: number = VOLATILITY_LOOKBACK_SESSIONS,
): number {
  const n = highs.length;
  const start = Math.max(0, n - lookback);
  const width = Math.min(window, n - start);
  let sum = 0;
  let count = 0;
  // 374 windows x 22 sessions at most: a plain double loop beats a monotonic deque at this size.
  for (let s = start; s + width <= n && width > 0; s++) {
    let max = highs[s];
    let min = lows[s];
    for (let i = s + 1; i < s + width; i++) {
      if (highs[i] > max) max = highs[i];
      if (lows[i] < min) min = lows[i];
    }
    if (min > 0) {
      sum += ((max - min) / min) * 100;
      count++;
    }
  }
  return count > 0 ? sum / count : 0;
}

/** volatility_risk: 1 low (< 10 %), 2 medium (10-20), 3 high (20-40), 4 extreme (>= 40, or not a number). */
export function classifyVolatility(volatilityPct: number): RiskClass {
  if (volatilityPct < VOLATILITY_MEDIUM_FROM_PCT) return 1;
  if (volatilityPct < VOLATILITY_HIGH_FROM_PCT) return 2;
  if (volatilityPct < VOLATILITY_EXTREME_FROM_PCT) return 3;
  return 4;
}
