/**
 * How the market sync recognises that the provider re-adjusted a stored history (pure helpers).
 *
 * EODHD's `adjusted_close` is retroactive: a split or a dividend with ex-date E rewrites every
 * adjusted value before E. A stored day read again with another price therefore means the history
 * was re-adjusted (the whole series is fetched again); a new day that steps like a split from the
 * stored day before it means a split the adjusted history does not show yet (the split guard asks
 * the provider's splits).
 */
import type { Bar } from '@/lib/types/market';

/**
 * Two prices of the same day are the same when they differ by less than this (relative): the
 * stored bars are rounded to 6 decimals, so anything above rounding means the provider changed it.
 */
const PRICE_TOLERANCE = 1e-6;

/** True when a re-read day's price differs from the stored one beyond rounding. */
function priceMoved(stored: Bar, fetched: Bar): boolean {
  const scale = Math.max(Math.abs(stored.close), Math.abs(fetched.close), 1e-9);
  return Math.abs(stored.close - fetched.close) / scale > PRICE_TOLERANCE;
}

/** True when any fetched day that is also stored has another price: the history was re-adjusted. */
export function historyReadjusted(stored: readonly Bar[], fetched: readonly Bar[]): boolean {
  const byDate = new Map(stored.map((b) => [b.date, b]));
  return fetched.some((b) => {
    const old = byDate.get(b.date);
    return old !== undefined && priceMoved(old, b);
  });
}

/**
 * A day-to-day close ratio no share moves by in one session without a corporate action: below
 * 0.6 (−40 %) or above 1.67 (+67 %). A 2-for-1 split is 0.5, a 1-for-2 reverse split 2.
 */
export function isSplitLike(ratio: number): boolean {
  return ratio < 0.6 || ratio > 1 / 0.6;
}

/** The first fetched day after `stored` whose close steps like a split from the day before it. */
export function splitLikeStep(stored: Bar, fetched: readonly Bar[]): Bar | null {
  let previous = stored;
  for (const bar of fetched) {
    if (bar.date <= stored.date) continue;
    if (isSplitLike(bar.close / previous.close)) return bar;
    previous = bar;
  }
  return null;
}
