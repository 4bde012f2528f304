// Journeys across screens (issue 25), each as a user would take it:
//
//  1. On a phone (390×844) the investor opens an analysis: the verdict (signal, score, early-warning
//     levels) is above the fold, before the chart, and nothing is wider than the screen.
//  2. A signed-out visitor opens /public/stocks, follows a stock's link to its public page, and
//     opens /public/stocks/EQNR: canonical, hreflang nb/en/x-default, Open Graph and JSON-LD
//     (Corporation + FinancialProduct with the last close) are in the head; axe finds nothing
//     serious on either page.
//  3. From the landing page a visitor follows one of the day's strongest signals to its public page.
//  4. The admin sets two price alerts on an Oslo stock from the analysis page by clicking its levels:
//     "above" the nearest support and "below" the nearest resistance (support < resistance, so the
//     next close crosses at least one of them). `finish` (run after every journey, so after the one
//     Oslo refresh of the run, whichever journey started it with "Run now"; this file runs it itself
//     when the refresh has not run) checks that exactly the crossed alerts triggered at the new
//     session, that the bell's unread count rose, and that /notifications lists the price lines.
import type { Page } from 'playwright-core';
import { MARKET_OSLO } from '@/lib/constants';
import { demoAccount } from '@/lib/demoAccounts';
import { formatMoney } from '@/lib/format';
import type { TickerDetail, TickerListResponse } from '@/lib/types/market';
import type { PriceAlertDto } from '@/lib/types/priceAlerts';
import type { MarketHealth } from '@/server/services/operations';
import type { E2eContext } from '../scripts/e2e';
import { signInWithEmulator } from '../scripts/lib/emulator';
import {
  callApi,
  check,
  E2eError,
  fillTemplate,
  localeTexts,
  newPage,
  seriousAxeViolations,
  signIn,
  signInInvestor,
} from './helpers';
import { runOsloRefresh } from './notifications.e2e';

const TIMEOUT = 30_000;
const PHONE = { width: 390, height: 844 };
const BELL = 'header.tv-topbar a[href$="/notifications"]';
const emulatorPort = () => Number(process.env.E2E_AUTH_EMULATOR_PORT || 9299);
const analysisHref = (id: number) => `/market/analysis?tickerID=${id}&timeframe=2`;

async function adminToken(): Promise<string> {
  const { email, password } = demoAccount('admin');
  return signInWithEmulator(emulatorPort(), email, password);
}

async function osloHealth(baseUrl: string, token: string): Promise<MarketHealth> {
  const status = await callApi<Record<string, MarketHealth>>(baseUrl, token, 'GET', '/api/v1/markets/status');
  const oslo = status[String(MARKET_OSLO)];
  check(oslo, `no Oslo market in /api/v1/markets/status: ${JSON.stringify(status)}`);
  return oslo;
}

/** The bell's unread count as its badge shows it (0 without a badge). */
async function unreadInBell(page: Page): Promise<number> {
  await page.locator(BELL).waitFor({ timeout: TIMEOUT });
  const badge = page.locator(`${BELL} .badge`);
  if ((await badge.count()) === 0) return 0;
  const text = (await badge.innerText()).trim();
  return text === '99+' ? 100 : Number(text);
}

/** The head's tags of a public stock page: canonical, hreflang, Open Graph, JSON-LD types. */
async function expectPublicStockHead(page: Page, baseUrl: string, symbol: string): Promise<void> {
  // Read through locators: a function defined inside page.evaluate gets tsx's __name helper, which
  // the page does not have.
  const attr = (selector: string, name: string) =>
    page.locator(selector).first().getAttribute(name, { timeout: TIMEOUT });
  const head = {
    canonical: await attr('link[rel="canonical"]', 'href'),
    nb: await attr('link[rel="alternate"][hreflang="nb"]', 'href'),
    en: await attr('link[rel="alternate"][hreflang="en"]', 'href'),
    xDefault: await attr('link[rel="alternate"][hreflang="x-default"]', 'href'),
    ogTitle: await attr('meta[property="og:title"]', 'content'),
    ogUrl: await attr('meta[property="og:url"]', 'content'),
    ogLocale: await attr('meta[property="og:locale"]', 'content'),
    jsonLd: await page.locator('script[type="application/ld+json"]').allTextContents(),
  };
  const path = `/public/stocks/${symbol}`;
  const what = `the head of ${path}`;
  check(
    head.canonical?.endsWith(path) && !head.canonical.includes('/en/'),
    `${what}: canonical ${head.canonical}`,
  );
  check(head.nb === head.canonical, `${what}: hreflang nb ${head.nb}, canonical ${head.canonical}`);
  check(head.en?.endsWith(`/en${path}`), `${what}: hreflang en ${head.en}`);
  check(head.xDefault === head.nb, `${what}: hreflang x-default ${head.xDefault}`);
  check(
    head.ogTitle && head.ogUrl === head.canonical,
    `${what}: og:title ${head.ogTitle}, og:url ${head.ogUrl}`,
  );
  check(head.ogLocale === 'nb_NO', `${what}: og:locale ${head.ogLocale}`);
  const graph = head.jsonLd.flatMap((text) => {
    const parsed = JSON.parse(text) as { '@graph'?: { '@type': string; offers?: { price: number } }[] };
    return parsed['@graph'] ?? [];
  });
  const types = graph.map((g) => g['@type']);
  check(
    types.includes('Corporation') && types.includes('FinancialProduct'),
    `${what}: JSON-LD types ${JSON.stringify(types)}`,
  );
  // The offer is the last close the page shows (the public API is the page's own data source).
  const stock = await callApi<{ last: { close: number } }>(
    baseUrl,
    null,
    'GET',
    `/api/v1/public/stocks/${symbol}`,
  );
  const offer = graph.find((g) => g['@type'] === 'FinancialProduct')?.offers?.price;
  check(offer === stock.last.close, `${what}: JSON-LD offer ${offer}, last close ${stock.last.close}`);
}

async function expectNoSeriousAxe(page: Page, what: string): Promise<void> {
  const serious = await seriousAxeViolations(page);
  check(
    serious.length === 0,
    `axe on ${what}: ${serious.length} serious/critical\n      ${serious.join('\n      ')}`,
  );
}

/** 1. The analysis page on a phone: the verdict first, the signal above the fold. */
async function analysisOnPhone({ baseUrl, browser }: E2eContext): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    await page.setViewportSize(PHONE);
    await signInInvestor(page, baseUrl, 'nb', TIMEOUT);
    const stocks = await callApi<TickerListResponse>(
      baseUrl,
      await adminToken(),
      'GET',
      `/api/v1/tickers/list?countryID=${MARKET_OSLO}&timeframe=2&pageSize=500`,
    );
    const eqnr = stocks.items.find((s) => s.symbol === 'EQNR');
    check(eqnr, 'EQNR is not in the Oslo screener');
    await page.goto(`${baseUrl}${analysisHref(eqnr.ticker_id)}`, { waitUntil: 'networkidle' });
    const signal = page.locator('[data-testid="verdict-card"] .badge[data-signal]');
    await signal.waitFor({ timeout: TIMEOUT });
    await page.locator('[data-testid="price-chart"]').waitFor({ timeout: TIMEOUT });
    const [signalBox, scoreBox, earlyWarningBox, chartBox] = await page.evaluate(
      (selectors) =>
        selectors.map((sel) => {
          const r = document.querySelector(sel)?.getBoundingClientRect();
          return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null;
        }),
      [
        '[data-testid="verdict-card"] .badge[data-signal]',
        '[data-testid="verdict-score"]',
        '[data-testid="early-warning"]',
        '[data-testid="price-chart"]',
      ],
    );
    const layout = {
      scrollY: await page.evaluate(() => window.scrollY),
      signal: signalBox,
      score: scoreBox,
      earlyWarning: earlyWarningBox,
      chart: chartBox,
      pageWidth: await page.evaluate(() => document.documentElement.scrollWidth),
    };
    check(layout.scrollY === 0, `the page opened scrolled to ${layout.scrollY}`);
    for (const [name, box] of [
      ['signal', layout.signal],
      ['score', layout.score],
      ['early warning', layout.earlyWarning],
    ] as const) {
      check(box, `no ${name} on the analysis page`);
      check(
        box.top >= 0 && box.bottom <= PHONE.height && box.left >= 0 && box.right <= PHONE.width,
        `the ${name} is not above the fold at 390×844: ${JSON.stringify(box)}`,
      );
    }
    check(
      layout.chart && layout.score && layout.chart.top > layout.score.bottom,
      `the chart is not below the verdict on a phone: ${JSON.stringify(layout)}`,
    );
    check(layout.pageWidth <= PHONE.width, `the analysis page is ${layout.pageWidth} px wide at 390 px`);
    check(consoleErrors.length === 0, `console errors on the phone analysis: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

/** 2. Signed out: /public/stocks → a stock's public page, and /public/stocks/EQNR with its head. */
async function publicStockPages({ baseUrl, browser }: E2eContext): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    await page.goto(`${baseUrl}/public/stocks`, { waitUntil: 'networkidle' });
    await expectNoSeriousAxe(page, '/public/stocks');
    const links = page.locator('main a[href^="/public/stocks/"]');
    await links.first().waitFor({ timeout: TIMEOUT });
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    // EQNR when the day's top signals list it, else the first stock listed.
    const target = hrefs.includes('/public/stocks/EQNR') ? '/public/stocks/EQNR' : hrefs[0];
    const symbol = target.split('/').pop() ?? '';
    await page.locator(`main a[href="${target}"]`).first().click();
    await page.waitForURL(`${baseUrl}${target}`, { timeout: TIMEOUT });
    await page.locator('[data-testid="public-stock-summary"]').waitFor({ timeout: TIMEOUT });
    await expectPublicStockHead(page, baseUrl, symbol);
    await expectNoSeriousAxe(page, target);

    if (symbol !== 'EQNR') {
      await page.goto(`${baseUrl}/public/stocks/EQNR`, { waitUntil: 'networkidle' });
      await page.locator('[data-testid="public-stock-summary"]').waitFor({ timeout: TIMEOUT });
      await expectPublicStockHead(page, baseUrl, 'EQNR');
      await expectNoSeriousAxe(page, '/public/stocks/EQNR');
    }
    const score = (await page.getByTestId('public-score').innerText()).trim();
    check(score.length > 0, 'the public EQNR page shows no score');
    check(
      consoleErrors.length === 0,
      `console errors on the public stock pages: ${consoleErrors.join(' | ')}`,
    );
  } finally {
    await context.close();
  }
}

/** 3. Landing page → one of the strongest signals → its public page. */
async function landingToPublicPage({ baseUrl, browser }: E2eContext): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const first = page.locator('[data-testid="strongest-signals"] a').first();
    await first.waitFor({ timeout: TIMEOUT });
    const href = (await first.getAttribute('href')) ?? '';
    check(href.startsWith('/public/stocks/'), `the strongest signal links to ${href}`);
    const symbol = href.split('/').pop() ?? '';
    const linkText = await first.innerText();
    check(linkText.includes(symbol), `the strongest signal's card "${linkText}" does not name ${symbol}`);
    const stock = await callApi<{ long_name: string }>(
      baseUrl,
      null,
      'GET',
      `/api/v1/public/stocks/${symbol}`,
    );
    await first.click();
    await page.waitForURL(`${baseUrl}${href}`, { timeout: TIMEOUT });
    // The landing page shows a stock summary of its own (the showcase), and the router changes the
    // URL before it renders the new page: wait for the stock's own heading, not for a summary.
    const heading = page.locator('main h1', { hasText: stock.long_name });
    const arrived = await heading
      .waitFor({ timeout: TIMEOUT })
      .then(() => true)
      .catch(() => false);
    const h1 = (await page.locator('main h1').first().innerText()).trim();
    check(arrived, `the public page of ${symbol} is headed "${h1}", not ${stock.long_name}`);
    await page.locator('[data-testid="public-stock-summary"]').waitFor({ timeout: TIMEOUT });
    check(consoleErrors.length === 0, `console errors from the landing page: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

/** What `run` leaves for `finish`: the alerts set and what the bell said before the refresh. */
interface PendingAlerts {
  seeded: string;
  ticker: { id: number; symbol: string };
  alerts: PriceAlertDto[];
  unreadBefore: number;
}
let pending: PendingAlerts | null = null;

/** Click a level button of the analysis page's alert form, pick the direction, set the alert. */
async function setAlertFromLevel(page: Page, level: string, direction: 'above' | 'below'): Promise<void> {
  const form = page.getByTestId('price-alert-form');
  const button = form.locator(`button[data-level="${level}"]`);
  check((await button.count()) === 1, `no level button ${level} on the analysis page`);
  await button.click();
  const price = await form.locator('#price-alert-price').inputValue();
  check(price.length > 0, `clicking ${level} left the price empty`);
  await form.locator('#price-alert-direction').selectOption(direction);
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/price-alerts') && r.request().method() === 'POST',
    { timeout: TIMEOUT },
  );
  await form
    .getByRole('button', {
      name: localeTexts<{ alertForm: { submit: string } }>('nb', 'analysis').alertForm.submit,
    })
    .click();
  const res = await created;
  check(res.status() === 201, `setting the alert at ${level} answered ${res.status()}`);
  // The form empties once the page has handled the answer, which may be after the response event.
  const cleared = await page
    .waitForFunction(
      () =>
        document.querySelector<HTMLInputElement>('[data-testid="price-alert-form"] #price-alert-price')
          ?.value === '',
      undefined,
      { timeout: TIMEOUT },
    )
    .then(() => true)
    .catch(() => false);
  check(cleared, 'the form kept the price after saving');
}

/** 4a. The admin sets "above support" and "below resistance" on an Oslo stock from its levels. */
async function priceAlertsFromLevels({ baseUrl, browser }: E2eContext): Promise<void> {
  const token = await adminToken();
  const oslo = await osloHealth(baseUrl, token);
  check(
    oslo.sessions_behind === 1 && oslo.last_session,
    `Oslo should be one session behind before the run's refresh: ${JSON.stringify(oslo)}`,
  );
  const stocks = await callApi<TickerListResponse>(
    baseUrl,
    token,
    'GET',
    `/api/v1/tickers/list?countryID=${MARKET_OSLO}&timeframe=2&pageSize=500`,
  );
  // EQNR first; any stock with a support and a resistance will do.
  const ordered = [...stocks.items].sort((a, b) => Number(b.symbol === 'EQNR') - Number(a.symbol === 'EQNR'));
  let detail: TickerDetail | null = null;
  for (const item of ordered) {
    const d = await callApi<TickerDetail>(
      baseUrl,
      token,
      'GET',
      `/api/v1/ticker/${item.ticker_id}?timeframe=2`,
    );
    if (d.analysis.supports.length > 0 && d.analysis.resistances.length > 0) {
      detail = d;
      break;
    }
  }
  check(detail, 'no Oslo stock has both a support and a resistance level');
  const support = detail.analysis.supports[0];
  const resistance = detail.analysis.resistances[0];
  check(support < resistance, `support ${support} is not below resistance ${resistance}`);
  const before = await callApi<PriceAlertDto[]>(baseUrl, token, 'GET', '/api/v1/price-alerts');

  const { context, page, consoleErrors } = await newPage(browser);
  try {
    await signIn(page, baseUrl, 'nb', 'admin', TIMEOUT);
    await page.goto(`${baseUrl}${analysisHref(detail.ticker_id)}`, { waitUntil: 'networkidle' });
    await page.getByTestId('price-alert-form').waitFor({ timeout: TIMEOUT });
    const unreadBefore = await unreadInBell(page);
    await setAlertFromLevel(page, 's0', 'above');
    await setAlertFromLevel(page, 'r0', 'below');
    const known = new Set(before.map((a) => a.id));
    const mine = (await callApi<PriceAlertDto[]>(baseUrl, token, 'GET', '/api/v1/price-alerts')).filter(
      (a) => !known.has(a.id),
    );
    check(mine.length === 2, `expected 2 new price alerts, found ${JSON.stringify(mine)}`);
    const above = mine.find((a) => a.direction === 'above');
    const below = mine.find((a) => a.direction === 'below');
    // The form shows and sends the level to two decimals.
    check(
      above && Math.abs(above.price - support) < 0.006 && above.ticker_id === detail.ticker_id,
      `the "above" alert ${JSON.stringify(above)} is not at the support ${support}`,
    );
    check(
      below && Math.abs(below.price - resistance) < 0.006 && below.ticker_id === detail.ticker_id,
      `the "below" alert ${JSON.stringify(below)} is not at the resistance ${resistance}`,
    );
    check(
      mine.every((a) => a.triggered_at === null),
      `a new alert is triggered already: ${JSON.stringify(mine)}`,
    );
    check(consoleErrors.length === 0, `console errors setting price alerts: ${consoleErrors.join(' | ')}`);
    pending = {
      seeded: oslo.last_session,
      ticker: { id: detail.ticker_id, symbol: detail.symbol },
      alerts: mine,
      unreadBefore,
    };
  } finally {
    await context.close();
  }
}

export async function run(ctx: E2eContext): Promise<void> {
  await analysisOnPhone(ctx);
  await publicStockPages(ctx);
  await landingToPublicPage(ctx);
  await priceAlertsFromLevels(ctx);
}

/** 4b. After the run's Oslo refresh: the crossed alerts, and only they, in the bell and the list. */
export async function finish({ baseUrl, browser }: E2eContext): Promise<void> {
  if (!pending) throw new E2eError('run() set no price alerts');
  const { seeded, ticker, alerts, unreadBefore } = pending;
  const token = await adminToken();
  let oslo = await osloHealth(baseUrl, token);
  // No other journey ran the refresh (this file alone): the admin runs it here.
  if (oslo.last_session === seeded) await runOsloRefresh(browser, baseUrl, seeded);
  oslo = await osloHealth(baseUrl, token);
  const session = oslo.last_session;
  check(
    session && session > seeded,
    `Oslo did not get a new session after ${seeded}: ${JSON.stringify(oslo)}`,
  );

  const detail = await callApi<TickerDetail>(
    baseUrl,
    token,
    'GET',
    `/api/v1/ticker/${ticker.id}?timeframe=2`,
  );
  check(detail.last.date === session, `${ticker.symbol}'s last bar is ${detail.last.date}, not ${session}`);
  const close = detail.last.close;
  // "above P" triggers on a close at or above P, "below P" at or below P (the rule).
  const crossed = (a: PriceAlertDto) => (a.direction === 'above' ? close >= a.price : close <= a.price);
  const expected = alerts.filter(crossed);
  check(
    expected.length > 0,
    `close ${close} crossed neither ${JSON.stringify(alerts)}: support < resistance broken`,
  );

  const now = await callApi<PriceAlertDto[]>(baseUrl, token, 'GET', '/api/v1/price-alerts');
  for (const a of alerts) {
    const stored = now.find((n) => n.id === a.id);
    check(stored, `price alert ${a.id} is gone`);
    const want = crossed(a);
    check(
      want
        ? stored.triggered_session === session && stored.triggered_close === close
        : stored.triggered_at === null,
      `alert ${a.direction} ${a.price} with close ${close}: ${JSON.stringify(stored)}`,
    );
  }

  const nb = localeTexts<{ change: { price: { above: string; below: string } } }>('nb', 'alerts');
  const money = (v: number) => formatMoney(v, detail.currency, 'nb');
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    await signIn(page, baseUrl, 'nb', 'admin', TIMEOUT);
    // The bell fetches its count after sign-in: wait until its badge passes the count before.
    // A timeout is the failure itself, reported with what the bell reads (not swallowed).
    try {
      await page.waitForFunction(
        ([selector, before]) => Number(document.querySelector(selector)?.textContent?.trim() || 0) > before,
        [`${BELL} .badge`, unreadBefore] as const,
        { timeout: TIMEOUT },
      );
    } catch {
      const unread = await unreadInBell(page);
      check(false, `the bell reads ${unread} unread after the refresh, ${unreadBefore} before`);
    }
    await page.locator(BELL).click();
    await page.waitForURL(/\/notifications$/, { timeout: TIMEOUT });
    const item = page.locator('li.list-group-item', {
      has: page.locator(`a[href$="${analysisHref(ticker.id)}"]`),
    });
    await item.first().waitFor({ timeout: TIMEOUT });
    const lines = (await item.first().locator('ul li').allInnerTexts()).map((s) => s.trim());
    const priceLines = lines.filter((l) => l.startsWith(nb.change.price.above.split(':')[0]));
    const want = expected.map((a) =>
      fillTemplate(nb.change.price[a.direction], { close: money(close), price: money(a.price) }),
    );
    check(
      JSON.stringify([...priceLines].sort()) === JSON.stringify([...want].sort()),
      `/notifications lists ${JSON.stringify(priceLines)} for ${ticker.symbol}, expected ${JSON.stringify(want)}`,
    );
    check(consoleErrors.length === 0, `console errors in the bell journey: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}
