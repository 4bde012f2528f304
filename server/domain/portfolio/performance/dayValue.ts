/** A day's value in the base currency from its per-currency sums. */
import type Decimal from 'decimal.js';
import { ZERO } from '../ledger/decimal';
import { conversionFactor } from '../ledger/fx';
import type { CurrencyCode, FxRateOn } from '../ledger/types';
import { TEN_POW_40, pow10, scaledOf, smallScaledOf, type Scaled, type ScaledDaySum } from './scaled';

/**
 * The day's value from its per-currency totals as Decimals: 0 + each total (× the day's rate for
 * another currency than the base), in first-seen order, at the portfolio precision.
 */
export function decimalDayValue(
  sums: readonly ScaledDaySum[],
  currencies: readonly CurrencyCode[],
  baseCurrency: CurrencyCode,
  fxRateOn: FxRateOn,
  date: string,
): Decimal {
  let value = ZERO;
  for (let c = 0; c < sums.length; c++) {
    const currency = currencies[c];
    const amount = sums[c].toDecimal();
    // A sum in the base currency is not multiplied by 1 (Decimal's × 1 returns the same value).
    const term =
      currency === baseCurrency
        ? amount
        : amount.mul(conversionFactor(currency, baseCurrency, fxRateOn, date));
    // 0 + term is term itself when it has at most the 40 significant digits Decimal rounds a sum
    // to (a product is rounded to them already).
    value = c === 0 && (term !== amount || sums[c].fitsPrecision) ? term : value.plus(term);
  }
  return value;
}

/**
 * decimalDayValue's answer as a scaled integer, without its Decimals, when it is the exact sum:
 * every product (total × rate) and every partial sum then has at most 40 digits, so no Decimal
 * operation of it rounds anything, and the exact integers give the same value. Null when some has
 * more (or a rate's digits are not a safe integer): the caller then takes the Decimal way.
 */
export function exactDayValue(
  sums: readonly ScaledDaySum[],
  currencies: readonly CurrencyCode[],
  baseCurrency: CurrencyCode,
  fxRateOn: FxRateOn,
  date: string,
  rate: RateDigits,
): Scaled | null {
  if (sums.length === 0) return SCALED_ZERO;
  if (sums.length === 1 && currencies[0] === baseCurrency)
    return sums[0].fitsPrecision ? sums[0].toScaled() : null;
  let total = 0n;
  let scale = 0;
  for (let c = 0; c < sums.length; c++) {
    const sum = sums[c];
    if (!sum.fitsPrecision) return null;
    let int = sum.toScaled().int;
    let termScale = sum.totalScale;
    if (currencies[c] !== baseCurrency) {
      const factor = conversionFactor(currencies[c], baseCurrency, fxRateOn, date);
      if (rate.rate !== factor) {
        rate.rate = factor;
        const small = smallScaledOf(factor);
        rate.scaled = small === null ? scaledOf(factor) : { int: BigInt(small.int), scale: small.scale };
      }
      int *= rate.scaled.int;
      termScale += rate.scaled.scale;
      if ((int < 0n ? -int : int) >= TEN_POW_40) return null;
    }
    if (termScale > scale) {
      total *= pow10(termScale - scale);
      scale = termScale;
    } else int *= pow10(scale - termScale);
    total += int;
    if ((total < 0n ? -total : total) >= TEN_POW_40) return null;
  }
  return { int: total, scale };
}

/** The last conversion factor's digits (the rates' Decimals are the same object for the same rate). */
export interface RateDigits {
  rate: Decimal | null;
  scaled: Scaled;
}

export const SCALED_ZERO: Scaled = { int: 0n, scale: 0 };
