import type Decimal from 'decimal.js';
import { PortfolioDecimal, ZERO } from './decimal';

/** 10^k as a double, exact for k ≤ 22. */
const POW10 = Array.from({ length: 23 }, (_, k) => 10 ** k);
/** The most decimals a sum keeps in a plain number (beyond, it goes on in Decimals). */
const MAX_SCALE = 15;

/** Decimal digits of a word of decimal.js's base 1e7 (1 to 7). */
function wordDigits(w: number): number {
  return w < 1e3 ? (w < 10 ? 1 : w < 100 ? 2 : 3) : w < 1e5 ? (w < 1e4 ? 4 : 5) : w < 1e6 ? 6 : 7;
}

/** The power of ten of the last digit readDigits read (set by each call: no object made for it). */
let lastExponent = 0;

/**
 * d's significant digits as a signed safe integer (d = int × 10^lastExponent after the call), or
 * NaN when they are more than a safe integer holds. Reads the documented fields of the Decimal
 * (`d`: base 1e7 words, the first one holding the leading digits, then 7 digits each; `e`: the power
 * of ten of the leading digit; `s`: the sign) without making any object.
 */
function readDigits(d: Decimal): number {
  const words = d.d;
  if (words[0] === 0) {
    lastExponent = 0;
    return 0;
  }
  const last = words.length - 1;
  // The last word without its trailing zeros (7 digits a word, or fewer in the first one).
  let tail = words[last];
  let zeros = 0;
  while (tail % 10 === 0) {
    tail /= 10;
    zeros += 1;
  }
  let int: number;
  if (last === 0) int = tail;
  else {
    int = words[0];
    for (let i = 1; i < last; i++) int = int * 1e7 + words[i];
    int = int * POW10[7 - zeros] + tail;
  }
  if (int > Number.MAX_SAFE_INTEGER) return NaN;
  lastExponent = d.e - (wordDigits(words[0]) - 1) - 7 * last + zeros;
  return d.s < 0 ? -int : int;
}

/** int × 10^shift as a safe integer, or NaN (shift within 0…22, the exact powers of ten). */
function shifted(int: number, shift: number): number {
  if (shift < 0 || shift > 22) return NaN;
  const scaled = int * POW10[shift];
  return Math.abs(scaled) > Number.MAX_SAFE_INTEGER ? NaN : scaled;
}

/**
 * `d × 10^scale` as a safe integer, or NaN when it is not one (too many digits, or `scale` below
 * d's decimal places).
 */
export function scaledInteger(d: Decimal, scale: number): number {
  const int = readDigits(d);
  return Number.isNaN(int) ? NaN : shifted(int, lastExponent + scale);
}

/**
 * A running sum of Decimals, a + b + c …, equal to the portfolio Decimal's sequential sum to the
 * last digit, kept in a plain number while it can be (issue 26: each Decimal `plus` made two
 * Decimals, a copy of its argument and the sum, and a replay of 10,000 transactions adds several
 * amounts per transaction). While every addend has at most MAX_SCALE decimals and the scaled sum
 * stays a safe integer, every partial sum has at most 16 significant digits, so the Decimal sum
 * (40 digits) is exact at every step and equals the scaled integer; the first addend that does not
 * fit moves the sum to Decimals, from its exact value, for good.
 */
export class ExactSum {
  /** The sum once it is kept in Decimals (or its value, once asked for); null while in `int`. */
  private decimal: Decimal | null = null;
  /** The sum is int / 10^scale while `inNumber`. */
  private int = 0;
  private scale = 0;
  private inNumber = true;

  constructor(start: Decimal) {
    this.inNumber = false;
    this.decimal = start;
    // -0 stays in Decimals: decimal.js keeps its sign through a sum of zeros (from 0 a sum is never -0).
    if (start.d[0] !== 0 || start.s > 0) this.enterNumber(start);
  }

  /** Start from `start` in a number when it fits one. */
  private enterNumber(start: Decimal): void {
    const scale = start.decimalPlaces();
    if (scale > MAX_SCALE) return;
    const int = scaledInteger(start, scale);
    if (Number.isNaN(int)) return;
    this.int = int;
    this.scale = scale;
    this.inNumber = true;
  }

  /** An independent sum with the same value. */
  copy(): ExactSum {
    const out = new ExactSum(ZERO);
    out.decimal = this.decimal;
    out.int = this.int;
    out.scale = this.scale;
    out.inNumber = this.inNumber;
    return out;
  }

  plus(d: Decimal): void {
    this.add(d, false);
  }

  /** The sum − d: the same as adding −d, without making it. */
  minus(d: Decimal): void {
    this.add(d, true);
  }

  private add(d: Decimal, negated: boolean): void {
    if (this.inNumber) {
      // Adding 0 to a sum kept in a number changes nothing (not even a zero's sign: it is +0).
      if (d.d[0] === 0) return;
      const digits = readDigits(d);
      const exponent = lastExponent;
      // d's decimal places (digits × 10^exponent, its last digit not 0).
      const places = exponent < 0 ? -exponent : 0;
      if (!Number.isNaN(digits) && places <= MAX_SCALE) {
        let int = this.int;
        let scale = this.scale;
        if (places > scale) {
          int *= POW10[places - scale];
          scale = places;
        }
        const add = shifted(digits, exponent + scale);
        const sum = negated ? int - add : int + add;
        // |sum| > MAX_SAFE also catches a rounded sum: the exact one is then ≥ 2^53 too (and NaN fails).
        if (Math.abs(int) <= Number.MAX_SAFE_INTEGER && Math.abs(sum) <= Number.MAX_SAFE_INTEGER) {
          this.int = sum;
          this.scale = scale;
          this.decimal = null;
          return;
        }
      }
      // Too many digits for a number: on in Decimals from the exact sum so far.
      this.decimal = this.value();
      this.inNumber = false;
    }
    this.decimal = negated ? this.decimal!.minus(d) : this.decimal!.plus(d);
  }

  /** The sum as a portfolio Decimal (made once per value). */
  value(): Decimal {
    this.decimal ??= new PortfolioDecimal(this.scale === 0 ? String(this.int) : `${this.int}e-${this.scale}`);
    return this.decimal;
  }
}
