import type { Browser } from 'playwright-core';

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
