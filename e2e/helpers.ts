import type { Browser, BrowserContext, Page } from 'playwright-core';
import { demoAccount, type DemoRole } from '@/lib/demoAccounts';

export type Locale = 'nb' | 'en';

/** The URL prefix of a locale: nb has none, en lives under /en. */
export const localePrefix = (locale: Locale) => (locale === 'en' ? '/en' : '');

export const INVESTOR = demoAccount('investor');

export class E2eError extends Error {}

/** Fail the journey with a message when `condition` is false. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new E2eError(message);
}

/**
 * Make every context of `browser` report Content-Security-Policy violations: an init script listens
 * for `securitypolicyviolation` in every page and frame and hands each one to the runner, which
 * fails the journey that caused it (scripts/e2e.ts). Covers contexts made by any journey, through
 * newPage or browser.newContext/newPage directly.
 */
export function collectCspViolations(browser: Browser): { take(): string[] } {
  const violations: string[] = [];
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await context.exposeBinding('__tvCspViolation', (source, text: string) => {
      violations.push(`${source.frame.url()}: ${text}`);
    });
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        const report = (window as unknown as { __tvCspViolation?: (text: string) => void }).__tvCspViolation;
        report?.(
          `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || 'document'}:${e.lineNumber})`,
        );
      });
    });
    return context;
  };
  return { take: () => violations.splice(0) };
}

/** A fresh context (new profile) in Norwegian unless told otherwise, collecting console errors. */
export async function newPage(
  browser: Browser,
  opts: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    locale: opts.locale ?? 'nb-NO',
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  return { context, page, consoleErrors };
}

/** Sign a demo account in through the login page in `locale` and wait for /home. */
export async function signIn(
  page: Page,
  baseUrl: string,
  locale: Locale,
  role: DemoRole,
  timeout = 30_000,
): Promise<void> {
  const { email, password } = demoAccount(role);
  await page.goto(`${baseUrl}${localePrefix(locale)}/authentication/login`, { waitUntil: 'networkidle' });
  await page.locator('main input[type=email]').fill(email);
  await page.locator('main input[type=password]').fill(password);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/home$/, { timeout });
}

/** Sign the demo investor in through the login page and wait for /home. */
export async function signInInvestor(
  page: Page,
  baseUrl: string,
  locale: Locale,
  timeout = 30_000,
): Promise<void> {
  await signIn(page, baseUrl, locale, 'investor', timeout);
}

/** True when the first canvas inside `container` has a real drawing: enough non-transparent pixels. */
export async function canvasIsDrawn(
  page: Page,
  container: string,
  opts: { minPainted: number; timeout: number },
): Promise<boolean> {
  const selector = `${container} canvas`;
  await page.locator(selector).first().waitFor({ timeout: opts.timeout });
  return page
    .waitForFunction(
      ([sel, minPainted]) => {
        const canvas = document.querySelector(sel as string) as HTMLCanvasElement | null;
        if (!canvas || canvas.width === 0 || canvas.height === 0) return false;
        const ctx = canvas.getContext('2d');
        if (!ctx) return false;
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let i = 3; i < data.length; i += 4 * 7) if (data[i] > 0) painted += 1;
        return painted > (minPainted as number);
      },
      [selector, opts.minPainted] as const,
      { timeout: opts.timeout },
    )
    .then(
      () => true,
      () => false,
    );
}
