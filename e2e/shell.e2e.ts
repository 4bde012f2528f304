// The app shell in real Chromium (issue 3): every SPEC §2 route answers 200 signed out in nb and
// under /en with the right <html lang> and no console errors; signed-in routes send a visitor to
// the login page; the first visit to / follows the browser language; the language switch keeps
// the page; dark theme survives a reload without a light flash; the sidebar is gated per role;
// the market switch lands on /home and survives a reload.
import type { Browser, Page } from 'playwright-core';
import type { DemoRole } from '@/lib/demoAccounts';
import type { E2eContext } from '../scripts/e2e';
import { check, newPage, signIn, namespaceTexts, textOf, type Texts, type Locale } from './helpers';

const PUBLIC_ROUTES = [
  '/',
  '/public/stocks',
  '/public/products',
  '/blog',
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
  '/authentication/forgot-password',
];

const SIGNED_IN_ROUTES = [
  '/home',
  '/market/tickers',
  '/market/indexes',
  '/market/analysis?tickerID=1&timeframe=2',
  '/signals',
  '/portfolio',
  '/watchlist',
  '/products',
  '/articles/list',
  '/help/getting-started',
  '/help/about-analysis',
  '/help/stock-in-general',
  '/help/technical-analysis',
  '/help/tools',
  '/help/about-our-analysis',
  '/help/about-us',
  '/admin/articleCreator',
  '/admin/articleList?view=list',
  '/user/profile',
];

const texts = (locale: Locale): Texts => namespaceTexts(locale, ['common', 'nav', 'settings']);

const text = textOf;

const withPrefix = (locale: 'nb' | 'en', route: string) =>
  locale === 'en' ? `/en${route === '/' ? '' : route}` : route;

async function visitEveryRoute(baseUrl: string, browser: Browser, locale: 'nb' | 'en'): Promise<void> {
  // An English browser for /en and a Norwegian one for nb: the prefix, not the browser, decides.
  const { context, page, consoleErrors } = await newPage(browser, {
    locale: locale === 'en' ? 'en-US' : 'nb-NO',
  });
  // Nothing leaves for another host in the default run: no analytics before consent, no fonts, no CDNs.
  const foreign: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(hostname) && !request.url().startsWith('data:'))
      foreign.push(request.url());
  });
  try {
    for (const route of [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES]) {
      const url = withPrefix(locale, route);
      const res = await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
      check(res?.status() === 200, `GET ${url} answered ${res?.status()}`);
      const lang = await page.getAttribute('html', 'lang');
      check(lang === locale, `${url}: <html lang="${lang}">, expected ${locale}`);
      const heading = (await page.locator('h1').first().textContent({ timeout: 10_000 }))?.trim() ?? '';
      check(
        heading.length > 0 && !/^[a-z]+([.:][a-zA-Z0-9]+)+$/.test(heading),
        `${url}: missing or untranslated heading "${heading}"`,
      );
      if (SIGNED_IN_ROUTES.includes(route)) {
        // A signed-out visitor is sent to the login page, with the way back.
        await page.waitForURL(/\/authentication\/login\?returnUrl=/, { timeout: 15_000 });
        const returnUrl = new URL(page.url()).searchParams.get('returnUrl');
        check(returnUrl === route, `${url}: returnUrl is ${returnUrl}, expected ${route}`);
        check(
          new URL(page.url()).pathname.startsWith(locale === 'en' ? '/en/' : '/authentication'),
          `${url}: the redirect lost the language`,
        );
      }
      check(consoleErrors.length === 0, `${url}: console errors: ${consoleErrors.join(' | ')}`);
      check(foreign.length === 0, `${url}: requests to other hosts: ${foreign.join(' | ')}`);
    }
  } finally {
    await context.close();
  }
}

async function firstVisitLanguage(baseUrl: string, browser: Browser): Promise<void> {
  for (const [browserLocale, expected] of [
    ['en-GB', '/en'],
    ['nn-NO', '/'],
    ['no', '/'],
    ['sv-SE', '/'],
  ] as const) {
    const { context, page } = await newPage(browser, { locale: browserLocale });
    try {
      await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
      const pathname = new URL(page.url()).pathname;
      check(pathname === expected, `a ${browserLocale} browser landed on ${pathname}, expected ${expected}`);
    } finally {
      await context.close();
    }
  }
}

async function languageSwitchKeepsThePage(baseUrl: string, browser: Browser): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser);
  const nb = texts('nb');
  try {
    await page.goto(`${baseUrl}/public/technical-analysis`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: text(nb, 'common:language.choose') }).click();
    await page.getByRole('button', { name: 'English', exact: true }).click();
    await page.waitForURL(`${baseUrl}/en/public/technical-analysis`);
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    const en = texts('en');
    await page.getByRole('link', { name: text(en, 'nav:public.stocks'), exact: true }).waitFor();
    // The choice is remembered: the front page now opens in English for this Norwegian browser.
    await page.goto(`${baseUrl}/`, { waitUntil: 'domcontentloaded' });
    check(new URL(page.url()).pathname === '/en', `after choosing English, / went to ${page.url()}`);
    check(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

async function darkThemeSurvivesReload(baseUrl: string, browser: Browser): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser);
  const nb = texts('nb');
  try {
    await page.goto(`${baseUrl}/public/stocks`, { waitUntil: 'networkidle' });
    check((await page.getAttribute('html', 'data-bs-theme')) === 'light', 'the default theme is not light');
    await page.getByRole('button', { name: text(nb, 'settings:theme.switchToDark') }).click();
    await page.waitForFunction(() => document.documentElement.getAttribute('data-bs-theme') === 'dark');
    // Record every theme the page shows from the very first byte of the reload.
    await context.addInitScript(() => {
      const seen: { theme: string | null; bodyExists: boolean }[] = [];
      (window as unknown as { __themes: typeof seen }).__themes = seen;
      new MutationObserver(
        () =>
          seen.push({
            theme: document.documentElement.getAttribute('data-bs-theme'),
            bodyExists: Boolean(document.body),
          }),
        // The <html> element does not exist yet when this runs: watch the whole document.
      ).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-bs-theme'] });
    });
    await page.reload({ waitUntil: 'networkidle' });
    const seen = await page.evaluate(
      () => (window as unknown as { __themes: { theme: string; bodyExists: boolean }[] }).__themes,
    );
    check(
      seen.length > 0 && seen[0].theme === 'dark' && !seen[0].bodyExists,
      `dark was not applied before the body: ${JSON.stringify(seen)}`,
    );
    check(
      seen.every((s) => s.theme === 'dark'),
      `the theme flashed: ${JSON.stringify(seen)}`,
    );
    check((await page.getAttribute('html', 'data-bs-theme')) === 'dark', 'dark did not survive the reload');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    check(
      background !== 'rgb(255, 255, 255)' && background !== 'rgb(244, 246, 248)',
      `the dark page has a light background (${background})`,
    );
    check(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

async function signInToShell(page: Page, baseUrl: string, account: DemoRole): Promise<void> {
  await signIn(page, baseUrl, 'nb', account);
  await page.getByTestId('sidebar').waitFor();
}

async function topLevelMenu(page: Page): Promise<string[]> {
  return page.$$eval('[data-testid=sidebar] .tv-menu > li > .tv-menu-link .tv-menu-label', (els) =>
    els.map((e) => e.textContent ?? ''),
  );
}

async function sidebarPerRole(baseUrl: string, browser: Browser): Promise<void> {
  const nb = texts('nb');
  const label = (key: string) => text(nb, `nav:menu.${key}`);
  const expected: Record<DemoRole, string[]> = {
    newcomer: ['home', 'products', 'help', 'aboutUs'].map(label),
    investor: [
      'home',
      'market',
      'signals',
      'investments',
      'notifications',
      'products',
      'blog',
      'help',
      'aboutUs',
    ].map(label),
    admin: [
      'home',
      'market',
      'signals',
      'investments',
      'notifications',
      'products',
      'blog',
      'help',
      'aboutUs',
      'admin',
    ].map(label),
  };
  for (const account of Object.keys(expected) as DemoRole[]) {
    const { context, page, consoleErrors } = await newPage(browser);
    try {
      await signInToShell(page, baseUrl, account);
      const menu = await topLevelMenu(page);
      check(
        JSON.stringify(menu) === JSON.stringify(expected[account]),
        `${account} sees ${JSON.stringify(menu)}`,
      );
      check(consoleErrors.length === 0, `${account}: console errors: ${consoleErrors.join(' | ')}`);
    } finally {
      await context.close();
    }
  }
}

async function marketSwitchStaysOnThePage(baseUrl: string, browser: Browser): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser);
  const nb = texts('nb');
  const us = text(nb, 'common:markets.226');
  try {
    await signInToShell(page, baseUrl, 'investor');
    await page.goto(`${baseUrl}/signals`, { waitUntil: 'networkidle' });
    await page.locator('#market-switcher').click();
    await page.getByRole('button', { name: new RegExp(us) }).click();
    // /signals shows the chosen market itself: the switch keeps the page (issue 24 item 10).
    await page.locator('#market-switcher').filter({ hasText: us }).waitFor();
    check(page.url() === `${baseUrl}/signals`, `the market switch left /signals for ${page.url()}`);
    await page.goto(`${baseUrl}/home`, { waitUntil: 'networkidle' });
    await page.getByTestId('current-market').filter({ hasText: us }).waitFor();
    await page.reload({ waitUntil: 'networkidle' });
    await page.getByTestId('current-market').filter({ hasText: us }).waitFor({ timeout: 15_000 });
    check(
      (await page.locator('#market-switcher').textContent())?.includes(us),
      'the market did not survive the reload',
    );
    check(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
  } finally {
    await context.close();
  }
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  // The two languages in two browser contexts at once: one page's network-idle wait overlaps the
  // other's work (the contexts share nothing).
  await Promise.all([visitEveryRoute(baseUrl, browser, 'nb'), visitEveryRoute(baseUrl, browser, 'en')]);
  await firstVisitLanguage(baseUrl, browser);
  await languageSwitchKeepsThePage(baseUrl, browser);
  await darkThemeSurvivesReload(baseUrl, browser);
  await sidebarPerRole(baseUrl, browser);
  await marketSwitchStaysOnThePage(baseUrl, browser);
}
