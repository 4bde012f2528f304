import { RSI_NEUTRAL, RSI_PERIOD } from './constants';

/**
 * Wilder RSI of every close: NaN until the first full period (index `period`), then
 * 100 - 100 / (1 + avgGain / avgLoss), 100 when the average loss is 0. The first averages are the
 * simple means of the first `period` changes; after that avg = (avg * (period - 1) + x) / period.
 */
export function computeRsiSeries(closes: ArrayLike<number>, period: number = RSI_PERIOD): Float64Array {
  const out = new Float64Array(closes.length).fill(NaN);
  if (closes.length > period) wilderRsi(closes, period, out);
  return out;
}

/**
 * Wilder RSI at the last close (same definition as computeRsiSeries), or RSI_NEUTRAL (50) when there
 * are fewer than period + 1 closes: too little history is reported as neutral momentum, not as a signal.
 */
export function computeRsi(closes: ArrayLike<number>, period: number = RSI_PERIOD): number {
  if (closes.length <= period) return RSI_NEUTRAL;
  return wilderRsi(closes, period, null);
}

/** The one Wilder pass (needs more than `period` closes): writes every RSI into `out` when given, returns the last. */
function wilderRsi(closes: ArrayLike<number>, period: number, out: Float64Array | null): number {
  const n = closes.length;
  let avgGain = 0;
  let avgLoss = 0;
  for (let i = 1; i <= period; i++) {
    const change = closes[i] - closes[i - 1];
    if (change > 0) avgGain += change;
    else avgLoss -= change;
  }
  avgGain /= period;
  avgLoss /= period;
  if (out) out[period] = rsiFromAverages(avgGain, avgLoss);
  const keep = period - 1;
  for (let i = period + 1; i < n; i++) {
    const change = closes[i] - closes[i - 1];
    if (change > 0) {
      avgGain = (avgGain * keep + change) / period;
      avgLoss = (avgLoss * keep) / period;
    } else {
      avgGain = (avgGain * keep) / period;
      avgLoss = (avgLoss * keep - change) / period;
    }
    if (out) out[i] = rsiFromAverages(avgGain, avgLoss);
  }
  return rsiFromAverages(avgGain, avgLoss);
}

function rsiFromAverages(avgGain: number, avgLoss: number): number {
  // DESIGN.md §6: no losses in the average means RSI 100 (also for a flat series).
  if (avgLoss === 0) return 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}
