import type { Browser, BrowserContext, Page } from 'playwright-core';

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
