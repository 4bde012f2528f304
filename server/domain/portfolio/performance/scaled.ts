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
import { asPriceSeries } from '../ledger/prices';
import type { DecimalInput as Close } from '../ledger/decimal';
import type { Prices, PriceSeries } from '../ledger/types';

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

/** The plain text of `±digits / 10^scale`, `digits` the decimal digits of the magnitude. */
function digitText(negative: boolean, digits: string, scale: number): string {
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
function numberToDecimal(int: number, scale: number): Decimal {
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
const SAFE_POW10 = Array.from({ length: 16 }, (_, k) => 10 ** k);

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
 * A running `sum = sum.plus(term)` of portfolio Decimals (each step rounded to the portfolio
 * precision, as Decimal rounds it), without Decimals: in a safe integer while every partial sum is
 * one (it then has at most 16 digits, so no step rounds and the sum is exact), in a bigint rounded
 * as Decimal rounds (plusRounded) from the first term that does not fit on.
 */
export class RunningSum {
  private int = 0;
  private scale = 0;
  private big: Scaled | null = null;
  private snapshot: Exact | null = EXACT_ZERO;
  private readonly scratch: SmallScaled = { int: 0, scale: 0 };

  /** Start from `value` (an Exact of at most 40 digits, as a Decimal sum holds). */
  reset(value: Exact = EXACT_ZERO): void {
    if (typeof value.int === 'number') {
      this.int = value.int;
      this.scale = value.scale;
      this.big = null;
    } else this.big = { int: value.int, scale: value.scale };
    this.snapshot = value;
  }

  add(term: Decimal): void {
    this.addDigits(term, smallScaledOf(term, this.scratch));
  }

  /** add(term), `small` being smallScaledOf(term) (a term added to two sums is read once). */
  addDigits(term: Decimal, small: SmallScaled | null): void {
    this.snapshot = null;
    if (this.big === null) {
      if (small !== null) {
        let int = this.int;
        let add = small.int;
        let scale = this.scale;
        if (small.scale > scale) {
          int *= NUMBER_POW10[small.scale - scale];
          scale = small.scale;
        } else if (small.scale < scale) add *= NUMBER_POW10[scale - small.scale];
        const next = int + add;
        // Every operand and result a safe integer: each operation was exact.
        if (Number.isSafeInteger(int) && Number.isSafeInteger(add) && Number.isSafeInteger(next)) {
          this.int = next;
          this.scale = scale;
          return;
        }
      }
      this.big = { int: BigInt(this.int), scale: this.scale };
    }
    this.big = plusRounded(this.big, scaledOf(term));
  }

  /** The sum so far (the same object while nothing was added). */
  get value(): Exact {
    return (this.snapshot ??= this.big ?? { int: this.int, scale: this.scale });
  }

  /** Whether the sum so far is above 0. */
  get positive(): boolean {
    return this.big === null ? this.int > 0 : this.big.int > 0n;
  }
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

  /** The sum so far as a scaled integer (its scale is the largest added). */
  get value(): Scaled {
    return { int: this.int, scale: this.scale };
  }

  toDecimal(): Decimal {
    return scaledToDecimal(this.value);
  }
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

/** A scale not read yet / a close whose digits are not a safe integer (see ScaledCloses). */
const UNREAD = 255;
export const BIG_SCALE = 254;

/**
 * The closes of a price series as scaled integers in two typed arrays (digits as safe-integer
 * doubles, scales as bytes), filled in as they are read: one `{int: bigint}` object per close was
 * half of a cold performance request's own time (CPU profile, issue 26). A close whose digits are
 * not a safe integer (beyond 2^53, e.g. 17 significant digits; or a scale above MAX_NUMBER_SCALE) is
 * kept as a Scaled beside them and read with `exact`.
 */
export class ScaledCloses {
  /** closes[i] = digits[i] / 10^scale(i) when scale(i) is not BIG_SCALE. */
  readonly digits: Float64Array;
  private readonly scales: Uint8Array;
  private readonly big = new Map<number, Scaled>();

  private readonly closes: ArrayLike<Close>;

  constructor(prices: Prices) {
    const series: PriceSeries = asPriceSeries(prices);
    this.closes = series.closes;
    this.digits = new Float64Array(series.closes.length);
    this.scales = new Uint8Array(series.closes.length).fill(UNREAD);
  }

  /** The scale of close i (its digits are then `digits[i]`), or BIG_SCALE: read it with `exact`. */
  scale(i: number): number {
    const known = this.scales[i];
    if (known !== UNREAD) return known;
    const close = this.closes[i];
    let scale = UNREAD;
    if (typeof close === 'number') {
      // scaledOfDouble's loop without the object: the fewest decimals that give the double back.
      for (let k = 0; k < DOUBLE_POW10.length; k++) {
        const m = Math.round(close * DOUBLE_POW10[k]);
        if (!Number.isSafeInteger(m)) break;
        if (m / DOUBLE_POW10[k] === close) {
          this.digits[i] = m;
          scale = k;
          break;
        }
      }
    }
    if (scale === UNREAD) {
      const exact = scaledOf(close);
      const digits = safeDigits(exact);
      if (Number.isNaN(digits) || exact.scale > MAX_NUMBER_SCALE) {
        this.big.set(i, exact);
        scale = BIG_SCALE;
      } else {
        this.digits[i] = digits;
        scale = exact.scale;
      }
    }
    this.scales[i] = scale;
    return scale;
  }

  /** Close i as a scaled integer, exactly. */
  exact(i: number): Scaled {
    const scale = this.scale(i);
    return scale === BIG_SCALE ? this.big.get(i)! : { int: BigInt(this.digits[i]), scale };
  }
}

const ofSeries = new WeakMap<Prices, ScaledCloses>();

/** The scaled closes of a price series, memoised on the array: a cached series is converted once for every request reading it. */
export function scaledCloses(series: Prices): ScaledCloses {
  let scaled = ofSeries.get(series);
  if (!scaled) {
    scaled = new ScaledCloses(series);
    ofSeries.set(series, scaled);
  }
  return scaled;
}

export const TEN_POW_40 = 10n ** 40n;

const NUMBER_POW10 = Array.from({ length: MAX_NUMBER_SCALE + 1 }, (_, k) => 10 ** k);

/**
 * One currency's sum of a day's quantity × close products, exactly: products whose digits are safe
 * integers are added in plain numbers, one accumulator per scale, while each partial sum stays a
 * safe integer (so no double rounding ever happens); a product or a partial sum that would not
 * fit goes into an exact BigInt sum. The Decimal of the total is the same value as summing every
 * product in BigInt (ScaledSum), which the property tests check.
 */
export class ScaledDaySum {
  private readonly ints = new Float64Array(MAX_NUMBER_SCALE + 1);
  /** Bit s set: ints[s] was added to since the last reset. */
  private used = 0;
  private big: ScaledSum | null = null;
  /** The last day's total: `total / 10^totalScale`, exactly. */
  total: number | bigint = 0;
  totalScale = 0;
  private decimal: Decimal | null = null;
  private scaledTotal: Scaled | null = null;
  /** Whether the last total has at most 40 digits, so at most the 40 significant digits of the portfolio precision. */
  fitsPrecision = true;

  /** Add `int / 10^scale`; `int` a safe integer, `scale` at most MAX_NUMBER_SCALE. */
  addNumber(int: number, scale: number): void {
    const next = this.ints[scale] + int;
    if (Number.isSafeInteger(next)) {
      this.ints[scale] = next;
      this.used |= 1 << scale;
    } else {
      // Both are safe integers, so each converts to BigInt exactly.
      (this.big ??= new ScaledSum()).add(BigInt(this.ints[scale]) + BigInt(int), scale);
      this.ints[scale] = 0;
    }
  }

  /** Add `int / 10^scale` of any size. */
  addBig(int: bigint, scale: number): void {
    (this.big ??= new ScaledSum()).add(int, scale);
  }

  /**
   * Ends the day: the exact total goes to `total` / `totalScale` (the largest scale added; a number
   * when it is a safe integer) and the sum starts again from 0.
   */
  take(): void {
    let top = this.big ? this.big.value.scale : 0;
    for (let s = top + 1; s <= MAX_NUMBER_SCALE; s++) if (this.used & (1 << s)) top = s;
    let int: number | bigint = 0;
    if (this.big === null) {
      // Align every scale's sum to the largest scale, in numbers while that stays exact.
      for (let s = 0; s <= top; s++) {
        if (!(this.used & (1 << s))) continue;
        const term = this.ints[s] * NUMBER_POW10[top - s];
        const next: number = (int as number) + term;
        if (!Number.isSafeInteger(term) || !Number.isSafeInteger(next)) {
          int = Number.NaN;
          break;
        }
        int = next;
      }
    }
    if (this.big !== null || Number.isNaN(int)) {
      const sum = this.big ?? new ScaledSum();
      for (let s = 0; s <= MAX_NUMBER_SCALE; s++) {
        if (this.used & (1 << s)) sum.add(BigInt(this.ints[s]), s);
      }
      const value = sum.value;
      // Scale `top` at least (it is the largest scale added), so equal totals compare equal.
      int = value.int * pow10(top - value.scale);
    }
    this.reset();
    if (int === this.total && top === this.totalScale) return;
    this.total = int;
    this.totalScale = top;
    this.decimal = null;
    this.scaledTotal = null;
    this.fitsPrecision = typeof int === 'number' || (int < 0n ? -int : int) < TEN_POW_40;
  }

  /** The last total as a portfolio Decimal: the same object while the total is unchanged. */
  toDecimal(): Decimal {
    if (this.decimal === null) {
      const int = this.total;
      this.decimal =
        typeof int === 'number'
          ? numberToDecimal(int, this.totalScale)
          : scaledToDecimal({ int, scale: this.totalScale });
    }
    return this.decimal;
  }

  /** The last total as a scaled integer: the same object while the total is unchanged. */
  toScaled(): Scaled {
    return (this.scaledTotal ??= { int: BigInt(this.total), scale: this.totalScale });
  }

  /** take() and the total's Decimal. */
  takeDecimal(): Decimal {
    this.take();
    return this.toDecimal();
  }

  private reset(): void {
    if (this.used !== 0) {
      for (let s = 0; s <= MAX_NUMBER_SCALE; s++) this.ints[s] = 0;
      this.used = 0;
    }
    this.big = null;
  }
}

/** The portfolio precision: every Decimal operation rounds its result to 40 significant digits. */
const PRECISION = 40;

/**
 * The number of decimal digits of a non-negative bigint, without writing it out (its string was a
 * cold request's digitCount time; CPU profile, issue 26): below 2^53 from the double itself; beyond,
 * the double's log10 gives it to within one, which the exact powers of ten settle.
 */
export function digitCount(magnitude: bigint): number {
  const x = Number(magnitude);
  if (x < 9007199254740992) {
    let k = 1;
    while (k < 16 && x >= SAFE_POW10[k]) k += 1;
    return k;
  }
  // Beyond the doubles (over 308 digits): written out.
  if (x === Infinity) return magnitude.toString().length;
  // x is within a relative 2^-53 of the magnitude, so this is its digit count or one off.
  let k = Math.floor(Math.log10(x)) + 1;
  if (magnitude < pow10(k - 1)) k -= 1;
  else if (magnitude >= pow10(k)) k += 1;
  return k;
}

/**
 * `int / 10^scale` rounded to the portfolio precision, half-up (away from zero on a tie), as
 * Decimal rounds every operation's result; a negative scale is written out as zeros.
 */
function roundToPrecision(int: bigint, scale: number, digits = PRECISION): Scaled {
  const negative = int < 0n;
  let magnitude = negative ? -int : int;
  // Most results have at most 40 digits: nothing to drop, no digits to count, the same integer.
  if (scale >= 0 && digits === PRECISION && magnitude < TEN_POW_40) return { int, scale };
  const drop = digitCount(magnitude) - digits;
  if (drop > 0) {
    const unit = pow10(drop);
    const rest = magnitude % unit;
    magnitude /= unit;
    // unit is even (drop >= 1), so half of it is exact; a tie rounds up.
    if (rest * 2n >= unit) magnitude += 1n;
    scale -= drop;
  }
  if (scale < 0) {
    magnitude *= pow10(-scale);
    scale = 0;
  }
  return { int: negative ? -magnitude : magnitude, scale };
}

/**
 * The operations of the performance series' daily chain in scaled integers, each giving exactly
 * what the portfolio Decimal's operation gives: decimal.js rounds every result correctly to the
 * precision (40 significant digits, half-up), so the exact result rounded so is the same value,
 * without Decimal's long division of 40 digits (the dearest operation of a day; CPU profile,
 * issue 26). The property tests check each against decimal.js.
 */
export const SCALED_ONE: Scaled = { int: 1n, scale: 0 };

/** `int · 10^by` (`by` >= 0), without a product where one is not needed. */
function aligned(int: bigint, by: number): bigint {
  return by === 0 ? int : int === 1n ? pow10(by) : int * pow10(by);
}

/** `a.minus(b)`. */
export function minusRounded(a: Scaled, b: Scaled): Scaled {
  if (a.scale >= b.scale) return roundToPrecision(a.int - aligned(b.int, a.scale - b.scale), a.scale);
  return roundToPrecision(aligned(a.int, b.scale - a.scale) - b.int, b.scale);
}

/** `a.plus(b)`. */
export function plusRounded(a: Scaled, b: Scaled): Scaled {
  if (a.scale >= b.scale) return roundToPrecision(a.int + aligned(b.int, a.scale - b.scale), a.scale);
  return roundToPrecision(aligned(a.int, b.scale - a.scale) + b.int, b.scale);
}

/** `a.mul(b)`. */
export function mulRounded(a: Scaled, b: Scaled): Scaled {
  return roundToPrecision(a.int * b.int, a.scale + b.scale);
}

/** `a.div(b)`; `b` must not be 0. */
export function divRounded(a: Scaled, b: Scaled): Scaled {
  // a / b = (x / y) · 10^(sb − sa) for the magnitudes x, y: a quotient of x · 10^sb by y · 10^sa
  // with enough digits for 40 and one more, so the rounding digit is there (a remainder beyond
  // them cannot change a half-up rounding: below half stays below half).
  const negative = a.int < 0n !== b.int < 0n;
  const x = a.int < 0n ? -a.int : a.int;
  const y = b.int < 0n ? -b.int : b.int;
  const shift = Math.max(0, PRECISION + 1 + digitCount(y) + a.scale - digitCount(x) - b.scale);
  // ⌊x · 10^(sb + shift) / (y · 10^sa)⌋, with the common power of ten taken out of both.
  const e = b.scale + shift - a.scale;
  const quotient = e >= 0 ? aligned(x, e) / y : x / aligned(y, -e);
  return roundToPrecision(negative ? -quotient : quotient, shift);
}

/** `close.div(anchor).minus(ONE)` (the index's return); `anchor` must not be 0. */
export function indexReturn(close: Scaled, anchor: Scaled): Scaled {
  return minusRounded(divRounded(close, anchor), SCALED_ONE);
}

/**
 * toApiNumber (decimal.ts) of a scaled integer, without Decimals: snapped half-up to 34
 * significant digits, rounded half-up to 6 decimals, and read as the nearest double (as Decimal's
 * toNumber reads its text); never -0.
 */
export function scaledApiNumber(value: Scaled): number {
  if (value.scale <= API_DECIMALS && value.scale >= 0) {
    const n = Number(value.int);
    if (Number.isSafeInteger(n)) return apiOfSafe(n, value.scale);
  }
  const snapped = roundToPrecision(value.int, value.scale, API_SNAP_DIGITS);
  let { int, scale } = snapped;
  if (scale > API_DECIMALS) {
    const negative = int < 0n;
    let magnitude = negative ? -int : int;
    const unit = pow10(scale - API_DECIMALS);
    const rest = magnitude % unit;
    magnitude /= unit;
    if (rest * 2n >= unit) magnitude += 1n;
    int = negative ? -magnitude : magnitude;
    scale = API_DECIMALS;
  }
  const n = Number(int);
  if (Number.isSafeInteger(n)) return apiOfSafe(n, scale);
  const negative = int < 0n;
  const text = Number(digitText(negative, (negative ? -int : int).toString(), scale));
  return text === 0 ? 0 : text;
}

/**
 * `int / 10^scale` as the nearest double (never -0), for a safe integer `int` and a scale of 0 to
 * 6: both are doubles exactly, so their quotient, which IEEE division rounds correctly, is the
 * double nearest to the decimal, as reading its text gives it.
 */
function apiOfSafe(int: number, scale: number): number {
  const n = scale === 0 ? int : int / NUMBER_POW10[scale];
  return n === 0 ? 0 : n;
}

/** scaledApiNumber of an Exact. */
export function exactApiNumber(value: Exact): number {
  if (typeof value.int === 'number' && value.scale <= API_DECIMALS) return apiOfSafe(value.int, value.scale);
  return scaledApiNumber(exactToScaled(value));
}

/** As decimal.ts's toApiNumber: significant digits snapped to, then decimals kept. */
const API_SNAP_DIGITS = 34;
const API_DECIMALS = 6;
