/** @jest-environment node */
// The public stock pages' server side (issue 25 item 5): the page's ISR props, /sitemap.xml (every
// stock's public page in nb and en with hreflang alternates and its last session as lastmod) and
// /robots.txt (crawlers kept out of the API).
import type { GetServerSidePropsContext, GetStaticPropsContext } from 'next';
import { and, eq } from 'drizzle-orm';

import { DEFAULT_TIMEFRAME } from '@/lib/constants';
import {
  getStaticProps as stockPageProps,
  PUBLIC_STOCK_REVALIDATE_SECONDS,
} from '@/pages/public/stocks/[symbol]';
import { getServerSideProps as robotsProps } from '@/pages/robots.txt';
import { getServerSideProps as sitemapProps } from '@/pages/sitemap.xml';
import { setDbHandle, type DbHandle } from '@/server/db';
import { analysisSnapshots, tickers } from '@/server/db/schema';
import { invalidateMarketCache } from '@/server/services/market/marketCache';

import { openTestDatabase } from '../../helpers/db';
import { seedTestMarket } from './market/fixtures';

jest.setTimeout(120_000);

const SITE = 'https://trendvakt.example';

/** Runs a text route's getServerSideProps against a response that records headers and body. */
async function render(props: typeof robotsProps): Promise<{ headers: Record<string, string>; body: string }> {
  const headers: Record<string, string> = {};
  let body = '';
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    end: (text: string) => {
      body = text;
    },
  };
  await props({ res, req: {}, query: {}, resolvedUrl: '/' } as unknown as GetServerSidePropsContext);
  return { headers, body };
}

/** The <url> blocks of a sitemap as { loc, lastmod, alternates } (a small reader, not the writer's code). */
function urlsOf(xml: string) {
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, block]) => ({
    loc: /<loc>(.*?)<\/loc>/.exec(block)?.[1],
    lastmod: /<lastmod>(.*?)<\/lastmod>/.exec(block)?.[1],
    alternates: [...block.matchAll(/hreflang="(.*?)" href="(.*?)"/g)].map(([, lang, href]) => [lang, href]),
  }));
}

describe('public stock pages, sitemap and robots.txt', () => {
  let db: DbHandle;
  const saved = process.env.SITE_URL;

  beforeAll(async () => {
    process.env.SITE_URL = `${SITE}/`; // the trailing slash is dropped
    db = await openTestDatabase('pglite');
    setDbHandle(db);
    invalidateMarketCache();
    const seeded = await seedTestMarket(db.db, { symbols: ['EQNR', 'DNB', 'OSEBX.INDX'] });
    expect(seeded.failures).toEqual([]);
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
    setDbHandle(undefined);
    invalidateMarketCache();
    await db?.close();
  });

  it('lists each analysed stock in nb and en, with both hreflang alternates and its last session', async () => {
    const { headers, body } = await render(sitemapProps);
    expect(headers['content-type']).toBe('application/xml; charset=utf-8');
    const stockUrls = urlsOf(body).filter((u) => u.loc?.includes('/public/stocks/'));

    const [eqnr] = await db.db
      .select({ date: analysisSnapshots.date })
      .from(analysisSnapshots)
      .innerJoin(tickers, eq(tickers.id, analysisSnapshots.tickerId))
      .where(
        and(
          eq(tickers.symbol, 'EQNR'),
          eq(analysisSnapshots.timeframe, DEFAULT_TIMEFRAME),
          eq(analysisSnapshots.isLatest, true),
        ),
      );
    // Written out by hand: DNB before EQNR (alphabetical), nb then en, the index left out.
    const alternates = (s: string) => [
      ['nb', `${SITE}/public/stocks/${s}`],
      ['en', `${SITE}/en/public/stocks/${s}`],
    ];
    expect(stockUrls.map((u) => u.loc)).toEqual([
      `${SITE}/public/stocks/DNB`,
      `${SITE}/en/public/stocks/DNB`,
      `${SITE}/public/stocks/EQNR`,
      `${SITE}/en/public/stocks/EQNR`,
    ]);
    for (const u of stockUrls) {
      const symbol = u.loc!.split('/').pop()!;
      expect(u.alternates).toEqual(alternates(symbol));
    }
    const eqnrEntries = stockUrls.filter((u) => u.loc!.endsWith('/EQNR'));
    expect(eqnrEntries.map((u) => u.lastmod)).toEqual([eqnr.date, eqnr.date]);
    // The list page of public stocks is still there, once per language.
    expect(
      urlsOf(body)
        .filter((u) => u.loc?.endsWith('/public/stocks'))
        .map((u) => u.loc),
    ).toEqual([`${SITE}/public/stocks`, `${SITE}/en/public/stocks`]);
  });

  it('robots.txt allows the public pages, disallows the API and admin, and names the sitemap', async () => {
    const { headers, body } = await render(robotsProps);
    expect(headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = body.trim().split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Allow: /public/',
        'Allow: /en/public/',
        'Disallow: /api/',
        'Disallow: /admin',
        'Disallow: /en/admin',
        `Sitemap: ${SITE}/sitemap.xml`,
      ]),
    );
    expect(lines).not.toContain('Disallow: /public/');
    expect(lines).not.toContain('Disallow: /');
  });

  describe('the page /public/stocks/{symbol} (ISR)', () => {
    const props = (symbol: string, locale = 'nb') =>
      stockPageProps({ params: { symbol }, locale } as GetStaticPropsContext<{ symbol: string }>);

    it('renders EQNR with its public data and the site URL, regenerated every 300 s', async () => {
      expect(PUBLIC_STOCK_REVALIDATE_SECONDS).toBe(300);
      const result = await props('EQNR', 'en');
      expect(result).toMatchObject({ revalidate: 300 });
      const page = (result as { props: { stock: { symbol: string; demo: boolean }; siteUrl: string } }).props;
      expect(page.stock).toMatchObject({ symbol: 'EQNR', demo: true });
      expect(page.siteUrl).toBe(SITE);
      expect(Object.keys(page.stock)).not.toContain('supports');
    });

    it('sends a lower-case symbol to its canonical upper-case page, in the reader’s language', async () => {
      expect(await props('eqnr', 'nb')).toEqual({
        redirect: { destination: '/public/stocks/EQNR', permanent: true },
      });
      expect(await props('eqnr', 'en')).toEqual({
        redirect: { destination: '/en/public/stocks/EQNR', permanent: true },
      });
    });

    it('is not found for an unknown symbol, the index and a malformed one (retried after 300 s)', async () => {
      for (const symbol of ['NOPE', 'OSEBX.INDX', '$$$']) {
        expect({ symbol, result: await props(symbol) }).toEqual({
          symbol,
          result: { notFound: true, revalidate: 300 },
        });
      }
    });
  });
});
