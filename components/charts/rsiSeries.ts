import type { Bar } from '@/lib/types/market';

/** Wilder's RSI period (DESIGN.md §6). */
export const RSI_PERIOD = 14;

/**
 * The 14-period Wilder RSI of every bar's close, for the chart's RSI pane (the API sends only the
 * last value). Same definition as the analysis (DESIGN.md §6): sessions with zero volume are
 * skipped; the first average is the simple mean of the first 14 changes, then
 * `avg = (avg * 13 + x) / 14`; RSI = 100 when the average loss is 0. Bars before the first full
 * period (and skipped bars) get null.
 */
export function rsiSeries(bars: readonly Bar[], period = RSI_PERIOD): (number | null)[] {
  const out: (number | null)[] = bars.map(() => null);
  let prevClose: number | null = null;
  let gains = 0;
  let losses = 0;
  let count = 0;
  let avgGain = 0;
  let avgLoss = 0;
  for (let i = 0; i < bars.length; i += 1) {
    const bar = bars[i];
    if (!(bar.volume > 0)) continue;
    if (prevClose === null) {
      prevClose = bar.close;
      continue;
    }
    const change = bar.close - prevClose;
    prevClose = bar.close;
    const gain = Math.max(change, 0);
    const loss = Math.max(-change, 0);
    count += 1;
    if (count <= period) {
      gains += gain;
      losses += loss;
      if (count < period) continue;
      avgGain = gains / period;
      avgLoss = losses / period;
    } else {
      avgGain = (avgGain * (period - 1) + gain) / period;
      avgLoss = (avgLoss * (period - 1) + loss) / period;
    }
    out[i] = avgLoss === 0 ? 100 : 100 - 100 / (1 + avgGain / avgLoss);
  }
  return out;
}

/**
 * A trend-channel line through every session from `fromIndex` to `toIndex`. The channel is a
 * straight line on log prices (DESIGN.md §6), so on a price axis it grows geometrically between its
 * end values p0 and p1.
 */
export function channelLine(p0: number, p1: number, fromIndex: number, toIndex: number): number[] {
  const span = toIndex - fromIndex;
  const out: number[] = [];
  for (let i = fromIndex; i <= toIndex; i += 1) {
    out.push(span <= 0 || p0 <= 0 ? p1 : p0 * Math.pow(p1 / p0, (i - fromIndex) / span));
  }
  return out;
}
