import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '/work/wt/i14/scripts/lib/chromium';
const base = 'http://127.0.0.1:14100';
(async () => {
  const flag = process.argv[2] === 'nf';
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: [...CHROMIUM_ARGS, ...(flag ? ['--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1'] : [])] });
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  page.on('console', (m) => console.log('console', m.type(), m.text()));
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('requestfailed', (r) => console.log('failed', r.url(), r.failure()?.errorText));
  await page.goto(`${base}/en/authentication/login?returnUrl=%2F%09%2Fevil.example%2Fx`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(3000);
  await page.screenshot({ path: '/tmp/i14-login.png' });
  console.log('url', page.url(), await page.locator('main input[type=email]').count());
  await browser.close();
})();
