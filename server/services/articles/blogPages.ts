/**
 * Data of the public blog's statically generated pages, its RSS feeds and the sitemap. Used from
 * pages' getStaticProps / getServerSideProps only (server code, never in a browser bundle).
 */
import { PHASE_PRODUCTION_BUILD } from 'next/constants';
import { getDb } from '@/server/db';
import { listPublicArticles } from '@/server/repositories/articleRepository';
import type { ArticleLanguage, ArticleSummaryDto, PublicArticleDto } from '@/lib/types/article';
import { getPublished, listPublishedSlugs, toArticleDto } from './articleService';
import { DomainError } from '../errors';
import { listPublicStocks } from '@/server/services/market';

/** Seconds after which a blog page is regenerated on the next visit (scheduled articles appear then). */
export const BLOG_REVALIDATE_SECONDS = 60;
/** How many articles the public blog index shows. */
export const BLOG_INDEX_SIZE = 60;

/** The public origin for canonical URLs, feeds and the sitemap (`SITE_URL`, no trailing slash). */
export function siteUrl(): string {
  const url = process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`;
  return url.replace(/\/+$/, '');
}

/**
 * `next build` renders the blog index while `npm start` is still preparing the database (and a
 * build machine may have none): the build writes an empty page that regenerates on the first visit.
 */
export function isBuildTime(): boolean {
  return process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD;
}

export async function blogIndexArticles(language: ArticleLanguage): Promise<ArticleSummaryDto[]> {
  const { rows } = await listPublicArticles(await getDb(), { language, page: 1, pageSize: BLOG_INDEX_SIZE });
  return rows.map((row) => {
    const { body_markdown: _b, author_uid: _a, status: _s, publish_at: _p, ...rest } = toArticleDto(row);
    return rest;
  });
}

/** A public article, or null (a draft, not yet due, or gone). */
export async function blogArticle(language: ArticleLanguage, slug: string): Promise<PublicArticleDto | null> {
  try {
    return await getPublished(await getDb(), language, slug);
  } catch (err) {
    if (err instanceof DomainError && err.kind === 'not_found') return null;
    throw err;
  }
}

const xml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const FEED_TITLE: Record<ArticleLanguage, { title: string; description: string }> = {
  nb: { title: 'Trendvakt – blogg', description: 'Artikler om teknisk analyse, markedene og porteføljen.' },
  en: {
    title: 'Trendvakt – blog',
    description: 'Articles on technical analysis, the markets and your portfolio.',
  },
};

/** RSS 2.0 of a language's newest public articles. */
export async function rssFeed(language: ArticleLanguage): Promise<string> {
  const base = siteUrl();
  const prefix = language === 'en' ? '/en' : '';
  const articles = await blogIndexArticles(language);
  const items = articles
    .map((a) => {
      const link = `${base}${prefix}/blog/${encodeURIComponent(a.slug)}`;
      return [
        '    <item>',
        `      <title>${xml(a.title)}</title>`,
        `      <link>${xml(link)}</link>`,
        `      <guid isPermaLink="true">${xml(link)}</guid>`,
        a.published_at ? `      <pubDate>${new Date(a.published_at).toUTCString()}</pubDate>` : '',
        `      <description>${xml(a.summary)}</description>`,
        ...a.tags.map((tag) => `      <category>${xml(tag)}</category>`),
        '    </item>',
      ]
        .filter(Boolean)
        .join('\n');
    })
    .join('\n');
  const { title, description } = FEED_TITLE[language];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(title)}</title>`,
    `    <link>${xml(`${base}${prefix}/blog`)}</link>`,
    `    <description>${xml(description)}</description>`,
    `    <language>${language === 'nb' ? 'nb-NO' : 'en-US'}</language>`,
    `    <atom:link href="${xml(`${base}${prefix}/blog/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n')
    .concat('\n');
}

/** The public routes of the site (SPEC §2's public navigation, footer and authentication pages). */
export const PUBLIC_ROUTES = [
  '/',
  '/blog',
  '/public/stocks',
  '/public/products',
  '/public/about-analysis',
  '/public/stock-in-general',
  '/public/technical-analysis',
  '/public/tools',
  '/public/about-our-analysis',
  '/public/about-us',
  '/public/disclaimer',
  '/public/privacy-statement',
  '/legal/disclaimer',
  '/legal/privacy-statement',
  '/authentication/login',
  '/authentication/register',
] as const;

/** The sitemap: every public route in both languages, and every public article (with its translation). */
export async function sitemap(): Promise<string> {
  const base = siteUrl();
  const at = (language: ArticleLanguage, path: string) =>
    `${base}${language === 'en' ? '/en' : ''}${path === '/' && language === 'en' ? '' : path}`;
  const entry = (loc: string, alternates: [string, string][], lastmod?: string) =>
    [
      '  <url>',
      `    <loc>${xml(loc)}</loc>`,
      lastmod ? `    <lastmod>${lastmod}</lastmod>` : '',
      ...alternates.map(
        ([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${xml(href)}"/>`,
      ),
      '  </url>',
    ]
      .filter(Boolean)
      .join('\n');
  const urls: string[] = [];
  for (const path of PUBLIC_ROUTES) {
    const alternates: [string, string][] = [
      ['nb', at('nb', path)],
      ['en', at('en', path)],
    ];
    urls.push(entry(at('nb', path), alternates), entry(at('en', path), alternates));
  }
  // Issue 25: every stock's public page, both languages, dated by its last analysed session.
  for (const stock of await listPublicStocks(await getDb())) {
    const path = `/public/stocks/${encodeURIComponent(stock.symbol)}`;
    const alternates: [string, string][] = [
      ['nb', at('nb', path)],
      ['en', at('en', path)],
    ];
    urls.push(entry(at('nb', path), alternates, stock.date), entry(at('en', path), alternates, stock.date));
  }
  for (const a of await listPublishedSlugs(await getDb())) {
    const own = at(a.language, `/blog/${encodeURIComponent(a.slug)}`);
    const other: ArticleLanguage = a.language === 'nb' ? 'en' : 'nb';
    const alternates: [string, string][] = [[a.language, own]];
    if (a.translation) alternates.push([other, at(other, `/blog/${encodeURIComponent(a.translation)}`)]);
    urls.push(entry(own, alternates.length > 1 ? alternates : [], a.updated_at));
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
