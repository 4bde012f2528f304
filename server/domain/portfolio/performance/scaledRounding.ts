/**
 * The operations of the daily chain on scaled integers, rounded exactly as the portfolio Decimal
 * (40 significant digits, half-up) rounds each one, and their JSON numbers.
 */
import {
  NUMBER_POW10,
  TEN_POW_40,
  digitText,
  exactToScaled,
  pow10,
  type Exact,
  type Scaled,
} from './scaledNumbers';

/** The portfolio precision: every Decimal operation rounds its result to 40 significant digits. */
const PRECISION = 40;

/**
 * The number of decimal digits of a non-negative bigint. (Reading it from the double instead of
 * the text gained under 10 % on the portfolio-cold bench, issue 43: not kept.)
 */
export function digitCount(magnitude: bigint): number {
  return magnitude.toString().length;
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
