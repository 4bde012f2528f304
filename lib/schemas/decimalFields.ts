/**
 * Amounts as the API takes them (DESIGN.md §5): a number or a typed decimal text ("1 234,5") becomes
 * a canonical decimal string within the stored precision, so the server never does float
 * arithmetic on them. The zod fields of the portfolio schemas (portfolio.ts) are built here.
 */
import { z } from 'zod';
import './zodConfig';

/**
 * Stored as numeric(28, 10) and returned exactly as stored (DESIGN.md §5): at most 10 decimals and
 * 15 significant digits, so every accepted amount is also exactly a JSON number.
 */
export const MAX_DECIMALS = 10;
export const MAX_SIGNIFICANT_DIGITS = 15;

/**
 * `text` without its trailing zeros, in linear time (the pattern /0+$/ is retried at every position
 * and takes quadratic time on a long run of zeros: issue 23 item 2).
 */
function withoutTrailingZeros(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 48) end -= 1;
  return text.slice(0, end);
}

/** Turn a number or a typed text ("1 234,5") into a canonical decimal string, or null when it is not one. */
export function toDecimalString(value: unknown): string | null {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // Plain notation for small and large numbers (String(1e-7) is "1e-7").
    text =
      Math.abs(value) < 1e-6 || Math.abs(value) >= 1e21 ? value.toFixed(MAX_DECIMALS + 2) : String(value);
  } else if (typeof value === 'string') {
    text = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  } else return null;
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const integer = m[2].replace(/^0+(?=\d)/, '');
  const fraction = withoutTrailingZeros(m[3] ?? '');
  const sign = m[1] === '-' && (/[1-9]/.test(integer) || fraction !== '') ? '-' : '';
  return `${sign}${integer}${fraction ? `.${fraction}` : ''}`;
}

/** Significant digits of a canonical decimal string ("0.0012" has 2, "1200" has 4, "10.5" has 3). */
export function significantDigits(canonical: string): number {
  const [integer, fraction = ''] = canonical.replace('-', '').split('.');
  if (/^0*$/.test(integer)) return fraction.replace(/^0+/, '').length || 1;
  return integer.replace(/^0+/, '').length + fraction.length;
}

/**
 * A stored amount as the exact plain text the API gave (DESIGN.md §5): the number 1e-10 is
 * written 0.0000000001, a decimal text stays as it is, so the edit form sends back what is stored.
 */
export function amountText(value: number | string): string {
  return toDecimalString(value) ?? String(value);
}

/**
 * The longest decimal text accepted: 15 significant digits and 10 decimals with thousands
 * separators fit well inside; anything longer is refused before any pattern runs on it.
 */
export const DECIMAL_TEXT_MAX = 64;

export function decimalField(rule: 'positive' | 'nonNegative') {
  return z
    .union([
      z.number(),
      z.string().max(DECIMAL_TEXT_MAX, { error: `At most ${DECIMAL_TEXT_MAX} characters`, abort: true }),
    ])
    .transform((value, ctx) => {
      const d = toDecimalString(value);
      if (d === null) {
        ctx.addIssue({ code: 'custom', message: 'Not a number', params: { reason: 'notANumber' } });
        return z.NEVER;
      }
      const fraction = d.split('.')[1] ?? '';
      if (fraction.length > MAX_DECIMALS) {
        ctx.addIssue({
          code: 'custom',
          message: `At most ${MAX_DECIMALS} decimals`,
          params: { reason: 'tooManyDecimals' },
        });
        return z.NEVER;
      }
      if (significantDigits(d) > MAX_SIGNIFICANT_DIGITS) {
        ctx.addIssue({
          code: 'custom',
          message: `At most ${MAX_SIGNIFICANT_DIGITS} significant digits`,
          params: { reason: 'tooManyDigits' },
        });
        return z.NEVER;
      }
      const negative = d.startsWith('-');
      const zero = !/[1-9]/.test(d);
      if (rule === 'positive' && (negative || zero)) {
        ctx.addIssue({ code: 'custom', message: 'Must be greater than 0', params: { reason: 'positive' } });
        return z.NEVER;
      }
      if (rule === 'nonNegative' && negative) {
        ctx.addIssue({ code: 'custom', message: 'Must not be negative', params: { reason: 'nonNegative' } });
        return z.NEVER;
      }
      return d;
    });
}

/** quantity > 0 (for a split without split_to/split_from: the exact ratio new per old share). */
export const quantitySchema = decimalField('positive');
/** price ≥ 0 (for a dividend: the amount per share). */
export const priceSchema = decimalField('nonNegative');
/** fee ≥ 0. */
export const feeSchema = decimalField('nonNegative');
/** A dividend's withholding tax ≥ 0 (the total withheld, in the ticker's currency). */
export const withholdingTaxSchema = decimalField('nonNegative');
/** A trade's own exchange rate > 0 (base-currency units per one unit of the ticker's currency). */
export const fxRateSchema = decimalField('positive');
