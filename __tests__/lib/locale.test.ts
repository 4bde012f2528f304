import { LANGUAGE_ENGLISH, LANGUAGE_NORWEGIAN } from '@/lib/constants';
import {
  isLocale,
  languageIdOf,
  localeCookie,
  localeFromAcceptLanguage,
  localeFromLanguageCode,
  parseAcceptLanguage,
  preferredLocale,
} from '@/lib/locale';

describe('SPEC §3 language codes', () => {
  it.each(['no', 'nb-NO', 'nn-NO', 'nb', 'nn', 'NB-no', ' nn '])('%s -> nb', (code) => {
    expect(localeFromLanguageCode(code)).toBe('nb');
  });

  it.each(['en', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-NZ', 'EN-gb'])('%s -> en', (code) => {
    expect(localeFromLanguageCode(code)).toBe('en');
  });

  it('maps other regional variants by their language', () => {
    expect(localeFromLanguageCode('en-IE')).toBe('en');
    expect(localeFromLanguageCode('nb-SE')).toBe('nb');
    expect(localeFromLanguageCode('no_NO')).toBe('nb');
  });

  it('does not map languages we do not offer', () => {
    for (const code of ['sv', 'sv-SE', 'da', 'de-DE', 'fr', '', '*'])
      expect(localeFromLanguageCode(code)).toBeUndefined();
  });

  it('has the language ids 160 (Norwegian) and 1 (English)', () => {
    expect(languageIdOf('nb')).toBe(LANGUAGE_NORWEGIAN);
    expect(languageIdOf('en')).toBe(LANGUAGE_ENGLISH);
    expect(LANGUAGE_NORWEGIAN).toBe(160);
    expect(LANGUAGE_ENGLISH).toBe(1);
  });
});

describe('Accept-Language', () => {
  it('orders by q-value and keeps the order of equals', () => {
    expect(parseAcceptLanguage('sv;q=0.5, en-GB;q=0.8, nn, da;q=0.8')).toEqual(['nn', 'en-GB', 'da', 'sv']);
  });

  it('drops q=0 and wildcards', () => {
    expect(parseAcceptLanguage('en;q=0, *;q=0.1, nb')).toEqual(['nb']);
  });

  it('picks the first language we offer', () => {
    expect(localeFromAcceptLanguage('sv-SE,sv;q=0.9,en-US;q=0.8,nb;q=0.7')).toBe('en');
    expect(localeFromAcceptLanguage('da,no;q=0.9,en;q=0.8')).toBe('nb');
    expect(localeFromAcceptLanguage('de-DE,fr')).toBeUndefined();
    expect(localeFromAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe('preferredLocale (proxy.ts on `/`)', () => {
  it('the NEXT_LOCALE cookie wins over the browser', () => {
    expect(preferredLocale({ cookie: 'nb', acceptLanguage: 'en-US' })).toBe('nb');
    expect(preferredLocale({ cookie: 'en', acceptLanguage: 'nb-NO' })).toBe('en');
  });

  it('an invalid cookie is ignored', () => {
    expect(preferredLocale({ cookie: 'de', acceptLanguage: 'en-GB' })).toBe('en');
  });

  it('falls back to Norwegian', () => {
    expect(preferredLocale({ acceptLanguage: 'de-DE' })).toBe('nb');
    expect(preferredLocale({})).toBe('nb');
  });

  it('recognises locales and writes a year-long cookie', () => {
    expect(isLocale('nb')).toBe(true);
    expect(isLocale('no')).toBe(false);
    expect(localeCookie('en')).toBe('NEXT_LOCALE=en; path=/; max-age=31536000; samesite=lax');
  });
});
