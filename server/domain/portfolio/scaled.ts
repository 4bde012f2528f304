/**
 * Exact decimals as scaled integers (value = int / 10^scale) for the performance series' daily
 * sums (issue 26): every held ticker × every day adds quantity × close, and doing that in
 * Decimal objects was three quarters of a cold performance request's CPU (CPU profile of
 * bench/portfolio-cold). A quantity times a close is an exact product of two integers and a sum of
 * them is exact too, whatever the number of decimals, so the day's value is the same to the last
 * digit as the decimal sum; only the day's total per currency becomes a Decimal again.
 */
import type Decimal from 'decimal.js';
import { PortfolioDecimal, toDecimal, type DecimalInput } from './decimal';
import type { PricePoint } from './types';

/** `int / 10^scale`, exactly. */
export interface Scaled {
  readonly int: bigint;
  readonly scale: number;
}

export const SCALED_ZERO: Scaled = { int: 0n, scale: 0 };

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

const DOUBLE_POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8];

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

/** The portfolio Decimal of a scaled integer (exact: the digits are written out, not divided). */
export function scaledToDecimal(value: Scaled): Decimal {
  if (value.scale === 0) return new PortfolioDecimal(value.int.toString());
  const negative = value.int < 0n;
  const digits = (negative ? -value.int : value.int).toString().padStart(value.scale + 1, '0');
  const cut = digits.length - value.scale;
  return new PortfolioDecimal(`${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`);
}

/** An exact running sum of scaled integers of any scales. */
export class ScaledSum {
  private int = 0n;
  private scale = 0;

  add(int: bigint, scale: number): void {
    if (scale > this.scale) {
      this.int *= pow10(scale - this.scale);
      this.scale = scale;
    } else if (scale < this.scale) {
      int *= pow10(this.scale - scale);
    }
    this.int += int;
  }

  toDecimal(): Decimal {
    return scaledToDecimal({ int: this.int, scale: this.scale });
  }
}

const ofSeries = new WeakMap<readonly PricePoint[], (Scaled | undefined)[]>();

/**
 * The scaled closes of a price series, filled in as they are read (`scaled[i] ??= scaledOf(...)`):
 * memoised on the array, so a series kept in a cache is converted once for every request reading it.
 */
export function scaledCloses(points: readonly PricePoint[]): (Scaled | undefined)[] {
  let scaled = ofSeries.get(points);
  if (!scaled) {
    scaled = new Array<Scaled | undefined>(points.length);
    ofSeries.set(points, scaled);
  }
  return scaled;
}
