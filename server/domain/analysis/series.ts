import type { Bar } from '@/lib/types/market';

/** The sessions that count, as parallel typed arrays in date order (oldest first). */
export interface PriceSeries {
  readonly length: number;
  readonly dates: readonly string[];
  readonly high: Float64Array;
  readonly low: Float64Array;
  readonly close: Float64Array;
  readonly volume: Float64Array;
}

/**
 * Keeps the sessions that count and returns them as typed arrays; null when none does.
 * A session counts when its volume is positive (DESIGN.md §6) and its close is a positive finite number
 * (log-price math needs that). High and low are widened to include the close, and a missing or
 * non-positive low falls back to the close, so that every range below is finite. Bars must be in
 * ascending date order.
 */
export function prepareSeries(bars: readonly Bar[]): PriceSeries | null {
  let n = 0;
  for (const bar of bars) if (counts(bar)) n++;
  if (n === 0) return null;

  const dates: string[] = new Array<string>(n);
  const high = new Float64Array(n);
  const low = new Float64Array(n);
  const close = new Float64Array(n);
  const volume = new Float64Array(n);
  let i = 0;
  for (const bar of bars) {
    if (!counts(bar)) continue;
    const c = bar.close;
    dates[i] = bar.date;
    close[i] = c;
    volume[i] = bar.volume;
    high[i] = Number.isFinite(bar.high) && bar.high > c ? bar.high : c;
    low[i] = Number.isFinite(bar.low) && bar.low > 0 && bar.low < c ? bar.low : c;
    i++;
  }
  return { length: n, dates, high, low, close, volume };
}

/** The last `sessions` sessions of a series (typed-array views, no copy of the prices). */
export function takeLastSessions(series: PriceSeries, sessions: number): PriceSeries {
  const start = Math.max(0, series.length - sessions);
  if (start === 0) return series;
  return {
    length: series.length - start,
    dates: series.dates.slice(start),
    high: series.high.subarray(start),
    low: series.low.subarray(start),
    close: series.close.subarray(start),
    volume: series.volume.subarray(start),
  };
}

function counts(bar: Bar): boolean {
  return bar.volume > 0 && Number.isFinite(bar.volume) && bar.close > 0 && Number.isFinite(bar.close);
}
