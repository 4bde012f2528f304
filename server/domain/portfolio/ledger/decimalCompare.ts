import type Decimal from 'decimal.js';

/**
 * Comparisons of two finite Decimals that make no Decimal. decimal.js's `cmp` (and so `eq`, `gt`)
 * first copies its argument (`new Decimal(y)`, digits and all) and `gt(0)` parses the number 0
 * into one; a replay of 10,000 transactions compares a few times per transaction, and that garbage
 * was part of a cold portfolio's time (CPU profile, issue 26). These read the value's documented
 * fields (`d` the digits in base 1e7 without trailing zero words, `e` the exponent, `s` the
 * sign) the way `cmp` reads its copy, so they answer exactly as `cmp`, `eq` and `gt(0)` do for
 * finite values (the portfolio's amounts are always finite: toDecimal refuses the others).
 */
export function compareDecimals(x: Decimal, y: Decimal): number {
  if (x === y) return 0;
  const xd = x.d;
  const yd = y.d;
  const xs = x.s;
  const ys = y.s;
  // Either zero? (0 and -0 are equal.)
  if (!xd[0] || !yd[0]) return xd[0] ? xs : yd[0] ? -ys : 0;
  if (xs !== ys) return xs;
  if (x.e !== y.e) return x.e > y.e !== xs < 0 ? 1 : -1;
  const xdL = xd.length;
  const ydL = yd.length;
  for (let i = 0, j = xdL < ydL ? xdL : ydL; i < j; ++i) {
    if (xd[i] !== yd[i]) return xd[i] > yd[i] !== xs < 0 ? 1 : -1;
  }
  return xdL === ydL ? 0 : xdL > ydL !== xs < 0 ? 1 : -1;
}

/** `x.eq(y)` without a copy of `y`. */
export function equalDecimals(x: Decimal, y: Decimal): boolean {
  return compareDecimals(x, y) === 0;
}

/** `x.gt(0)` without a Decimal made of 0. */
export function isAboveZero(x: Decimal): boolean {
  return x.s > 0 && x.d[0] !== 0;
}
