import type { RiskClass } from '@/lib/constants';
import {
  LIQUIDITY_HIGH_FROM_USD,
  LIQUIDITY_LOW_ABOVE_USD,
  LIQUIDITY_MEDIUM_FROM_USD,
  TURNOVER_SESSIONS,
} from './constants';

/** turnover_avg_66: mean of close x volume over the last `sessions` sessions (fewer if that is all), 0 for none. */
export function computeTurnover(
  closes: ArrayLike<number>,
  volumes: ArrayLike<number>,
  sessions: number = TURNOVER_SESSIONS,
): number {
  const n = closes.length;
  const start = Math.max(0, n - sessions);
  if (n === start) return 0;
  let sum = 0;
  for (let i = start; i < n; i++) sum += closes[i] * volumes[i];
  return sum / (n - start);
}

/** liquidity_risk from turnover in USD: 1 low (> 1,000,000), 2 medium (100,000-1,000,000), 3 high (1,000-100,000), 4 extreme (< 1,000). */
export function classifyLiquidity(turnoverUsd: number): RiskClass {
  if (turnoverUsd > LIQUIDITY_LOW_ABOVE_USD) return 1;
  if (turnoverUsd >= LIQUIDITY_MEDIUM_FROM_USD) return 2;
  if (turnoverUsd >= LIQUIDITY_HIGH_FROM_USD) return 3;
  return 4;
}
