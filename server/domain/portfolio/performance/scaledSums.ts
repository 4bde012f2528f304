/**
 * Exact running sums on scaled integers: the flows and invested cash (RunningSum), a day's
 * quantity × close per currency (ScaledDaySum), and a price series' closes read once (ScaledCloses).
 */
import type Decimal from 'decimal.js';
import { asPriceSeries } from '../ledger/prices';
import type { DecimalInput as Close } from '../ledger/decimal';
import type { Prices, PriceSeries } from '../ledger/types';
import {
  DOUBLE_POW10,
  EXACT_ZERO,
  exactToScaled,
  MAX_NUMBER_SCALE,
  NUMBER_POW10,
  TEN_POW_40,
  numberToDecimal,
  pow10,
  safeDigits,
  scaledOf,
  scaledToDecimal,
  type Exact,
  type Scaled,
} from './scaledNumbers';
import { plusRounded } from './scaledRounding';

// Module locals of imported constants read for every close, ticker and day in the loops below: an
// imported binding is read through the bundler's export getter on each use (tsx and Next's server
// bundle alike): 9 % of a cold performance call's CPU samples; as module locals the cold call's CPU
// p50 went 477 → 372 ms (portfolio-cold, four interleaved runs each; issue 43, docs/benchmarks.md).
const LOCAL_DOUBLE_POW10 = DOUBLE_POW10;
const LOCAL_MAX_SCALE = MAX_NUMBER_SCALE;
const LOCAL_NUMBER_POW10 = NUMBER_POW10;

/**
 * A running `sum = sum.plus(term)` of portfolio Decimals (each step rounded to the portfolio
 * precision, as Decimal rounds it), in a scaled bigint rounded as Decimal rounds (plusRounded).
 * (A safe-integer path for small sums gained under 10 % on the portfolio-cold bench, issue 43:
 * not kept.)
 */
export class RunningSum {
  private sum: Scaled = { int: 0n, scale: 0 };
  private snapshot: Exact | null = EXACT_ZERO;

  /** Start from `value` (an Exact of at most 40 digits, as a Decimal sum holds). */
  reset(value: Exact = EXACT_ZERO): void {
    this.sum = exactToScaled(value);
    this.snapshot = value;
  }

  add(term: Decimal): void {
    this.snapshot = null;
    this.sum = plusRounded(this.sum, scaledOf(term));
  }

  /** The sum so far (the same object while nothing was added). */
  get value(): Exact {
    return (this.snapshot ??= this.sum);
  }

  /** Whether the sum so far is above 0. */
  get positive(): boolean {
    return this.sum.int > 0n;
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
      for (let k = 0; k < LOCAL_DOUBLE_POW10.length; k++) {
        const m = Math.round(close * LOCAL_DOUBLE_POW10[k]);
        if (!Number.isSafeInteger(m)) break;
        if (m / LOCAL_DOUBLE_POW10[k] === close) {
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
    for (let s = top + 1; s <= LOCAL_MAX_SCALE; s++) if (this.used & (1 << s)) top = s;
    let int: number | bigint = 0;
    if (this.big === null) {
      // Align every scale's sum to the largest scale, in numbers while that stays exact.
      for (let s = 0; s <= top; s++) {
        if (!(this.used & (1 << s))) continue;
        const term = this.ints[s] * LOCAL_NUMBER_POW10[top - s];
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
      for (let s = 0; s <= LOCAL_MAX_SCALE; s++) {
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
      for (let s = 0; s <= LOCAL_MAX_SCALE; s++) this.ints[s] = 0;
      this.used = 0;
    }
    this.big = null;
  }
}
