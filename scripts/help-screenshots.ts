// npm run help:screenshots — the annotated screenshots of the help pages (issue 24 item 12), taken
// from a running app so they show the screens as they are today:
//
//   npm start                                   # the demo, in another terminal
//   BASE_URL=http://127.0.0.1:3000 npm run help:screenshots
//
// Signs in as the demo investor (the emulator's demo accounts, README), opens each screen below in
// Norwegian and English (light theme, 1366×900, cookie choice made), draws a numbered outline
// around each part the help text explains, and writes public/img/help/{nb,en}/{name}.png (PNG,
// cropped to the marked parts). The help texts (public/locales/*/help.json, `image` of a section)
// show them with a caption that names each number, and give each image's width and height (the
// printed sizes; __tests__/components/common/HelpSections.test.tsx fails until they match). Exits
// non-zero when a screen or a marked part is missing, so a screen that changed is noticed instead
// of a stale picture.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { demoAccount } from '@/lib/demoAccounts';
import { STORAGE_KEYS } from '@/lib/storage';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium';

type Locale = 'nb' | 'en';
const LOCALES: readonly Locale[] = ['nb', 'en'];
const VIEWPORT = { width: 1366, height: 900 };
const TIMEOUT = 60_000;
const OUT_DIR = path.join(process.cwd(), 'public', 'img', 'help');
/** Outline and number colour: the theme's primary blue, readable on light and dark screens. */
const MARK_COLOR = '#0d6efd';

interface Shot {
  /** The file name (without .png) and what the help text's `image.src` points at. */
  name: string;
  /** Opens the screen (signed in, in `locale`) and waits until its data is shown. */
  open: (page: Page, baseUrl: string, prefix: string) => Promise<void>;
  /** The parts to number, in order (CSS selectors; the first match of each). */
  marks: string[];
}

const SHOTS: Shot[] = [
  {
    name: 'top-bar',
    open: async (page, baseUrl, prefix) => {
      await page.goto(`${baseUrl}${prefix}/home`, { waitUntil: 'networkidle' });
    },
    marks: [
      '#market-switcher',
      'header.tv-topbar input[role="combobox"]',
      'header.tv-topbar a[href$="/notifications"]',
    ],
  },
  {
    name: 'screener',
    open: async (page, baseUrl, prefix) => {
      await page.goto(`${baseUrl}${prefix}/market/tickers`, { waitUntil: 'networkidle' });
      await page.locator('main table tbody tr a').first().waitFor({ timeout: TIMEOUT });
    },
    marks: [
      'main section:has(form)',
      'main table thead th[aria-sort="descending"], main table thead th[aria-sort="ascending"]',
      'main table tbody tr',
    ],
  },
  {
    name: 'analysis',
    open: async (page, baseUrl, prefix) => {
      // EQNR, found the way a user finds it: the header search, then its first match.
      await page.goto(`${baseUrl}${prefix}/home`, { waitUntil: 'networkidle' });
      await page.locator('header.tv-topbar input[role="combobox"]').fill('EQNR');
      await page
        .locator('[data-testid="search-dropdown"] [role="option"]')
        .first()
        .click({ timeout: TIMEOUT });
      await page.waitForURL(/\/market\/analysis\?tickerID=\d+/, { timeout: TIMEOUT });
      await page.locator('[data-testid="price-chart"] canvas').waitFor({ timeout: TIMEOUT });
      await page.waitForLoadState('networkidle');
    },
    marks: [
      '[data-testid="verdict-card"]',
      '[data-testid="price-chart"]',
      '[data-testid="price-alert-form"]',
      '[data-testid="score-card"]',
    ],
  },
  {
    name: 'portfolio',
    open: async (page, baseUrl, prefix) => {
      await page.goto(`${baseUrl}${prefix}/portfolio`, { waitUntil: 'networkidle' });
      await page.locator('main table tbody tr').first().waitFor({ timeout: TIMEOUT });
    },
    marks: ['main [role="group"]:has(button.btn-primary)', 'main table'],
  },
];

async function signIn(page: Page, baseUrl: string, prefix: string): Promise<void> {
  const { email, password } = demoAccount('investor');
  await page.goto(`${baseUrl}${prefix}/authentication/login`, { waitUntil: 'networkidle' });
  await page.locator('main input[type=email]').fill(email);
  await page.locator('main input[type=password]').fill(password);
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/home$/, { timeout: TIMEOUT });
}

/**
 * Outline each marked element with a numbered badge (elements added through the DOM; styles set
 * through the CSSOM, which the page's Content-Security-Policy allows). Returns the region to crop
 * (the marked parts with a margin, within the page), or the selectors that matched nothing.
 */
async function annotate(
  page: Page,
  marks: readonly string[],
): Promise<{ missing: string[]; clip: { x: number; y: number; width: number; height: number } }> {
  // One anonymous function (no named inner functions: tsx would wrap them in a __name helper the
  // page does not have).
  return page.evaluate(
    ([selectors, color]) => {
      document.querySelectorAll('[data-help-mark]').forEach((el) => el.remove());
      const missing: string[] = [];
      let top = Infinity;
      let bottom = 0;
      selectors.forEach((selector, i) => {
        const el = document.querySelector(selector);
        if (!el) {
          missing.push(selector);
          return;
        }
        const r = el.getBoundingClientRect();
        const x = r.left + window.scrollX;
        const y = r.top + window.scrollY;
        // A wide table scrolls inside its box: outline only what is on screen.
        const width = Math.min(r.width, document.documentElement.clientWidth - 8 - r.left);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y + r.height);
        const box = document.createElement('div');
        box.setAttribute('data-help-mark', '');
        box.setAttribute('aria-hidden', 'true');
        Object.assign(box.style, {
          position: 'absolute',
          left: `${x - 4}px`,
          top: `${y - 4}px`,
          width: `${width + 8}px`,
          height: `${r.height + 8}px`,
          border: `3px solid ${color}`,
          borderRadius: '8px',
          pointerEvents: 'none',
          zIndex: '2147483646',
        });
        const badge = document.createElement('div');
        badge.setAttribute('data-help-mark', '');
        badge.setAttribute('aria-hidden', 'true');
        badge.textContent = String(i + 1);
        Object.assign(badge.style, {
          position: 'absolute',
          left: `${Math.max(0, x - 16)}px`,
          top: `${Math.max(0, y - 16)}px`,
          width: '28px',
          height: '28px',
          lineHeight: '28px',
          borderRadius: '50%',
          background: color,
          color: '#fff',
          font: 'bold 16px system-ui, sans-serif',
          textAlign: 'center',
          boxShadow: '0 1px 4px rgba(0,0,0,.4)',
          pointerEvents: 'none',
          zIndex: '2147483647',
        });
        document.body.append(box, badge);
      });
      const pageHeight = document.documentElement.scrollHeight;
      const y = Math.max(0, Math.floor(top) - 40);
      const height = Math.min(pageHeight, Math.ceil(bottom) + 40) - y;
      return { missing, clip: { x: 0, y, width: document.documentElement.clientWidth, height } };
    },
    [marks, MARK_COLOR] as const,
  );
}

async function main(): Promise<number> {
  const baseUrl = (process.env.BASE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/$/, '');
  const health = await fetch(`${baseUrl}/api/health`).catch(() => null);
  if (!health?.ok) {
    console.error(`No app at ${baseUrl} (GET /api/health failed): start it with npm start, or set BASE_URL.`);
    return 1;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const problems: string[] = [];
  try {
    for (const locale of LOCALES) {
      const prefix = locale === 'en' ? '/en' : '';
      const context = await browser.newContext({
        locale: locale === 'en' ? 'en-US' : 'nb-NO',
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
      });
      // Light theme and a cookie choice made, before any of the app's scripts run.
      await context.addInitScript(
        ([settingsKey, consentKey]) => {
          window.localStorage.setItem(
            settingsKey,
            JSON.stringify({ state: { theme: 'light', isDark: false }, version: 0 }),
          );
          window.localStorage.setItem(
            consentKey,
            JSON.stringify({
              state: {
                analytics: false,
                marketing: false,
                decided: true,
                decidedAt: '2026-01-01T00:00:00.000Z',
              },
              version: 0,
            }),
          );
        },
        [STORAGE_KEYS.settings, STORAGE_KEYS.consent] as const,
      );
      const page = await context.newPage();
      try {
        await signIn(page, baseUrl, prefix);
        fs.mkdirSync(path.join(OUT_DIR, locale), { recursive: true });
        for (const shot of SHOTS) {
          const file = path.join(OUT_DIR, locale, `${shot.name}.png`);
          try {
            await shot.open(page, baseUrl, prefix);
            // No animation or transition half-way in the picture.
            await page.waitForTimeout(500);
            const { missing, clip } = await annotate(page, shot.marks);
            if (missing.length > 0) {
              problems.push(`${locale}/${shot.name}: nothing matches ${missing.join(', ')}`);
              continue;
            }
            await page.screenshot({ path: file, clip, fullPage: true, animations: 'disabled' });
            console.log(`wrote ${path.relative(process.cwd(), file)} (${clip.width}×${clip.height})`);
          } catch (err) {
            problems.push(
              `${locale}/${shot.name}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
            );
          }
        }
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  for (const p of problems) console.error(`✕ ${p}`);
  return problems.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
