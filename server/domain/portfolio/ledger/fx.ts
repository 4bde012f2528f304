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
  // Read series come ascending already: sorted only when they are not.
  let points = series;
  for (let i = 1; i < series.length; i++) {
    if (series[i - 1].date > series[i].date) {
      points = [...series].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      break;
    }
  }
  for (const p of points) {
    const positive =
      typeof p.rate === 'number' && Number.isFinite(p.rate) ? p.rate > 0 : toDecimal(p.rate).gt(0);
    if (!positive) throw new RangeError(`USD/NOK rate on ${p.date} must be positive`);
  }
  const dates = points.map((p) => p.date);
  // Each rate's Decimal is made when it is first asked for, once (ten years of daily rates are
  // 2,600 Decimals, and a portfolio converts on a few hundred of those days; issue 26).
  const rates = new Array<Decimal | undefined>(points.length);
  const rateAt = (i: number): Decimal => (rates[i] ??= toDecimal(points[i].rate));
  return (date: string): Decimal => {
    if (points.length === 0) throw new MissingFxRateError(date);
    // Binary search for the last index with dates[i] <= date.
    let lo = 0;
    let hi = dates.length - 1;
    if (date < dates[0]) return rateAt(0);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (dates[mid] <= date) lo = mid;
      else hi = mid - 1;
    }
    return rateAt(lo);
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
