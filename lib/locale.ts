/**
 * Language selection (SPEC §3): browser codes map to our two locales, nb (default, no URL
 * prefix) and en (under /en). Used by proxy.ts on the first request and by the language switch.
 */
import { DEFAULT_LOCALE, LANGUAGES, LOCALES, localeForLanguageCode, type Locale } from '@/lib/constants';

/** Next.js's own cookie for the chosen locale; the language switch sets it, proxy.ts reads it. */
export const LOCALE_COOKIE = 'NEXT_LOCALE';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * One browser language code to a locale: SPEC §3's exact codes first (no, nb-NO, nn-NO, nb, nn ->
 * nb; en, en-US, en-GB, en-AU, en-CA, en-NZ -> en), then the primary subtag of a regional variant
 * (en-IE -> en, nb-SE -> nb). Undefined for languages we do not offer.
 */
export function localeFromLanguageCode(code: string): Locale | undefined {
  const exact = localeForLanguageCode(code);
  if (exact) return exact;
  const primary = code.trim().toLowerCase().split(/[-_]/)[0];
  return primary ? localeForLanguageCode(primary) : undefined;
}

/** `Accept-Language` to codes in preference order (q-values honoured, q=0 dropped, stable on ties). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { tag: tag.trim(), q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The first supported locale in the visitor's `Accept-Language`, or undefined. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
  for (const code of parseAcceptLanguage(header)) {
    const locale = localeFromLanguageCode(code);
    if (locale) return locale;
  }
  return undefined;
}

/** The locale for a visitor: an explicit choice (cookie) wins over the browser, nb otherwise. */
export function preferredLocale(input: { cookie?: string | null; acceptLanguage?: string | null }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LOCALE;
}

/** SPEC §3's language id (160 Norwegian, 1 English) for a locale. */
export function languageIdOf(locale: Locale): number {
  return LANGUAGES.find((l) => l.locale === locale)!.id;
}

/** The `document.cookie` string that remembers the chosen locale for a year. */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
}
