/**
 * Market figures for display, built on lib/format with the active locale: change in percent,
 * scores and volume balance. The API sends `change_pct` in percent (1.5 = 1.5 %) and volume balance
 * as a ratio in [-1, 1] (shown as -100..100 %, DESIGN.md §6).
 */
import { INTL_LOCALE, type Locale } from '@/lib/constants';
import { formatPercent } from '@/lib/format';

const fixedCache = new Map<string, Intl.NumberFormat>();

/**
 * A number with exactly `decimals` decimals (lib/format's formatNumber drops trailing zeros, which
 * makes a column of scores ragged), optionally with "+" on positive values.
 */
export function formatFixed(
  value: number | null | undefined,
  locale: string | undefined,
  decimals = 2,
  signed = false,
): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '–';
  const tag = INTL_LOCALE[(locale as Locale) ?? 'nb'] ?? INTL_LOCALE.nb;
  const key = `${tag}|${decimals}|${signed}`;
  let f = fixedCache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(tag, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      signDisplay: signed ? 'exceptZero' : 'auto',
    });
    fixedCache.set(key, f);
  }
  return f.format(value);
}

/** A change given in percent (1.5 = 1.5 %), signed: "+1,50 %" / "+1.50%". */
export function formatChangePct(changePct: number | null | undefined, locale: string | undefined): string {
  return formatPercent(typeof changePct === 'number' ? changePct / 100 : changePct, locale, { signed: true });
}

/** A technical score or score component in [-1, 1], signed with two decimals. */
export function formatScore(score: number | null | undefined, locale: string | undefined): string {
  return formatFixed(score, locale, 2, true);
}

/** Volume balance (ratio in [-1, 1]) as a signed whole percentage: 0.183 -> "+18 %". */
export function formatVolbal(ratio: number | null | undefined, locale: string | undefined): string {
  return formatPercent(ratio, locale, { decimals: 0, signed: true });
}
