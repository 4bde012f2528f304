import type Decimal from 'decimal.js';
import { ONE, toDecimal, type DecimalInput } from './decimal';
import { MissingFxRateError } from './errors';
import type { CurrencyCode, FxRateOn } from './types';

/** One USD/NOK observation (NOK per USD). */
export interface FxPoint {
  date: string;
  rate: DecimalInput;
}

/**
 * Build `fxRateOn(date)` from a USD/NOK series: the last rate on or before `date`. A date before the
 * first observation gets the first rate (back-filled, so an early trade still converts); an empty
 * series throws MissingFxRateError on the first lookup. Rates must be positive.
 */
export function createFxRateOn(series: readonly FxPoint[]): FxRateOn {
  const points = series
    .map((p) => ({ date: p.date, rate: toDecimal(p.rate) }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const p of points) {
    if (!p.rate.gt(0)) throw new RangeError(`USD/NOK rate on ${p.date} must be positive`);
  }
  const dates = points.map((p) => p.date);
  return (date: string): Decimal => {
    if (points.length === 0) throw new MissingFxRateError(date);
    // Binary search for the last index with dates[i] <= date.
    let lo = 0;
    let hi = dates.length - 1;
    if (date < dates[0]) return points[0].rate;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (dates[mid] <= date) lo = mid;
      else hi = mid - 1;
    }
    return points[lo].rate;
  };
}

/** Factor that turns an amount in `from` into `to` on `date` (1 for the same currency). */
export function conversionFactor(
  from: CurrencyCode,
  to: CurrencyCode,
  fxRateOn: FxRateOn,
  date: string,
): Decimal {
  if (from === to) return ONE;
  const usdNok = fxRateOn(date);
  return from === 'USD' ? usdNok : ONE.div(usdNok);
}
