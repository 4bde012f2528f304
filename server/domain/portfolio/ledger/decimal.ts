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

/** Digits per word of decimal.js's coefficient `d` (its base is 1e7: LOG_BASE in decimal.js). */
const LOG_BASE = 7;
const POW10 = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000];
/** Longer texts go through decimal.js's own parser (a stored amount has at most some 30 digits). */
const PLAIN_TEXT_MAX = 64;

/** The digit at `j` of `text`'s digits read without its sign and decimal point. */
function digitAt(text: string, first: number, dot: number, j: number): number {
  const at = first + j;
  return text.charCodeAt(dot >= 0 && at >= dot ? at + 1 : at) - 48;
}

/** The number the `count` digits from `j` make (at most LOG_BASE digits: below 1e7, exact). */
function wordAt(text: string, first: number, dot: number, j: number, count: number): number {
  let word = 0;
  for (let k = 0; k < count; k++) word = word * 10 + digitAt(text, first, dot, j + k);
  return word;
}

/**
 * A plain decimal text (`-?digits(.digits)?`, as the database writes a numeric: "165.77",
 * "-0.25", "100") as a PortfolioDecimal, equal in every field to `new PortfolioDecimal(text)`;
 * undefined for anything else (zero, exponents, signs other than a leading minus, blanks, very
 * long texts), which the caller parses the usual way. A cold 10,000-transaction portfolio parses
 * some 20,000 amounts, and decimal.js's constructor (a regular expression test, then a copy of the
 * text without its point and slices of it per word) was about a sixth of that read's CPU and a
 * fifth of its allocations (issue 26): this reads the digits where they are.
 *
 * It writes decimal.js's representation: sign `s`, base-10 exponent `e` of the first significant
 * digit, and `d`, the significant digits in words of LOG_BASE digits, the first word holding
 * (e + 1) mod LOG_BASE of them and the last padded with zeros (decimal.js's parseDecimal). The
 * object is made by the constructor itself (from 0: the same fields in the same order) and
 * filled in before anyone sees it. The tests hold it to decimal.js field by field, so an upgrade
 * that changes the representation fails there.
 */
export function plainDecimal(text: string): Decimal | undefined {
  const n = text.length;
  if (n === 0 || n > PLAIN_TEXT_MAX) return undefined;
  const negative = text.charCodeAt(0) === 45; /* - */
  const first = negative ? 1 : 0;
  let dot = -1;
  for (let k = first; k < n; k++) {
    const c = text.charCodeAt(k);
    if (c === 46 /* . */) {
      if (dot >= 0) return undefined;
      dot = k;
    } else if (c < 48 || c > 57) return undefined;
  }
  // A digit on both sides of the point ("5." and ".5" are left to decimal.js).
  if (n === first || dot === first || dot === n - 1) return undefined;
  const digits = dot < 0 ? n - first : n - first - 1;
  const integerDigits = (dot < 0 ? n : dot) - first;
  let lead = 0;
  while (lead < digits && digitAt(text, first, dot, lead) === 0) lead++;
  if (lead === digits) return undefined;
  let end = digits;
  while (digitAt(text, first, dot, end - 1) === 0) end--;
  const significant = end - lead;
  const e = integerDigits - lead - 1;
  let head = (e + 1) % LOG_BASE;
  if (e < 0) head += LOG_BASE;
  let d: number[];
  if (head >= significant) {
    d = [wordAt(text, first, dot, lead, significant) * POW10[head - significant]];
  } else {
    // Array literals of one or two words (amounts of up to 14 significant digits), as decimal.js's
    // own arrays are packed small integers; a `[]` pushed to would keep room for 17.
    let j = lead + head;
    const rest = (end - j) % LOG_BASE || LOG_BASE;
    const last = wordAt(text, first, dot, end - rest, rest) * POW10[LOG_BASE - rest];
    if (end - j === rest) {
      d = head > 0 ? [wordAt(text, first, dot, lead, head), last] : [last];
    } else {
      d = head > 0 ? [wordAt(text, first, dot, lead, head)] : [];
      for (; end - j > LOG_BASE; j += LOG_BASE) d.push(wordAt(text, first, dot, j, LOG_BASE));
      d.push(last);
    }
  }
  const x = new PortfolioDecimal(0) as Decimal & { s: number; e: number; d: number[] };
  x.s = negative ? -1 : 1;
  x.e = e;
  x.d = d;
  return x;
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
