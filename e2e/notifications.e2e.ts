// Signal alerts in real Chromium (issue 17, "Done when"): after a refresh that changes the signal of
// a held ticker, the investor sees the bell count rise and the notifications on /notifications, and
// one e-mail arrives in the SMTP sink of the e2e app.
//
// The e2e app's clock stands just after an Oslo close that its data does not have yet, with SMTP_URL
// on the runner's sink (scripts/e2e.ts). The journey:
//  1. as the investor, through the API: a new portfolio with alerts on (`subscription`) that holds
//     one share of every Oslo stock, and each ticker's overall and medium-term signal before;
//  2. the investor signs in (nb) and the bell shows the unread count N;
//  3. the admin runs the Oslo refresh with "Run now" on /admin/operations: one new session;
//  4. the signals after, from the API. The tickers whose overall signal (the signal of the overall
//     score) or medium-term signal differ are the expected alerts: the investor holds every Oslo
//     stock, so each of them is one notification (K in all), and no other ticker is;
//  5. the bell (on the tab becoming visible) reads N + K; /notifications lists those K with their
//     changes and a link to the analysis; marking one as read lowers the count by one; its link
//     opens the analysis; in English the same list, and "Mark all as read" empties the count;
//  6. exactly one e-mail for the investor, in Norwegian, listing exactly those K tickers.
// The portfolio is deleted afterwards. Set E2E_SCREENSHOTS=<dir> to keep screenshots.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import {
  EVENT_BUY,
  MARKET_OSLO,
  marketById,
  PORTFOLIO_HEADER_NAME,
  PORTFOLIO_HEADER_VALUE,
  signalForScore,
  type Signal,
} from '@/lib/constants';
import { formatDate } from '@/lib/format';
import type { TickerDetail, TickerListItem, TickerListResponse } from '@/lib/types/market';
import type { PortfolioDto, WatchlistItemDto } from '@/lib/types/portfolio';
import type { NotificationListResponse, NotificationSettingsDto } from '@/lib/types/signals';
import type { MarketHealth } from '@/server/services/operations';
import type { E2eContext } from '../scripts/e2e';
import { signInWithEmulator } from '../scripts/lib/emulator';
import type { ReceivedMail } from '../scripts/lib/smtpSink';
import {
  check,
  E2eError,
  INVESTOR,
  localePrefix,
  newPage,
  screenshotTo,
  signIn,
  signInInvestor,
  type Locale,
} from './helpers';

const TIMEOUT = 30_000;
/** The refresh reads and analyses the whole Oslo market on a busy machine. */
const REFRESH_TIMEOUT = 300_000;

interface AlertTexts {
  bell: { label: string; unread_one: string; unread_other: string };
  page: Record<'title' | 'markRead' | 'markAllRead' | 'unread' | 'openAnalysis' | 'session', string>;
  change: { overall: string; medium: string };
  signal: Record<Signal, string>;
  email: Record<'subject_one' | 'subject_other' | 'greeting' | 'intro', string>;
}

function readJson<T>(...parts: string[]): T {
  return JSON.parse(fs.readFileSync(path.join(process.cwd(), ...parts), 'utf8')) as T;
}

const alertTexts = (locale: Locale) => readJson<AlertTexts>('public', 'locales', locale, 'alerts.json');

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));
}

function bellLabel(t: AlertTexts, unread: number): string {
  if (unread === 0) return t.bell.label;
  return fill(unread === 1 ? t.bell.unread_one : t.bell.unread_other, { count: unread });
}

const screenshot = (page: Page, name: string) => screenshotTo(page, 'notifications', name);

/** The app's API as the signed-in investor (an emulator ID token); waits out a 429. */
class Api {
  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  async call<T>(method: string, route: string, body?: unknown, expect: number[] = [200]): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const res = await fetch(`${this.baseUrl}${route}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.token}`,
          // The portfolio routes want the app's own header, as its client sends it.
          [PORTFOLIO_HEADER_NAME]: PORTFOLIO_HEADER_VALUE,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status === 429 && attempt < 4) {
        const seconds = Number(res.headers.get('Retry-After')) || 5;
        await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 250));
        continue;
      }
      const text = await res.text();
      if (!expect.includes(res.status)) {
        throw new E2eError(`${method} ${route} answered ${res.status}: ${text.slice(0, 300)}`);
      }
      return (text ? JSON.parse(text) : undefined) as T;
    }
  }
}

/** What alerts are about: a ticker's overall signal and its medium-term (timeframe 2) signal. */
interface Alerted {
  date: string;
  overall: Signal;
  medium: Signal;
}

/** The alerted signals of `ids` as the analysis API shows them (four requests at a time). */
async function alertedSignals(api: Api, ids: readonly number[]): Promise<Map<number, Alerted>> {
  const out = new Map<number, Alerted>();
  const queue = [...ids];
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const d = await api.call<TickerDetail>('GET', `/api/v1/ticker/${id}?timeframe=2`);
      out.set(id, {
        date: d.last.date,
        overall: signalForScore(d.scores.overall),
        medium: d.analysis.signal,
      });
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out;
}

/** A ticker as the journey names it. */
type Named = Pick<TickerListItem, 'symbol' | 'long_name'>;

interface ExpectedChange {
  timeframe: 'overall' | 2;
  previous: Signal;
  signal: Signal;
}

/** The changes one notification lists: the overall signal first, then the medium term. */
function changesBetween(before: Alerted, after: Alerted): ExpectedChange[] {
  const out: ExpectedChange[] = [];
  if (before.overall !== after.overall)
    out.push({ timeframe: 'overall', previous: before.overall, signal: after.overall });
  if (before.medium !== after.medium)
    out.push({ timeframe: 2, previous: before.medium, signal: after.medium });
  return out;
}

function changeLine(t: AlertTexts, c: ExpectedChange): string {
  return fill(c.timeframe === 'overall' ? t.change.overall : t.change.medium, {
    previous: t.signal[c.previous],
    signal: t.signal[c.signal],
  });
}

const BELL = 'header.tv-topbar a[href$="/notifications"]';

/** Wait until the top bar's bell is labelled `label` (its unread count), and check its badge. */
async function expectBell(page: Page, t: AlertTexts, unread: number, what: string): Promise<void> {
  const label = bellLabel(t, unread);
  try {
    await page.waitForFunction(
      ([selector, want]) => document.querySelector(selector)?.getAttribute('aria-label') === want,
      [BELL, label] as const,
      { timeout: TIMEOUT },
    );
  } catch {
    const shown = await page
      .locator(BELL)
      .getAttribute('aria-label', { timeout: 1000 })
      .catch(() => null);
    throw new E2eError(`${what}: the bell reads "${shown}", expected "${label}"`);
  }
  const badge = page.locator(`${BELL} .badge`);
  if (unread === 0) {
    check((await badge.count()) === 0, `${what}: the bell shows a badge without unread notifications`);
  } else {
    const shown = (await badge.innerText()).trim();
    check(
      shown === (unread > 99 ? '99+' : String(unread)),
      `${what}: the badge reads "${shown}", not ${unread}`,
    );
  }
}

const analysisHref = (id: number) => `/market/analysis?tickerID=${id}&timeframe=2`;

function notificationItem(page: Page, id: number) {
  return page.locator('li.list-group-item', { has: page.locator(`a[href$="${analysisHref(id)}"]`) });
}

/** /notifications shows exactly one item for each expected ticker, with its changes and its link. */
async function expectListed(
  page: Page,
  t: AlertTexts,
  locale: Locale,
  expected: ReadonlyMap<number, { item: Named; changes: ExpectedChange[] }>,
  session: string,
): Promise<void> {
  for (const [id, { item, changes }] of expected) {
    const li = notificationItem(page, id);
    await li.first().waitFor({ timeout: TIMEOUT });
    check((await li.count()) === 1, `[${locale}] ${item.symbol} is listed ${await li.count()} times`);
    const link = li.getByRole('link', { name: fill(t.page.openAnalysis, { name: item.long_name }) });
    check(
      (await link.getAttribute('href')) === `${localePrefix(locale)}${analysisHref(id)}`,
      `[${locale}] ${item.symbol} links to ${await link.getAttribute('href')}`,
    );
    const lines = (await li.locator('ul li').allInnerTexts()).map((s) => s.trim());
    const want = changes.map((c) => changeLine(t, c));
    check(
      JSON.stringify(lines) === JSON.stringify(want),
      `[${locale}] ${item.symbol} lists ${JSON.stringify(lines)}, expected ${JSON.stringify(want)}`,
    );
    const sessionText = fill(t.page.session, { date: formatDate(session, locale) });
    check(
      (await li.getByText(sessionText, { exact: true }).count()) === 1,
      `[${locale}] ${item.symbol} does not say "${sessionText}"`,
    );
  }
}

/**
 * The admin runs the Oslo refresh ("Run now" on /admin/operations) and waits until its row says it
 * succeeded with a session after `seeded`; returns that session.
 */
export async function runOsloRefresh(browser: Browser, baseUrl: string, seeded: string): Promise<string> {
  const ops = readJson<{ jobs: { names: Record<string, string>; ok: string; runNowLabel: string } }>(
    'public',
    'locales',
    'nb',
    'operations.json',
  );
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    await signIn(page, baseUrl, 'nb', 'admin', TIMEOUT);
    await page.goto(`${baseUrl}/admin/operations`, { waitUntil: 'networkidle' });
    const job = page.getByTestId('job-refresh-160');
    await job.waitFor({ timeout: TIMEOUT });
    await job
      .getByRole('button', { name: fill(ops.jobs.runNowLabel, { name: ops.jobs.names['refresh-160'] }) })
      .click();
    // The run's message names the session it reached ("session 2026-11-25: … bars, …").
    const deadline = Date.now() + REFRESH_TIMEOUT;
    for (;;) {
      const row = await job.innerText();
      const session = /session (\d{4}-\d{2}-\d{2}):/.exec(row)?.[1];
      if (row.includes(ops.jobs.ok) && session && session > seeded) {
        check(
          consoleErrors.length === 0,
          `console errors on /admin/operations: ${consoleErrors.join(' | ')}`,
        );
        return session;
      }
      if (Date.now() > deadline) throw new E2eError(`the Oslo refresh did not succeed in time: ${row}`);
      await page.waitForTimeout(1000);
    }
  } finally {
    await context.close();
  }
}

/** The investor's mails so far (the sink may also hold other users' digests). */
const investorMails = (received: readonly ReceivedMail[]) =>
  received.filter((m) => m.to.includes(INVESTOR.email));

export async function run({ baseUrl, browser, mail }: E2eContext): Promise<void> {
  const nb = alertTexts('nb');
  const en = alertTexts('en');
  const emulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT || 9299);
  const api = new Api(baseUrl, await signInWithEmulator(emulatorPort, INVESTOR.email, INVESTOR.password));

  // The clock of scripts/e2e.ts: Oslo has one session due that is not in yet.
  const status = await api.call<Record<string, MarketHealth>>('GET', '/api/v1/markets/status');
  const oslo = status[String(MARKET_OSLO)];
  check(
    oslo?.sessions_behind === 1 && oslo.last_session,
    `Oslo should be one session behind before the refresh: ${JSON.stringify(oslo)}`,
  );
  const seeded = oslo.last_session;

  // 1. A portfolio with alerts on holding one share of every Oslo stock, bought at the last close.
  const universe = readJson<{ markets: Record<string, { tickers: unknown[] }> }>(
    'server',
    'market-data',
    'universe.json',
  );
  const stocks = (
    await api.call<TickerListResponse>(
      'GET',
      `/api/v1/tickers/list?countryID=${MARKET_OSLO}&timeframe=2&pageSize=500`,
    )
  ).items;
  check(
    stocks.length === universe.markets[String(MARKET_OSLO)].tickers.length,
    `the screener lists ${stocks.length} Oslo stocks, the universe has ${universe.markets[String(MARKET_OSLO)].tickers.length}`,
  );
  const portfolio = await api.call<PortfolioDto>(
    'POST',
    '/api/v1/portfolios',
    { portfolio_name: 'Varsler e2e', subscription: true, base_currency: 'NOK' },
    [201],
  );
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    for (const stock of stocks) {
      await api.call(
        'POST',
        '/api/v1/portfolioTransaction',
        {
          portfolio_id: portfolio.portfolio_id,
          ticker_id: stock.ticker_id,
          date: stock.date,
          event_id: EVENT_BUY,
          quantity: '1',
          price: stock.close.toFixed(2),
          fee: '0',
        },
        [201],
      );
    }
    // Oslo tickers on the watchlist with alerts on (an index, say) are alerted as well.
    const tickers = new Map<number, Named>(stocks.map((s) => [s.ticker_id, s]));
    for (const w of await api.call<WatchlistItemDto[]>('GET', '/api/v1/watchlist')) {
      if (w.alerts && w.country_id === MARKET_OSLO) tickers.set(w.ticker_id, w);
    }
    const before = await alertedSignals(api, [...tickers.keys()]);
    for (const [id, a] of before)
      check(a.date === seeded, `ticker ${id} is analysed at ${a.date}, not ${seeded}`);

    // 2. The investor signs in; the bell's first load saves the e-mail language (nb).
    const languageSaved = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/notifications/settings') && r.request().method() === 'PUT',
      { timeout: TIMEOUT },
    );
    await signInInvestor(page, baseUrl, 'nb');
    check((await languageSaved).ok(), 'the e-mail language was not saved');
    const settings = await api.call<NotificationSettingsDto & { language: string }>(
      'GET',
      '/api/v1/notifications/settings',
    );
    check(
      settings.in_app && settings.email && settings.language === 'nb',
      `the investor's alert settings: ${JSON.stringify(settings)}`,
    );
    const unreadBefore = (await api.call<NotificationListResponse>('GET', '/api/v1/notifications')).unread;
    await expectBell(page, nb, unreadBefore, 'before the refresh');

    // 3. The refresh, run by the admin.
    const session = await runOsloRefresh(browser, baseUrl, seeded);

    // 4. The signals after it, all of the new session, and the tickers whose alerted signals changed.
    const after = await alertedSignals(api, [...tickers.keys()]);
    for (const [id, a] of after)
      check(a.date === session, `ticker ${id} is analysed at ${a.date}, not ${session}`);
    const expected = new Map<number, { item: Named; changes: ExpectedChange[] }>();
    for (const [id, item] of tickers) {
      const changes = changesBetween(before.get(id)!, after.get(id)!);
      if (changes.length > 0) expected.set(id, { item, changes });
    }
    check(
      expected.size > 0,
      `no overall or medium-term signal of the ${tickers.size} Oslo tickers changed on ${session}: nothing to alert`,
    );
    console.log(
      `    ${expected.size} of ${tickers.size} Oslo tickers changed signal on ${session}: ` +
        [...expected.values()].map((e) => e.item.symbol).join(', '),
    );

    // The API: one notification per changed ticker for the session, none for any other.
    const listed = await api.call<NotificationListResponse>('GET', '/api/v1/notifications?unread=true');
    const ofSession = listed.items.filter((n) => n.session === session).map((n) => n.ticker_id);
    check(
      JSON.stringify([...ofSession].sort((a, b) => a - b)) ===
        JSON.stringify([...expected.keys()].sort((a, b) => a - b)),
      `the notifications of ${session} are for tickers ${ofSession.join(',')}, expected ${[...expected.keys()].join(',')}`,
    );
    check(
      listed.unread === unreadBefore + expected.size,
      `unread ${listed.unread}, expected ${unreadBefore} + ${expected.size}`,
    );

    // 5. The bell rises when the tab becomes visible again (a headless tab never hides, so the
    // event the browser fires on returning to the tab is dispatched here); until then it stays.
    const shownBefore = await page.locator(BELL).getAttribute('aria-label');
    check(shownBefore === bellLabel(nb, unreadBefore), `the bell changed on its own: "${shownBefore}"`);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    let unread = unreadBefore + expected.size;
    await expectBell(page, nb, unread, 'after the refresh');
    await screenshot(page, 'bell-nb');

    await page.locator(BELL).click();
    await page.waitForURL((url) => url.pathname === '/notifications', { timeout: TIMEOUT });
    await page.getByRole('heading', { level: 1, name: nb.page.title }).waitFor({ timeout: TIMEOUT });
    await expectListed(page, nb, 'nb', expected, session);
    await screenshot(page, 'list-nb');

    // Marking one as read lowers the count by one.
    const [firstId, first] = [...expected][0];
    const firstItem = notificationItem(page, firstId);
    await firstItem.getByRole('button', { name: nb.page.markRead, exact: true }).click();
    unread -= 1;
    await expectBell(page, nb, unread, 'after marking one as read');
    check(
      (await firstItem.getByText(nb.page.unread, { exact: true }).count()) === 0,
      `${first.item.symbol} is still marked unread`,
    );

    // Its link opens the analysis of that ticker.
    await firstItem
      .getByRole('link', { name: fill(nb.page.openAnalysis, { name: first.item.long_name }) })
      .click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === analysisHref(firstId), {
      timeout: TIMEOUT,
    });
    await page.getByRole('heading', { level: 1, name: first.item.long_name }).waitFor({ timeout: TIMEOUT });

    // 6. One e-mail for the investor, in Norwegian (the language the bell saved), listing exactly
    // the changed tickers.
    const deadline = Date.now() + 60_000;
    while (investorMails(mail.received).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const mails = investorMails(mail.received);
    check(mails.length === 1, `${mails.length} e-mails arrived for ${INVESTOR.email}, expected one`);
    const message = mails[0].decoded;
    const headers = message.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    const subject = fill(expected.size === 1 ? nb.email.subject_one : nb.email.subject_other, {
      count: expected.size,
      date: session,
    });
    check(headers.includes(`Subject: ${subject}`), `the e-mail's subject is not "${subject}":\n${headers}`);
    check(
      message.includes(fill(nb.email.greeting, { name: INVESTOR.firstName })),
      'the e-mail does not greet the investor in Norwegian',
    );
    check(
      message.includes(fill(nb.email.intro, { date: session, market: marketById(MARKET_OSLO).name })),
      'the e-mail does not name the session and the market in Norwegian',
    );
    const mailed = [...message.matchAll(/^\* .+ \(([^()]+)\)\r?$/gm)].map((m) => m[1]).sort();
    const changedSymbols = [...expected.values()].map((e) => e.item.symbol).sort();
    check(
      JSON.stringify(mailed) === JSON.stringify(changedSymbols),
      `the e-mail lists ${mailed.join(', ')}, expected ${changedSymbols.join(', ')}`,
    );
    for (const [id, { changes }] of expected) {
      check(message.includes(analysisHref(id)), `the e-mail has no link to the analysis of ticker ${id}`);
      for (const c of changes)
        check(message.includes(`  - ${changeLine(nb, c)}`), `the e-mail lacks "${changeLine(nb, c)}"`);
    }

    // In English: the same notifications, and "Mark all as read" empties the count.
    await page.goto(`${baseUrl}/en/notifications`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1, name: en.page.title }).waitFor({ timeout: TIMEOUT });
    await expectBell(page, en, unread, '[en] before marking all as read');
    await expectListed(page, en, 'en', expected, session);
    await screenshot(page, 'list-en');
    await page.getByRole('button', { name: en.page.markAllRead, exact: true }).click();
    await expectBell(page, en, 0, '[en] after marking all as read');
    check(
      (await page.locator('li.list-group-item').getByText(en.page.unread, { exact: true }).count()) === 0,
      '[en] items are still marked unread after "Mark all as read"',
    );
    check(
      (await api.call<NotificationListResponse>('GET', '/api/v1/notifications')).unread === 0,
      'the API still counts unread notifications after "Mark all as read"',
    );

    // Still exactly one e-mail: the session's digest is never sent twice.
    check(investorMails(mail.received).length === 1, 'a second e-mail arrived for the investor');
    check(consoleErrors.length === 0, `no console errors: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
    // Leave the investor as the other journeys expect: without the extra portfolio.
    await api
      .call('DELETE', `/api/v1/portfolios/${portfolio.portfolio_id}`, undefined, [204])
      .catch((err: unknown) => console.log(`    (the e2e portfolio was not deleted: ${String(err)})`));
  }
}
