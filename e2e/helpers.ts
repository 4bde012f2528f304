import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

/**
 * A journey signed in as the demo investor, once per locale in a fresh page; afterwards the page's
 * `lang` is the locale and nothing logged a console error (a failed resource load aside).
 */
export async function forEachLocaleAsInvestor(
  browser: Browser,
  baseUrl: string,
  timeout: number,
  journey: (page: Page, locale: Locale) => Promise<void>,
): Promise<void> {
  for (const locale of ['nb', 'en'] as const) {
    const { context, page, consoleErrors } = await newPage(browser, {
      locale: locale === 'nb' ? 'nb-NO' : 'en-US',
    });
    try {
      await signInInvestor(page, baseUrl, locale, timeout);
      await journey(page, locale);
      check((await page.getAttribute('html', 'lang')) === locale, `html lang is not ${locale}`);
      const errors = consoleErrors.filter((e) => !/Failed to load resource/.test(e));
      check(errors.length === 0, `[${locale}] console errors: ${errors.join(' | ')}`);
    } finally {
      await context.close();
    }
  }
}

/** Type `ticker` into the ticker picker named `label` inside `scope` and choose its first match. */
export async function pickTicker(
  scope: Locator,
  label: string,
  ticker: string,
  timeout: number,
): Promise<void> {
  await scope.getByRole('combobox', { name: label }).fill(ticker);
  const option = scope.getByRole('option', { name: new RegExp(escapeRegExp(ticker)) }).first();
  await option.waitFor({ timeout });
  await option.click();
}

/** Wait until the portfolio selector shows the portfolio named `name` (a create selects it). */
export async function waitForSelectedPortfolio(page: Page, name: string, timeout: number): Promise<void> {
  await page.waitForFunction(
    (n) => {
      const select = document.querySelector('main select.form-select') as HTMLSelectElement | null;
      return select?.selectedOptions[0]?.textContent === n;
    },
    name,
    { timeout },
  );
}

/** A full-page screenshot to $E2E_SCREENSHOTS as `<journey>-<name>.png` (nothing when it is unset). */
export async function screenshotTo(page: Page, journey: string, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${journey}-${name}.png`), fullPage: true });
}

/** True when the first canvas inside `container` has a real drawing: enough non-transparent pixels. */
export async function canvasIsDrawn(
  page: Page,
  container: string,
  opts: { minPainted: number; timeout: number },
): Promise<boolean> {
  const selector = `${container} canvas`;
  // A chart below the fold is mounted when it comes near the viewport (ChartBox): scroll to it, as a reader would.
  await page.locator(container).first().scrollIntoViewIfNeeded({ timeout: opts.timeout });
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

/** The WCAG 2.1 A/AA rule tags axe runs with. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

let axeSource: string | null = null;

/** axe-core's WCAG 2.1 A/AA violations on the page as it is now. */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  axeSource ??= fs.readFileSync(path.join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  // Evaluated through the DevTools protocol, which the page's Content-Security-Policy does not govern
  // (an injected <script> would be blocked, as it should be).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } })
      .axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: AxeViolation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, WCAG_TAGS);
}

/** The serious and critical axe violations, one line each (rule, help, nodes). */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  return (await runAxe(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
}

/** A locale file of the app, e.g. `localeTexts('nb', 'alerts')`. */
export function localeTexts<T>(locale: Locale, namespace: string): T {
  return JSON.parse(
    fs.readFileSync(path.join(process.cwd(), 'public', 'locales', locale, `${namespace}.json`), 'utf8'),
  ) as T;
}

/** The shipped translations of several namespaces, so a journey looks for what a user reads. */
export type Texts = Record<string, Record<string, unknown>>;

export function namespaceTexts(locale: Locale, namespaces: readonly string[]): Texts {
  return Object.fromEntries(namespaces.map((ns) => [ns, localeTexts<Record<string, unknown>>(locale, ns)]));
}

/** The text of `ns:key.path` with its {{values}} filled in; fails on a missing text. */
export function textOf(all: Texts, key: string, values: Record<string, string | number> = {}): string {
  const [ns, rest] = key.split(':');
  const value = rest
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], all[ns]);
  if (typeof value !== 'string') throw new Error(`no text for ${key}`);
  return fillTemplate(value, values);
}

/** `s` as a literal inside a regular expression. */
export const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An i18next template with its {{values}} filled in. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

/**
 * One call to the app's API with an emulator ID token (`token` null: signed out); fails the journey
 * on an unexpected status. Waits out a 429 (the rate limit) a few times.
 */
export async function callApi<T>(
  baseUrl: string,
  token: string | null,
  method: string,
  route: string,
  expected: readonly number[] = [200],
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        // Every state-changing call needs the app's own header (server/http/csrf, issue 40).
        ...(method === 'GET' ? {} : { 'X-Requested-With': 'trendvakt' }),
      },
    });
    if (res.status === 429 && attempt < 4) {
      await new Promise((resolve) =>
        setTimeout(resolve, (Number(res.headers.get('Retry-After')) || 5) * 1000),
      );
      continue;
    }
    const text = await res.text();
    if (!expected.includes(res.status))
      throw new E2eError(`${method} ${route} answered ${res.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
