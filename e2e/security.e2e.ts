import { chromium } from 'playwright-core';
import type { E2eContext } from '../scripts/e2e';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium';
import { collectCspViolations } from '../scripts/lib/cspViolations';
import { check, INVESTOR, newPage, signInInvestor } from './helpers';
import { OPEN_REDIRECT_VARIANTS } from './redirectVariants';

const HTML_PATHS = [
  '/',
  '/en',
  '/home',
  '/en/market/tickers',
  '/authentication/login',
  '/public/about-us',
  '/no-such-page',
];

/** Every HTML response carries the CSP (without unsafe-inline/eval for scripts) and the other headers. */
async function headersOnHtml(baseUrl: string): Promise<void> {
  for (const path of HTML_PATHS) {
    const res = await fetch(`${baseUrl}${path}`, {
      redirect: 'manual',
      headers: { 'Accept-Language': 'nb' },
    });
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    check(scriptSrc.includes("'sha256-"), `${path}: no script-src hash in CSP "${csp}"`);
    check(
      !/unsafe-inline|unsafe-eval/.test(scriptSrc),
      `${path}: script-src allows unsafe code: ${scriptSrc}`,
    );
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
      "form-action 'self'",
    ])
      check(csp.includes(directive), `${path}: CSP lacks ${directive}`);
    check(
      /camera=\(\).*microphone=\(\).*geolocation=\(\)/.test(res.headers.get('permissions-policy') ?? ''),
      `${path}: Permissions-Policy is ${res.headers.get('permissions-policy')}`,
    );
    check(
      res.headers.get('cross-origin-opener-policy') === 'same-origin-allow-popups',
      `${path}: COOP is ${res.headers.get('cross-origin-opener-policy')}`,
    );
  }
}

/**
 * Signed in, no returnUrl variant leaves the app's origin. The browser resolves every host but
 * 127.0.0.1 to NOTFOUND, so an escape would show as a chrome-error page or a request to another host.
 */
async function noOpenRedirect(baseUrl: string): Promise<void> {
  const origin = new URL(baseUrl).origin;
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'],
  });
  const csp = collectCspViolations(browser);
  try {
    // The finding first, through the login form itself: sign in with the tab variant.
    const { context, page } = await newPage(browser, { locale: 'en-US' });
    const left: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).origin !== origin) left.push(frame.url());
    });
    page.on('request', (req) => {
      if (req.isNavigationRequest() && new URL(req.url()).origin !== origin) left.push(req.url());
    });
    await page.goto(`${baseUrl}/en/authentication/login?returnUrl=%2F%09%2Fevil.example%2Fx`, {
      waitUntil: 'networkidle',
    });
    await page.locator('main input[type=email]').fill(INVESTOR.email);
    await page.locator('main input[type=password]').fill(INVESTOR.password);
    await page.locator('main button[type=submit]').click();
    await page.waitForURL((url) => !url.pathname.includes('/authentication/'), { timeout: 30_000 });
    check(page.url() === `${origin}/en/home`, `after sign-in with the tab variant: ${page.url()}`);

    // Then every variant against the signed-in login page (it sends a signed-in person on).
    for (const [name, value] of OPEN_REDIRECT_VARIANTS) {
      if (value === '') continue;
      await page.goto(`${baseUrl}/en/authentication/login?returnUrl=${encodeURIComponent(value)}`);
      await page.waitForURL((url) => !url.pathname.includes('/authentication/'), { timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      check(
        new URL(page.url()).origin === origin,
        `${name} (${JSON.stringify(value)}) left for ${page.url()}`,
      );
      check(left.length === 0, `${name} (${JSON.stringify(value)}) navigated to ${left.join(', ')}`);
    }
    await context.close();
    const violations = csp.take();
    check(violations.length === 0, `CSP violations: ${violations.join(' | ')}`);
  } finally {
    await browser.close();
  }
}

export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  await headersOnHtml(baseUrl);
  await noOpenRedirect(baseUrl);
  // A signed-in journey through the main pages in the shared browser: the runner fails it on any
  // CSP violation (scripts/e2e.ts).
  const { context, page } = await newPage(browser);
  try {
    await signInInvestor(page, baseUrl, 'nb');
    for (const path of ['/market/tickers', '/portfolio', '/watchlist', '/user/profile']) {
      await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    }
  } finally {
    await context.close();
  }
}
