import Decimal from 'decimal.js';

/**
 * The portfolio domain's own decimal constructor: 40 significant digits (quantities with many
 * decimals times prices stay exact), half-up rounding, and plain (never exponential) strings.
 * A clone, so nothing here changes the global Decimal configuration other modules rely on.
 */
export const PortfolioDecimal: Decimal.Constructor = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});

/** What callers may hand the domain for an amount or quantity: a Decimal, a numeric string or a finite number. */
export type DecimalInput = Decimal | string | number;

export const ZERO: Decimal = new PortfolioDecimal(0);
export const ONE: Decimal = new PortfolioDecimal(1);
export const HUNDRED: Decimal = new PortfolioDecimal(100);

/** Convert an input to a finite portfolio Decimal; throws RangeError on NaN, Infinity or a non-numeric string. */
export function toDecimal(value: DecimalInput): Decimal {
  if (Decimal.isDecimal(value) && value.constructor === PortfolioDecimal) {
    if (!value.isFinite()) throw new RangeError(`Not a finite number: ${value.toString()}`);
    return value;
  }
  let d: Decimal;
  try {
    d = new PortfolioDecimal(typeof value === 'string' ? value.trim() : value);
  } catch {
    throw new RangeError(`Not a number: ${String(value)}`);
  }
  if (!d.isFinite()) throw new RangeError(`Not a finite number: ${String(value)}`);
  return d;
}

/** `a / b`, or 0 when `b` is 0 (averages and percentages of empty positions). */
export function divideOrZero(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? ZERO : a.div(b);
}

/**
 * Significant digits a value is snapped to before it is rounded for the API. A quantity after a
 * split that is not exact in decimals (1 for 6) carries 40 digits, so a product that is exactly
 * a half at the rounded place (3.9116785714…× 12.25 + 0.1015 = 48.0195625) comes out as
 * 48.01956249999…9 and would round down. Snapping to 34 digits first removes that representation
 * error (it is below 1e-38 relative) and moves a value only when it lies within 1e-34 of a tie,
 * which amounts of at most 10 decimals times prices of at most 8 cannot do unless they are one.
 */
const API_SNAP_DIGITS = 34;

/** The JSON edge: round half-up to 6 decimals and return a plain number (never -0). */
export function toApiNumber(d: Decimal): number {
  // A value of at most 6 decimals and 15 significant digits is left as it is by both roundings
  // below, so its double is read straight away (most amounts: a performance series' 2,600 days ×
  // 4 numbers made 20,000 Decimals for nothing; issue 26).
  if (d.decimalPlaces() <= 6 && d.precision() <= 15) {
    const plain = d.toNumber();
    return plain === 0 ? 0 : plain;
  }
  const n = d
    .toSignificantDigits(API_SNAP_DIGITS, Decimal.ROUND_HALF_UP)
    .toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
    .toNumber();
  return n === 0 ? 0 : n;
}

/**
 * The JSON edge for a quantity held (a sum of stored quantities, split-adjusted): rounded half-up
 * to the 10 decimals a transaction keeps, so a holding of 10.12345678 comes back as exactly that
 * and can be sold in full.
 */
export function toApiQuantity(d: Decimal): number {
  const n = d
    .toSignificantDigits(API_SNAP_DIGITS, Decimal.ROUND_HALF_UP)
    .toDecimalPlaces(10, Decimal.ROUND_HALF_UP)
    .toNumber();
  return n === 0 ? 0 : n;
}

/** Sum of decimals (0 for none). */
export function sumDecimals(values: Iterable<Decimal>): Decimal {
  let total = ZERO;
  for (const v of values) total = total.plus(v);
  return total;
}
