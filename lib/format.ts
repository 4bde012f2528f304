/**
 * Numbers, money, percentages and dates through Intl with the active locale (STYLE.md: "Text and
 * numbers"): nb -> nb-NO, en -> en-US. Formatters are cached: Intl constructors are slow.
 */
import { INTL_LOCALE, type Locale } from '@/lib/constants';

export type Currency = 'NOK' | 'USD';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function intlLocale(locale: string | undefined): string {
  return INTL_LOCALE[(locale as Locale) ?? 'nb'] ?? INTL_LOCALE.nb;
}

function numberFormat(locale: string | undefined, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const tag = intlLocale(locale);
  const key = `n|${tag}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(tag, options);
    cache.set(key, f);
  }
  return f;
}

function dateFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const tag = intlLocale(locale);
  const key = `d|${tag}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(tag, options);
    cache.set(key, f);
  }
  return f;
}

const DASH = '–';

function finite(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** 1234.5 -> "1 234,5" (nb) / "1,234.5" (en). Missing values show a dash. */
export function formatNumber(
  value: number | null | undefined,
  locale: string | undefined,
  decimals = 2,
): string {
  if (!finite(value)) return DASH;
  return numberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits: decimals }).format(value);
}

/** 1234.5 NOK -> "1 234,50 kr" (nb) / "NOK 1,234.50" (en). */
export function formatMoney(
  value: number | null | undefined,
  currency: Currency,
  locale: string | undefined,
  decimals = 2,
): string {
  if (!finite(value)) return DASH;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

/**
 * A ratio as a percentage: 0.1234 -> "12,34 %" (nb) / "12.34%" (en). `signed` adds "+" to gains;
 * `signed: 'always'` keeps the sign of the unrounded value even where it rounds to zero
 * (0.00004 -> "+0,00 %", -0.00004 -> "−0,00 %").
 */
export function formatPercent(
  ratio: number | null | undefined,
  locale: string | undefined,
  options: { decimals?: number; signed?: boolean | 'always' } = {},
): string {
  if (!finite(ratio)) return DASH;
  const decimals = options.decimals ?? 2;
  return numberFormat(locale, {
    style: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: options.signed === 'always' ? 'always' : options.signed ? 'exceptZero' : 'auto',
  }).format(ratio);
}

/** Large amounts in short form: 1 234 000 -> "1,2 mill." (nb) / "1.2M" (en). */
export function formatCompact(value: number | null | undefined, locale: string | undefined): string {
  if (!finite(value)) return DASH;
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/**
 * A calendar date. ISO dates (YYYY-MM-DD) are read as that day, not as UTC midnight shifted by
 * the time zone. 'short' -> "22.11.2024" / "11/22/2024"; 'medium' -> "22. nov. 2024" / "Nov 22, 2024".
 */
export function formatDate(
  value: string | Date | null | undefined,
  locale: string | undefined,
  style: 'short' | 'medium' | 'long' = 'medium',
): string {
  if (!value) return DASH;
  let date: Date;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number);
    date = new Date(Date.UTC(y, m - 1, d));
  } else {
    date = typeof value === 'string' ? new Date(value) : value;
  }
  if (Number.isNaN(date.getTime())) return DASH;
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { year: 'numeric', month: '2-digit', day: '2-digit' }
      : { year: 'numeric', month: style === 'long' ? 'long' : 'short', day: 'numeric' };
  // Date-only values were built in UTC above; show them in UTC so the day does not shift.
  const onlyDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return dateFormat(locale, onlyDate ? { ...options, timeZone: 'UTC' } : options).format(date);
}

/** Date and time of day: "22.11.2024, 14:05" / "11/22/2024, 2:05 PM". */
export function formatDateTime(value: string | Date | null | undefined, locale: string | undefined): string {
  if (!value) return DASH;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return DASH;
  return dateFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(date);
}

/**
 * An amount in any currency a broker file names (SEK, DKK, EUR, ...): as formatMoney for a valid
 * ISO code, else the number followed by the code as the file wrote it.
 */
export function formatMoneyIn(
  value: number | null | undefined,
  currency: string,
  locale: string | undefined,
  decimals = 2,
): string {
  if (!finite(value)) return DASH;
  const code = currency.trim().toUpperCase();
  if (/^[A-Z]{3}$/.test(code)) {
    try {
      return formatMoney(value, code as Currency, locale, decimals);
    } catch {
      // Intl refuses a code it does not know; the plain number with the code below.
    }
  }
  const number = formatNumber(value, locale, decimals);
  return code === '' ? number : `${number} ${code}`;
}
