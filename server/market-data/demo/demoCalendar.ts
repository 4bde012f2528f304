import type { MarketId } from '@/lib/constants';

import { dayNumber, isoFromDayNumber, isWeekday } from '../dates';
import { DEMO_ANCHOR, DEMO_EPOCH, DEMO_SEED, MARKET_PARAMS, SQRT_TD, TRADING_DAYS } from './demoModel';
import { hashString, Rng } from './prng';

const { max } = Math;

/** The simulation calendar: weekdays from the epoch to max(end date, anchor) (bars: sessions only). */
export interface DemoCalendar {
  dates: string[];
  anchorIndex: number;
  /** How many dates are on or before the requested end date. */
  endCount: number;
}

let calendarCache: { endDate: string; calendar: DemoCalendar } | null = null;

export function demoCalendar(endDate: string): DemoCalendar {
  if (calendarCache?.endDate === endDate) return calendarCache.calendar;
  const start = dayNumber(DEMO_EPOCH);
  const anchor = dayNumber(DEMO_ANCHOR);
  const end = dayNumber(endDate);
  const last = max(end, anchor);
  const dates: string[] = [];
  let anchorIndex = -1;
  let endCount = 0;
  for (let d = start; d <= last; d += 1) {
    if (!isWeekday(d)) continue;
    if (d === anchor) anchorIndex = dates.length;
    dates.push(isoFromDayNumber(d));
    if (d <= end) endCount = dates.length;
  }
  const calendar = { dates, anchorIndex, endCount };
  calendarCache = { endDate, calendar };
  return calendar;
}

const factorCache = new Map<MarketId, Float64Array>();

/**
 * The market factor (log level, 0 at the epoch) for at least `length` sessions. Mean-reverting
 * around a growth trend until the anchor, around its anchor value afterwards; regimes include
 * short crashes. Prefix-stable, so the longest computed array serves every shorter request.
 */
export function marketFactor(marketId: MarketId, length: number, anchorIndex: number): Float64Array {
  const cached = factorCache.get(marketId);
  if (cached && cached.length >= length) return cached;
  const params = MARKET_PARAMS[marketId];
  const rng = new Rng(hashString(`${DEMO_SEED}:factor:${marketId}`));
  const f = new Float64Array(length);
  const sigma = params.vol / SQRT_TD;
  const growth = params.growth / TRADING_DAYS;
  let left = 0;
  let drift = 0;
  let volMult = 1;
  let level = 0;
  let anchorLevel = 0;
  for (let t = 1; t < length; t += 1) {
    if (left <= 0) {
      if (rng.chance(0.07)) {
        left = rng.int(8, 30);
        drift = -rng.uniform(0.8, 1.6) / TRADING_DAYS;
        volMult = rng.uniform(1.8, 2.6);
      } else {
        left = rng.int(40, 220);
        drift = (0.22 * rng.normal()) / TRADING_DAYS;
        volMult = rng.logUniform(0.6, 1.8);
      }
    }
    left -= 1;
    const post = t > anchorIndex;
    const target = post ? anchorLevel : growth * (t - 1);
    const kappa = post ? 1 / 200 : 1 / 400;
    level += (post ? 0 : growth) + drift - kappa * (level - target) + sigma * volMult * rng.normal();
    f[t] = level;
    if (t === anchorIndex) anchorLevel = level;
  }
  factorCache.set(marketId, f);
  return f;
}
