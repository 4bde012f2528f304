// The market screens in real Chromium (issue 6), signed in as the investor, in nb and en, light
// and dark: the header search finds Equinor and opens its analysis with a drawn chart and its
// score; "zzzz" finds nothing; the screener filtered to buy shows only scores >= 0.5; switching to
// US Stocks shows NASDAQ names in USD; switching the timeframe changes the URL and the score.
// Set E2E_SCREENSHOTS=<dir> to keep a screenshot of each screen.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import {
  canvasIsDrawn,
  check,
  localePrefix,
  newPage,
  signInInvestor,
  type Locale,
  namespaceTexts,
  textOf,
  type Texts,
} from './helpers';

type Theme = 'light' | 'dark';

const BUY_THRESHOLD = 0.5;

const texts = (locale: Locale): Texts =>
  namespaceTexts(locale, ['common', 'market', 'search', 'settings', 'analysis']);

const text = textOf;

/** The universe's company names per market (the demo data and the real data use the same names). */
function universeNames(): Record<'160' | '226', Set<string>> {
  const file = path.join(process.cwd(), 'server', 'market-data', 'universe.json');
  const universe = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    markets: Record<'160' | '226', { tickers: { name: string }[] }>;
  };
  return {
    160: new Set(universe.markets['160'].tickers.map((t) => t.name)),
    226: new Set(universe.markets['226'].tickers.map((t) => t.name)),
  };
}

const prefix = localePrefix;

async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `market-${name}.png`), fullPage: false });
}

/** The score as the page shows it ("+0,62", "−0.12") as a number. */
function parseScore(shown: string): number {
  return Number(shown.trim().replace('−', '-').replace(',', '.').replace('+', ''));
}

async function journey(baseUrl: string, browser: Browser, locale: Locale, theme: Theme): Promise<void> {
  const all = texts(locale);
  const names = universeNames();
  const tag = `${locale}-${theme}`;
  const { context, page, consoleErrors } = await newPage(browser, {
    locale: locale === 'nb' ? 'nb-NO' : 'en-US',
  });
  try {
    await signInInvestor(page, baseUrl, locale);
    if (theme === 'dark') {
      await page.getByRole('button', { name: text(all, 'settings:theme.switchToDark') }).click();
      await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
    }
    check((await page.getAttribute('html', 'lang')) === locale, `[${tag}] html lang is not ${locale}`);

    // Home: the main index with a drawn chart.
    await page.getByTestId('index-card').waitFor({ timeout: 30_000 });
    check(
      await canvasIsDrawn(page, '[data-testid=index-chart]', { minPainted: 500, timeout: 20_000 }),
      `[${tag}] the index chart is not drawn`,
    );
    await screenshot(page, `home-${tag}`);

    // Header search: "Equinor" -> its analysis page with a drawn chart and its score.
    const search = page.getByRole('combobox', { name: text(all, 'search:label') });
    await search.fill('Equinor');
    const option = page.getByRole('option', { name: /Equinor/ });
    await option.first().waitFor({ timeout: 15_000 });
    await option.first().click();
    await page.waitForURL(/\/market\/analysis\?tickerID=\d+&timeframe=2$/, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: /Equinor/ }).waitFor({ timeout: 30_000 });
    check(
      await canvasIsDrawn(page, '[data-testid=price-chart]', { minPainted: 500, timeout: 20_000 }),
      `[${tag}] the analysis chart is not drawn`,
    );
    const score2 = (await page.getByTestId('technical-score').textContent()) ?? '';
    check(/^[+−-]?\d[.,]\d\d$/.test(score2.trim()), `[${tag}] the score reads "${score2}"`);
    await screenshot(page, `analysis-${tag}`);

    // Zoom (issue 25): the wheel over the chart zooms in, "Reset zoom" undoes it; the + key on the
    // focused chart zooms in again and 0 resets.
    const reset = '[data-testid=chart-reset-zoom]';
    await page.waitForSelector(`${reset}:disabled`, { timeout: 10_000 });
    const plot = page.getByTestId('price-chart-canvas');
    const box = await plot.boundingBox();
    check(box !== null, `[${tag}] the chart has no box`);
    await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 3);
    await page.mouse.wheel(0, -400);
    await page.waitForSelector(`${reset}:enabled`, { timeout: 10_000 });
    await page.getByRole('button', { name: text(all, 'analysis:chart.resetZoom') }).click();
    await page.waitForSelector(`${reset}:disabled`, { timeout: 10_000 });
    await page.getByRole('group', { name: text(all, 'analysis:chart.keyboardLabel') }).focus();
    await page.keyboard.press('+');
    await page.waitForSelector(`${reset}:enabled`, { timeout: 10_000 });
    await page.keyboard.press('0');
    await page.waitForSelector(`${reset}:disabled`, { timeout: 10_000 });

    // Search across markets (issue 25): with Oslo selected, "apple" finds Apple (NASDAQ) and opens it.
    await search.fill('apple');
    const apple = page.getByRole('option', { name: /Apple/ });
    await apple.first().waitFor({ timeout: 15_000 });
    await apple.first().click();
    await page.waitForURL(/\/market\/analysis\?tickerID=\d+&timeframe=2$/, { timeout: 15_000 });
    await page.getByRole('heading', { level: 1, name: /Apple/ }).waitFor({ timeout: 30_000 });
    // Back to Equinor for the steps below.
    await search.fill('Equinor');
    await page
      .getByRole('option', { name: /Equinor/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: /Equinor/ }).waitFor({ timeout: 30_000 });

    // The timeframe switch changes the URL and shows that timeframe's score.
    const expected3 = (await page.locator('[data-scores-timeframe="3"] td').first().textContent())?.replace(
      /\s/g,
      '',
    );
    await page
      .getByRole('group', { name: text(all, 'market:timeframe.label') })
      .getByRole('button', { name: new RegExp(text(all, 'market:timeframe.3.name')) })
      .first()
      .click();
    await page.waitForURL(/timeframe=3$/, { timeout: 10_000 });
    await page.waitForFunction(
      (want) =>
        document.querySelector('[data-testid=technical-score]')?.textContent?.replace(/\s/g, '') === want,
      expected3,
      { timeout: 20_000 },
    );
    check(
      await canvasIsDrawn(page, '[data-testid=price-chart]', { minPainted: 500, timeout: 20_000 }),
      `[${tag}] the long-timeframe chart is not drawn`,
    );

    // "zzzz" finds nothing, and says so.
    await search.fill('zzzz');
    await page.getByText(text(all, 'search:noResult'), { exact: true }).waitFor({ timeout: 15_000 });
    await search.fill('');

    // The screener filtered to buy shows only scores >= 0.5.
    await page.goto(`${baseUrl}${prefix(locale)}/market/tickers`, { waitUntil: 'networkidle' });
    await page.locator('tr[data-score]').first().waitFor({ timeout: 30_000 });
    await page.locator('[data-signal-filter=buy]').click();
    await page.waitForURL(/signal=buy/, { timeout: 10_000 });
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('tr[data-score]')];
        return rows.length > 0 && rows.every((r) => Number(r.getAttribute('data-score')) >= 0.5);
      },
      undefined,
      { timeout: 20_000 },
    );
    const scores = await page.$$eval('tr[data-score]', (rows) =>
      rows.map((r) => Number(r.getAttribute('data-score'))),
    );
    check(
      scores.length > 0 && scores.every((s) => s >= BUY_THRESHOLD),
      `[${tag}] buy filter shows ${scores.join(', ')}`,
    );
    const shownScores = await page.$$eval('tr[data-score] td:nth-child(4)', (cells) =>
      cells.map((c) => c.textContent ?? ''),
    );
    check(
      shownScores.every((s) => parseScore(s) >= BUY_THRESHOLD),
      `[${tag}] the buy filter shows scores ${shownScores.join(', ')}`,
    );
    const badges = await page.$$eval('tr[data-score] [data-signal]', (els) =>
      els.map((e) => e.getAttribute('data-signal')),
    );
    check(
      badges.every((b) => b === 'buy'),
      `[${tag}] the buy filter shows signals ${badges.join(', ')}`,
    );
    // The back button undoes the filter.
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('signal=buy'), { timeout: 10_000 });
    await screenshot(page, `tickers-${tag}`);

    // Switching to US Stocks stays on the screener (issue 24 item 10) and shows NASDAQ names in USD.
    const screenerUrl = page.url();
    await page.locator('#market-switcher').click();
    await page.getByRole('button', { name: new RegExp(text(all, 'common:markets.226')) }).click();
    await page.waitForFunction(
      () => {
        const rows = [...document.querySelectorAll('tr[data-currency]')];
        return rows.length > 0 && rows.every((r) => r.getAttribute('data-currency') === 'USD');
      },
      undefined,
      { timeout: 30_000 },
    );
    check(page.url() === screenerUrl, `[${tag}] the market switch left the screener for ${page.url()}`);
    const usNames = await page.$$eval('tr[data-score] td:first-child a', (as) =>
      as.map((a) => a.textContent ?? ''),
    );
    check(
      usNames.length > 0 && usNames.every((n) => names[226].has(n)),
      `[${tag}] US Stocks shows ${usNames.slice(0, 5).join(', ')}`,
    );
    check(!usNames.some((n) => names[160].has(n)), `[${tag}] US Stocks shows Oslo names`);
    const prices = await page.$$eval('tr[data-score] td:nth-child(2)', (cells) =>
      cells.map((c) => c.textContent ?? ''),
    );
    const usd = locale === 'en' ? /^\$/ : /USD/;
    check(
      prices.every((p) => usd.test(p)),
      `[${tag}] US prices are not in USD: ${prices.slice(0, 3).join(', ')}`,
    );
    await screenshot(page, `tickers-us-${tag}`);

    check(consoleErrors.length === 0, `[${tag}] console errors: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  for (const locale of ['nb', 'en'] as const) {
    for (const theme of ['light', 'dark'] as const) await journey(baseUrl, browser, locale, theme);
  }
}
