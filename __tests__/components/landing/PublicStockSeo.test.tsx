// A public stock page's head (issue 25 item 5): title and description in the reader's language,
// canonical URL, hreflang nb/en/x-default, Open Graph, and JSON-LD for the company and the share.
import type { ReactNode } from 'react';
import PublicStockSeo from '@/components/landing/PublicStockSeo';
import { renderWithShell } from '../common/shellHelpers';
import { EQNR_PAGE } from './publicStockFixture';

// next/head writes into the document's head through Next's head manager; here its children are
// rendered in place so the tags can be read.
jest.mock('next/head', () => ({
  __esModule: true,
  default: ({ children }: { children: ReactNode }) => <>{children}</>,
}));

const SITE = 'https://trendvakt.example';
const stock = { ...EQNR_PAGE, closes: [] };

// React 19 hoists <title>, <link> and <meta> into document.head, so the tags are read there.
const attr = (selector: string, name = 'content') => document.querySelector(selector)?.getAttribute(name);

describe('PublicStockSeo', () => {
  it('writes the English head: title, canonical under /en, hreflang, Open Graph', () => {
    renderWithShell(<PublicStockSeo stock={stock} siteUrl={SITE} />, 'en');
    // metaTitle "{{name}} ({{symbol}}): {{signal}} signal, score {{score}}", score 0.4567 → "+0.46".
    expect(document.querySelector('title')?.textContent).toBe(
      'Equinor ASA (EQNR): Buy signal, score +0.46 · Trendvakt',
    );
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${SITE}/en/public/stocks/EQNR`);
    expect(attr('link[hreflang="nb"]', 'href')).toBe(`${SITE}/public/stocks/EQNR`);
    expect(attr('link[hreflang="en"]', 'href')).toBe(`${SITE}/en/public/stocks/EQNR`);
    expect(attr('link[hreflang="x-default"]', 'href')).toBe(`${SITE}/public/stocks/EQNR`);
    expect(attr('meta[property="og:title"]')).toBe('Equinor ASA (EQNR): Buy signal, score +0.46');
    expect(attr('meta[property="og:url"]')).toBe(`${SITE}/en/public/stocks/EQNR`);
    expect(attr('meta[property="og:locale"]')).toBe('en_US');
    expect(attr('meta[property="og:locale:alternate"]')).toBe('nb_NO');
    const description = attr('meta[name="description"]');
    expect(description).toMatch(
      /^Technical analysis of Equinor ASA \(EQNR\): signal Buy, technical score \+0\.46, last close /,
    );
    // Demo prices say so, also to a search engine.
    expect(description).toMatch(/ Demo data, not real prices\.$/);
  });

  it('writes the Norwegian head at the nb URL', () => {
    const { t } = renderWithShell(<PublicStockSeo stock={{ ...stock, demo: false }} siteUrl={SITE} />, 'nb');
    expect(attr('link[rel="canonical"]', 'href')).toBe(`${SITE}/public/stocks/EQNR`);
    expect(attr('meta[property="og:locale"]')).toBe('nb_NO');
    expect(attr('meta[name="description"]')).not.toContain(t('pages:publicStock.metaDemo'));
  });

  it('describes the company and the share in JSON-LD, the last close as the offer', () => {
    const { container } = renderWithShell(<PublicStockSeo stock={stock} siteUrl={SITE} />, 'en');
    const json = JSON.parse(container.querySelector('script[type="application/ld+json"]')!.textContent!);
    const url = `${SITE}/en/public/stocks/EQNR`;
    expect(json['@graph'][0]).toEqual({
      '@type': 'Corporation',
      '@id': `${url}#company`,
      name: 'Equinor ASA',
      tickerSymbol: 'OSE:EQNR',
    });
    expect(json['@graph'][1]).toMatchObject({
      '@type': 'FinancialProduct',
      name: 'Equinor ASA share (EQNR)',
      url,
      inLanguage: 'en',
      provider: { '@id': `${url}#company` },
      category: 'Share',
      offers: { '@type': 'Offer', price: 281.5, priceCurrency: 'NOK', validFrom: '2025-12-30' },
    });
  });
});
