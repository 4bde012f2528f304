import type { E2eContext } from '../scripts/e2e';
import { check, newPage } from './helpers';

/** The app answers: the landing page renders without console errors and health is 200. */
export async function run({ baseUrl, browser }: E2eContext): Promise<void> {
  const { context, page, consoleErrors } = await newPage(browser);
  try {
    const res = await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    check(res?.status() === 200, `GET / answered ${res?.status()}`);
    check(
      (await page.locator('h1').first().textContent())?.includes('Trendvakt'),
      'the landing page has no heading',
    );
    check((await page.getAttribute('html', 'lang')) === 'nb', 'html lang is not nb');
    check(consoleErrors.length === 0, `console errors on /: ${consoleErrors.join(' | ')}`);
    const health = await page.request.get(`${baseUrl}/api/health`);
    check(health.status() === 200, `/api/health answered ${health.status()}`);
    const body = (await health.json()) as { db: string; auth: string };
    check(body.db === 'up' && body.auth === 'up', `health: ${JSON.stringify(body)}`);
    check(health.headers()['x-powered-by'] === undefined, 'X-Powered-By is sent');
    check(health.headers()['x-frame-options'] === 'DENY', 'X-Frame-Options is missing');
  } finally {
    await context.close();
  }
}
