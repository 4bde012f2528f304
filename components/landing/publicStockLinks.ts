/** The public page of a stock (issue 25 item 5), in the reader's locale (next/link adds /en). */
export function publicStockHref(symbol: string): string {
  return `/public/stocks/${encodeURIComponent(symbol)}`;
}

/** The same page's absolute URL in a locale (canonical, hreflang, sitemap). */
export function publicStockUrl(siteUrl: string, locale: 'nb' | 'en', symbol: string): string {
  return `${siteUrl}${locale === 'en' ? '/en' : ''}${publicStockHref(symbol)}`;
}
