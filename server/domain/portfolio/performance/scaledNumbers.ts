/**
 * Exact decimals as scaled integers (value = int / 10^scale) for the performance series' daily
 * sums (issue 26): every held ticker × every day adds quantity × close, and doing that in
 * Decimal objects was three quarters of a cold performance request's CPU (CPU profile of
 * bench/portfolio-cold). A quantity times a close is an exact product of two integers and a sum of
 * them is exact too, whatever the number of decimals, so the day's value is the same to the last
 * digit as the decimal sum. The sums run in plain numbers while every product and partial sum is a
 * safe integer (a bigint beyond), and the day's chain (value, return, index return, their JSON
 * numbers) is computed in bigints rounded exactly as the portfolio Decimal rounds each operation.
 */
import type Decimal from 'decimal.js';
import { PortfolioDecimal, toDecimal, type DecimalInput } from '../ledger/decimal';

/** `int / 10^scale`, exactly. */
export interface Scaled {
  readonly int: bigint;
  readonly scale: number;
}

const POW10: bigint[] = [1n];

/** 10^n as a bigint (memoised). */
export function pow10(n: number): bigint {
  while (POW10.length <= n) POW10.push(POW10[POW10.length - 1] * 10n);
  return POW10[n];
}

const PLAIN = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A plain decimal string ("-12.3400", "7") as a scaled integer; null for anything else (exponents). */
function parsePlain(text: string): Scaled | null {
  const match = PLAIN.exec(text);
  if (!match) return null;
  const fraction = match[3] ?? '';
  return { int: BigInt(match[1] + match[2] + fraction), scale: fraction.length };
}

function fromDecimal(d: Decimal): Scaled {
  // toFixed never writes an exponent; decimalPlaces() is the exact number of decimals.
  return parsePlain(d.toFixed(d.decimalPlaces()))!;
}

export const DOUBLE_POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];

/**
 * A double with at most 8 decimals in its shortest decimal form (a stored close) without going
 * through a string: the fewest decimals k for which round(x·10^k) / 10^k gives x back are the
 * decimals of that form, and the rounded integer its digits (exact below 2^53). Null otherwise
 * (the caller then reads the string). The property test checks it against String(x).
 */
function scaledOfDouble(x: number): Scaled | null {
  for (let k = 0; k < DOUBLE_POW10.length; k++) {
    const m = Math.round(x * DOUBLE_POW10[k]);
    if (!Number.isSafeInteger(m)) return null;
    if (m / DOUBLE_POW10[k] === x) return { int: BigInt(m), scale: k };
  }
  return null;
}

const ofDecimal = new WeakMap<Decimal, Scaled>();

/**
 * The exact scaled integer of a decimal input (a Decimal, a numeric string, a finite number: a
 * double is taken as its shortest decimal form, as Decimal takes it). Throws RangeError on what
 * toDecimal refuses. A Decimal's answer is memoised (Decimals are immutable).
 */
export function scaledOf(value: DecimalInput): Scaled {
  if (typeof value === 'number') {
    return (
      scaledOfDouble(value) ??
      (Number.isFinite(value) ? parsePlain(String(value)) : null) ??
      fromDecimal(toDecimal(value))
    );
  }
  if (typeof value === 'string') return parsePlain(value.trim()) ?? fromDecimal(toDecimal(value));
  let scaled = ofDecimal.get(value);
  if (!scaled) {
    scaled = fromDecimal(toDecimal(value));
    ofDecimal.set(value, scaled);
  }
  return scaled;
}

/** The plain text of `±digits / 10^scale`, `digits` the decimal digits of the magnitude. */
export function digitText(negative: boolean, digits: string, scale: number): string {
  if (scale === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(scale + 1, '0');
  const cut = padded.length - scale;
  return `${negative ? '-' : ''}${padded.slice(0, cut)}.${padded.slice(cut)}`;
}

/** The Decimal of `±digits / 10^scale`, `digits` the plain decimal digits of the magnitude. */
function decimalOfDigits(negative: boolean, digits: string, scale: number): Decimal {
  return new PortfolioDecimal(digitText(negative, digits, scale));
}

/** The portfolio Decimal of a scaled integer (exact: the digits are written out, not divided). */
export function scaledToDecimal(value: Scaled): Decimal {
  const negative = value.int < 0n;
  return decimalOfDigits(negative, (negative ? -value.int : value.int).toString(), value.scale);
}

/** The portfolio Decimal of `int / 10^scale` for a safe integer `int` (no exponent in its text below 1e21). */
export function numberToDecimal(int: number, scale: number): Decimal {
  return decimalOfDigits(int < 0, Math.abs(int).toString(), scale);
}

/** `int / 10^scale`, exactly: `int` a safe integer in a number, or a bigint. */
export interface Exact {
  readonly int: number | bigint;
  readonly scale: number;
}

/** Exact 0. */
export const EXACT_ZERO: Exact = { int: 0, scale: 0 };

/** The portfolio Decimal of an Exact. */
export function exactToDecimal(value: Exact): Decimal {
  return typeof value.int === 'number'
    ? numberToDecimal(value.int, value.scale)
    : scaledToDecimal({ int: value.int, scale: value.scale });
}

/** An Exact as a Scaled (a bigint). */
export function exactToScaled(value: Exact): Scaled {
  return { int: BigInt(value.int), scale: value.scale };
}

/** 10^k as a double, k = 0 … 15 (exact; 10^15 < 2^53). */
export const SAFE_POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

/** `int / 10^scale` with a safe integer `int` (see smallScaledOf). */
export interface SmallScaled {
  int: number;
  scale: number;
}

/** The number of digits of a base-10^7 word of a Decimal (1 to 7). */
function wordDigits(word: number): number {
  return word < 1e4
    ? word < 100
      ? word < 10
        ? 1
        : 2
      : word < 1e3
        ? 3
        : 4
    : word < 1e6
      ? word < 1e5
        ? 5
        : 6
      : 7;
}

/**
 * A Decimal as a safe-integer `int` over 10^scale (the fewest decimals), read from its digits
 * (decimal.js documents a Decimal's `d`, `e` and `s`: base-10^7 words, most significant first, the
 * exponent of the leading digit, the sign) without a string; null when the digits are not a safe
 * integer (or it is not finite). The property test checks it against the Decimal's text. Written
 * into `into` when given (a caller that reads it at once makes no object per Decimal).
 */
export function smallScaledOf(d: Decimal, into: SmallScaled = { int: 0, scale: 0 }): SmallScaled | null {
  const words = d.d;
  if (!words || words.length > 4) return null;
  const n = words.length;
  // The last word without its trailing zeros (a word past the first is padded to 7 digits).
  let last = words[n - 1];
  let lastDigits = n === 1 ? wordDigits(last) : 7;
  if (last !== 0) {
    while (last % 10 === 0) {
      last /= 10;
      lastDigits -= 1;
    }
  }
  let int = last;
  // The digits before the last word's: the first word, then 7 per word.
  let before = 0;
  if (n > 1) {
    int = words[0];
    before = wordDigits(words[0]);
    for (let i = 1; i < n - 1; i++) {
      int = int * 1e7 + words[i];
      before += 7;
    }
    int = int * SAFE_POW10[lastDigits] + last;
  }
  // Each step is exact while its result is below 2^53; a larger result is not a safe integer.
  if (!Number.isSafeInteger(int)) return null;
  // The leading digit is at 10^e.
  let scale = before + lastDigits - 1 - d.e;
  if (scale < 0) {
    if (-scale > 15) return null;
    int *= SAFE_POW10[-scale];
    scale = 0;
    if (!Number.isSafeInteger(int)) return null;
  }
  into.int = d.s < 0 && int !== 0 ? -int : int;
  into.scale = scale;
  return into;
}

/**
 * The digits of a scaled integer as a number when they are a safe integer (every sum and product
 * of such numbers that is again a safe integer is then exact), NaN otherwise.
 */
export function safeDigits(value: Scaled): number {
  const n = Number(value.int);
  return Number.isSafeInteger(n) && BigInt(n) === value.int ? n : Number.NaN;
}

/**
 * The largest scale summed in plain numbers (a quantity's decimals plus a close's); a product with
 * more decimals goes the BigInt way.
 */
export const MAX_NUMBER_SCALE = 30;

/** 10^k as a double, k = 0 … MAX_NUMBER_SCALE. */
export const NUMBER_POW10 = Array.from({ length: MAX_NUMBER_SCALE + 1 }, (_, k) => 10 ** k);

export const TEN_POW_40 = 10n ** 40n;
