import Head from 'next/head';
import { useTranslation } from 'next-i18next/pages';
import { MARKET_OSLO } from '@/lib/constants';
import JsonLd from '@/components/articles/JsonLd';
import { formatScore } from '@/components/market/formatters';
import { formatMoney } from '@/lib/format';
import type { PublicStockPage } from '@/lib/types/publicStocks';
import { publicStockUrl } from './publicStockLinks';

const OG_LOCALE = { nb: 'nb_NO', en: 'en_US' } as const;
type Language = keyof typeof OG_LOCALE;

/** The page's title and description in the reader's language (also the Open Graph texts). */
export function publicStockTexts(
  stock: PublicStockPage,
  t: (key: string, values?: Record<string, unknown>) => string,
  locale: Language,
): { title: string; description: string } {
  const values = {
    name: stock.long_name,
    symbol: stock.symbol,
    signal: t(`market:signal.${stock.analysis.signal}`),
    score: formatScore(stock.analysis.technical_score, locale),
    close: formatMoney(stock.last.close, stock.currency, locale),
  };
  return {
    title: t('pages:publicStock.metaTitle', values),
    description: `${t('pages:publicStock.metaDescription', values)}${stock.demo ? ` ${t('pages:publicStock.metaDemo')}` : ''}`,
  };
}

/**
 * A public stock page's head: title, description, canonical URL, hreflang nb/en/x-default, Open
 * Graph and Twitter card tags, and JSON-LD: the company (`Corporation`, with its ticker symbol)
 * and the share as a `FinancialProduct` with the last close as its offer price.
 */
export default function PublicStockSeo({ stock, siteUrl }: { stock: PublicStockPage; siteUrl: string }) {
  const { t, i18n } = useTranslation('pages');
  const locale: Language = i18n.language === 'en' ? 'en' : 'nb';
  const other: Language = locale === 'en' ? 'nb' : 'en';
  const appName = t('common:appName');
  const url = publicStockUrl(siteUrl, locale, stock.symbol);
  const { title, description } = publicStockTexts(stock, t, locale);
  return (
    <>
      <Head>
        <title key="title">{`${title} · ${appName}`}</title>
        <meta key="description" name="description" content={description} />
        <link key="canonical" rel="canonical" href={url} />
        <link
          key="hreflang-nb"
          rel="alternate"
          hrefLang="nb"
          href={publicStockUrl(siteUrl, 'nb', stock.symbol)}
        />
        <link
          key="hreflang-en"
          rel="alternate"
          hrefLang="en"
          href={publicStockUrl(siteUrl, 'en', stock.symbol)}
        />
        <link
          key="hreflang-default"
          rel="alternate"
          hrefLang="x-default"
          href={publicStockUrl(siteUrl, 'nb', stock.symbol)}
        />
        <meta key="og:type" property="og:type" content="website" />
        <meta key="og:site_name" property="og:site_name" content={appName} />
        <meta key="og:title" property="og:title" content={title} />
        <meta key="og:description" property="og:description" content={description} />
        <meta key="og:url" property="og:url" content={url} />
        <meta key="og:locale" property="og:locale" content={OG_LOCALE[locale]} />
        <meta key="og:locale:alternate" property="og:locale:alternate" content={OG_LOCALE[other]} />
        <meta key="twitter:card" name="twitter:card" content="summary" />
        <meta key="twitter:title" name="twitter:title" content={title} />
        <meta key="twitter:description" name="twitter:description" content={description} />
      </Head>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'Corporation',
              '@id': `${url}#company`,
              name: stock.long_name,
              tickerSymbol: `${stock.country_id === MARKET_OSLO ? 'OSE' : 'NASDAQ'}:${stock.symbol}`,
            },
            {
              '@type': 'FinancialProduct',
              '@id': `${url}#share`,
              name: t('publicStock.productName', { name: stock.long_name, symbol: stock.symbol }),
              description,
              url,
              inLanguage: locale,
              provider: { '@id': `${url}#company` },
              category: t('publicStock.productCategory'),
              offers: {
                '@type': 'Offer',
                price: stock.last.close,
                priceCurrency: stock.currency,
                validFrom: stock.last.date,
              },
            },
          ],
        }}
      />
    </>
  );
}
