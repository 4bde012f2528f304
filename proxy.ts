/**
 * First-visit language (SPEC §3): `/` redirects to `/en` when the visitor prefers English, by the
 * NEXT_LOCALE cookie (set by the language switch) or else by Accept-Language mapped with SPEC §3's
 * codes. Everything else passes through untouched; Next's own detection is off (next-i18next.config.js).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { DEFAULT_LOCALE } from '@/lib/constants';
import { LOCALE_COOKIE, preferredLocale } from '@/lib/locale';

export function proxy(request: NextRequest) {
  const { nextUrl } = request;
  // Only the front page of the default locale, only for page loads (not client-side data fetches).
  if (nextUrl.pathname !== '/' || nextUrl.locale !== DEFAULT_LOCALE) return NextResponse.next();
  if (request.headers.get('x-nextjs-data') || request.method !== 'GET') return NextResponse.next();
  const locale = preferredLocale({
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
  });
  const response =
    locale === DEFAULT_LOCALE
      ? NextResponse.next()
      : NextResponse.redirect(new URL(`/${locale}${nextUrl.search}`, request.url), 307);
  response.headers.set('Vary', 'Accept-Language, Cookie');
  return response;
}

export const config = {
  matcher: ['/'],
};
