// Articles in real Chromium (issue 12), in nb and en: the demo admin writes an article with an
// uploaded cover and an inline image (and an XSS attempt), previews it and publishes it; it is on
// the public blog at once (signed out, no restart) and on /articles/list for the investor in grid
// and list; the newcomer has no admin menu; deleting it removes it from the blog again.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import { check, localePrefix, newPage, signIn, type Locale } from './helpers';

const TIMEOUT = 30_000;

type Texts = Record<string, unknown>;
function texts(locale: Locale): Texts {
  return JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'public', 'locales', locale, 'articles.json'), 'utf8'),
  );
}
function text(all: Texts, key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], all);
  if (typeof value !== 'string') throw new Error(`no text for articles:${key}`);
  return value;
}

/** A real PNG of `size`×`size` pixels in one colour (the server checks the bytes). */
function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Reload `url` until `probe` holds (the blog page regenerates on demand, within seconds). */
async function eventually(
  page: Page,
  url: string,
  probe: () => Promise<boolean>,
  what: string,
): Promise<void> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    await page.goto(url, { waitUntil: 'networkidle' });
    if (await probe()) return;
    await page.waitForTimeout(1000);
  }
  throw new Error(what);
}

async function journey(browser: Browser, baseUrl: string, locale: Locale): Promise<void> {
  const all = texts(locale);
  const prefix = localePrefix(locale);
  const title = `E2E ${locale} ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replace(/ /g, '-');

  // The admin writes, previews and publishes.
  const admin = await newPage(browser, { locale: locale === 'en' ? 'en-US' : 'nb-NO' });
  const page = admin.page;
  page.on('dialog', (dialog) => void dialog.accept());
  try {
    await signIn(page, baseUrl, locale, 'admin');
    await page
      .locator(`a[href="${prefix}/admin/articleCreator"]`)
      .first()
      .waitFor({ state: 'attached', timeout: TIMEOUT })
      .catch(() => {
        throw new Error(`${locale}: the admin has no link to the article editor`);
      });
    await page.goto(`${baseUrl}${prefix}/admin/articleCreator`, { waitUntil: 'networkidle' });
    await page.getByLabel(text(all, 'editor.fields.title'), { exact: true }).fill(title);
    check(
      (await page.getByLabel(text(all, 'editor.fields.slug')).inputValue()) === slug,
      `${locale}: the slug was not made from the title`,
    );
    await page.getByLabel(text(all, 'editor.fields.summary')).fill('En ingress fra e2e.');
    await page.getByLabel(text(all, 'editor.fields.tags')).fill('e2e');
    await page.getByLabel(text(all, 'editor.fields.cover')).setInputFiles({
      name: 'cover.png',
      mimeType: 'image/png',
      buffer: png(32, [13, 110, 100]),
    });
    await page.getByRole('img', { name: text(all, 'editor.coverPreview') }).waitFor({ timeout: TIMEOUT });
    const body = page.getByLabel(text(all, 'editor.fields.body'));
    await body.fill(
      '## Terskler\n\nKjøp ved **0,5** eller mer.\n\n<img src=x onerror="window.__xss=1">\n\n[lenke](javascript:window.__xss=2)\n',
    );
    await page.getByTestId('body-image-input').setInputFiles({
      name: 'graf.png',
      mimeType: 'image/png',
      buffer: png(48, [200, 120, 20]),
    });
    await page.waitForFunction(
      (sel) => (document.querySelector(sel) as HTMLTextAreaElement | null)?.value.includes('/api/v1/images/'),
      'textarea.tv-article-editor-text',
      { timeout: TIMEOUT },
    );
    const preview = page.getByTestId('article-preview');
    await preview.locator('h2', { hasText: 'Terskler' }).waitFor({ timeout: TIMEOUT });
    await preview.locator('img[src^="/api/v1/images/"]').waitFor({ timeout: TIMEOUT });
    check(
      (await preview.locator('a[href^="javascript"]').count()) === 0,
      `${locale}: a javascript: link in the preview`,
    );
    await page.getByRole('button', { name: text(all, 'editor.actions.publish') }).click();
    await page
      .getByTestId('article-status')
      .filter({ hasText: text(all, 'status.published') })
      .waitFor({ timeout: TIMEOUT });
    await page
      .screenshot({ path: `/tmp/i12-e2e-editor-${locale}.png`, fullPage: true })
      .catch(() => undefined);
    check(
      admin.consoleErrors.length === 0,
      `${locale}: console errors in the editor: ${admin.consoleErrors.join(' | ')}`,
    );

    // Signed out: on the blog at once, and the article page with its image and no script run.
    const visitor = await newPage(browser, { locale: locale === 'en' ? 'en-US' : 'nb-NO' });
    try {
      const v = visitor.page;
      await eventually(
        v,
        `${baseUrl}${prefix}/blog`,
        async () => (await v.getByRole('link', { name: title }).count()) > 0,
        `${locale}: the published article is not on /blog`,
      );
      await v.getByRole('link', { name: title }).click();
      await v.waitForURL(new RegExp(`/blog/${slug}$`), { timeout: TIMEOUT });
      await v.locator('h1', { hasText: title }).waitFor({ timeout: TIMEOUT });
      const inline = v.locator('.tv-article-body img[src^="/api/v1/images/"]');
      await inline.waitFor({ timeout: TIMEOUT });
      check(
        await inline.evaluate(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 48,
        ),
        `${locale}: the inline image did not load`,
      );
      check(
        (await v.evaluate(() => (window as { __xss?: number }).__xss)) === undefined,
        `${locale}: a script ran`,
      );
      check(
        (await v.locator('script[type="application/ld+json"]').count()) === 1 &&
          (await v.locator('link[rel="canonical"]').getAttribute('href'))?.endsWith(
            `${prefix}/blog/${slug}`,
          ) === true &&
          (await v.locator('meta[property="og:title"]').getAttribute('content')) === title,
        `${locale}: the article page lacks its SEO tags`,
      );
      check(
        visitor.consoleErrors.length === 0,
        `${locale}: console errors on the blog: ${visitor.consoleErrors.join(' | ')}`,
      );
    } finally {
      await visitor.context.close();
    }

    // The investor: in /articles/list as a grid, then as a list, remembered after a reload.
    const investor = await newPage(browser, { locale: locale === 'en' ? 'en-US' : 'nb-NO' });
    try {
      const p = investor.page;
      await signIn(p, baseUrl, locale, 'investor');
      await p
        .locator(`a[href="${prefix}/articles/list"]`)
        .first()
        .waitFor({ state: 'attached', timeout: TIMEOUT });
      check(
        (await p.locator(`a[href="${prefix}/admin/articleCreator"]`).count()) === 0,
        `${locale}: the investor sees the admin menu`,
      );
      await p.goto(`${baseUrl}${prefix}/articles/list`, { waitUntil: 'networkidle' });
      await p.getByRole('link', { name: title }).waitFor({ timeout: TIMEOUT });
      check(
        (await p.locator('[data-layout]').getAttribute('data-layout')) === 'grid',
        `${locale}: the list does not start as a grid`,
      );
      await p.getByRole('button', { name: text(all, 'layout.list'), exact: true }).click();
      await p
        .locator('[data-layout="list"]')
        .getByRole('link', { name: title })
        .waitFor({ timeout: TIMEOUT });
      await p.reload({ waitUntil: 'networkidle' });
      await p
        .locator('[data-layout="list"]')
        .getByRole('link', { name: title })
        .waitFor({ timeout: TIMEOUT });
      await p.getByRole('link', { name: title }).click();
      await p.locator('h1', { hasText: title }).waitFor({ timeout: TIMEOUT });
      check(
        investor.consoleErrors.length === 0,
        `${locale}: console errors for the investor: ${investor.consoleErrors.join(' | ')}`,
      );
    } finally {
      await investor.context.close();
    }

    // The admin deletes it: gone from the blog and its page.
    await page.goto(`${baseUrl}${prefix}/admin/articleList?view=list`, { waitUntil: 'networkidle' });
    await page.getByRole('link', { name: title, exact: true }).waitFor({ timeout: TIMEOUT });
    await page
      .getByRole('button', { name: text(all, 'admin.deleteNamed').replace('{{title}}', title) })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: text(all, 'admin.confirmDelete') })
      .click();
    await page
      .getByRole('link', { name: title, exact: true })
      .waitFor({ state: 'detached', timeout: TIMEOUT });
    const gone = await newPage(browser, { locale: locale === 'en' ? 'en-US' : 'nb-NO' });
    try {
      await eventually(
        gone.page,
        `${baseUrl}${prefix}/blog`,
        async () => (await gone.page.getByRole('link', { name: title }).count()) === 0,
        `${locale}: the deleted article is still on /blog`,
      );
      const res = await gone.page.goto(`${baseUrl}${prefix}/blog/${slug}`);
      check(res?.status() === 404, `${locale}: the deleted article's page answered ${res?.status()}`);
    } finally {
      await gone.context.close();
    }
  } finally {
    await admin.context.close();
  }
}

async function newcomerHasNoAdminMenu(browser: Browser, baseUrl: string, locale: Locale): Promise<void> {
  const { context, page } = await newPage(browser, { locale: locale === 'en' ? 'en-US' : 'nb-NO' });
  try {
    await signIn(page, baseUrl, locale, 'newcomer');
    // The sidebar is drawn once the backend user is known: wait for Home, then look for Admin.
    await page
      .locator(`a[href="${localePrefix(locale)}/home"]`)
      .first()
      .waitFor({ state: 'attached', timeout: TIMEOUT });
    await page.waitForLoadState('networkidle');
    check(
      (await page.locator('a[href*="/admin/"]').count()) === 0,
      `${locale}: the newcomer sees the admin menu`,
    );
    const res = await page.request.get(`${baseUrl}/api/v1/admin/articles?view=list`);
    check(res.status() === 401, `${locale}: the admin API without a token answered ${res.status()}`);
  } finally {
    await context.close();
  }
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  for (const locale of ['nb', 'en'] as const) {
    await journey(browser, baseUrl, locale);
    await newcomerHasNoAdminMenu(browser, baseUrl, locale);
  }
}
