/**
 * Lighthouse performance of the signed-in screens (issue 6: >= 90 on /home and /market/analysis;
 * issue 26: /portfolio too; desktop preset) and of the public blog and an article page (issue 12, same
 * target; measured in the same profile, they are public pages). Prints figures; exits 1 when a
 * median score is under 90 or a run did not measure the page it was sent to.
 *
 *   npx tsx bench/lighthouse.bench.ts          # LH_RUNS=3 by default; the median is reported
 *                                              # LH_REPORT_DIR=<dir> keeps the JSON reports
 *                                              # LH_SAVE_ASSETS=1 keeps the traces there too
 *                                              # LH_CPU_PROFILE=1 adds V8's sampling profiler to them
 *                                              # LH_ROUTES=/home,/portfolio measures only those
 *
 * It starts the built app the way scripts/e2e.ts does, on its own port, data directory, Auth
 * emulator and build directory (PORT 3700, a temp DATA_DIR, AUTH_EMULATOR_PORT 9799, NEXT_DIST_DIR
 * .next-bench-ui), so it never disturbs a running instance. Chromium (CHROME_PATH, default
 * /usr/bin/chromium) runs with its own profile and a remote-debugging port; playwright-core connects
 * to it, logs the investor in through the login form with "remember me" (a session that outlives
 * the tab: without it Lighthouse's new tab is signed out and measures the login page) and lets go;
 * Lighthouse then measures pages in that same profile (storage kept, so the session is too; the
 * HTTP cache is cleared before each run). Each report's final URL must be the page asked for (not
 * a redirect to the login page), and a run that fails (e.g. Lighthouse's NO_NAVSTART) is retried once.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { demoAccount } from '@/lib/demoAccounts';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROME } from '../scripts/lib/chromium';
import { spawnChild, stopAllChildren, stopChild, waitForHttp } from '../scripts/lib/processes';

const PORT = process.env.LH_APP_PORT || '3700';
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT || 9722);
const RUNS = Math.max(1, Number(process.env.LH_RUNS || 3));
const BASE = `http://127.0.0.1:${PORT}`;
const INVESTOR = demoAccount('investor');

interface Figures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** Lighthouse's CPU benchmark index of the run: how fast this machine was then (higher is faster). */
  cpu: number;
}

async function signIn(page: Page): Promise<void> {
  await page.goto(`${BASE}/authentication/login`, { waitUntil: 'networkidle' });
  await page.locator('main input[type=email]').fill(INVESTOR.email);
  await page.locator('main input[type=password]').fill(INVESTOR.password);
  await page.locator('main input[type=checkbox][id$="-remember"]').check();
  await page.locator('main button[type=submit]').click();
  await page.waitForURL(/\/home$/, { timeout: 60_000 });
  await page.getByTestId('index-card').waitFor({ timeout: 60_000 });
}

/** Equinor's analysis page, found the way a user finds it (the header search). */
async function analysisUrl(page: Page): Promise<string> {
  await page.getByRole('combobox').first().fill('Equinor');
  await page
    .getByRole('option', { name: /Equinor/ })
    .first()
    .click();
  await page.waitForURL(/\/market\/analysis\?tickerID=\d+/, { timeout: 30_000 });
  await page.getByTestId('technical-score').waitFor({ timeout: 60_000 });
  return page.url();
}

/** The Lighthouse report's parts we read. */
interface Report {
  finalDisplayedUrl?: string;
  finalUrl?: string;
  runtimeError?: { code: string; message: string };
  categories: { performance: { score: number | null } };
  audits: Record<string, { numericValue?: number }>;
  environment?: { benchmarkIndex?: number };
}

/** Empty the browser's HTTP cache (Lighthouse keeps it when it keeps the storage). */
async function clearCache(): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  await browser.close(); // disconnects; the browser and its default profile stay
}

/** One Lighthouse run, retried once when it fails or lands elsewhere than `url`. */
async function measure(url: string, reportFile: string): Promise<Figures> {
  try {
    return await measureOnce(url, reportFile);
  } catch (error) {
    console.log(`[lighthouse] ${error instanceof Error ? error.message : String(error)}; retrying once`);
    return measureOnce(url, reportFile);
  }
}

async function measureOnce(url: string, reportFile: string): Promise<Figures> {
  await clearCache();
  // Lighthouse's CLI in plain Node: its page-side functions are serialised with toString(), which
  // breaks under tsx's transform (helpers such as __name do not exist in the page).
  const run = spawnSync(
    process.execPath,
    [
      path.join('node_modules', 'lighthouse', 'cli', 'index.js'),
      url,
      `--port=${DEBUG_PORT}`,
      '--preset=desktop',
      '--only-categories=performance',
      '--disable-storage-reset',
      '--output=json',
      `--output-path=${reportFile}`,
      '--quiet',
      // LH_SAVE_ASSETS=1 keeps each run's trace and DevTools log (…-0.trace.json, …-0.devtoolslog.json).
      ...(process.env.LH_SAVE_ASSETS ? ['--save-assets'] : []),
      // Per-function CPU samples in the trace (diagnosis only: the profiler itself costs time).
      ...(process.env.LH_CPU_PROFILE
        ? ['--additional-trace-categories=disabled-by-default-v8.cpu_profiler']
        : []),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, CHROME_PATH: CHROME } },
  );
  if (run.status !== 0) throw new Error(`Lighthouse failed for ${url} (exit ${run.status})`);
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
  const { categories, audits } = report;
  if (report.runtimeError) throw new Error(`Lighthouse ${report.runtimeError.code} for ${url}`);
  // Signed out, /home redirects to /authentication/login?returnUrl=…: that is not the page asked for.
  const landed = report.finalDisplayedUrl ?? report.finalUrl ?? '';
  if (new URL(landed, BASE).pathname !== new URL(url).pathname) {
    throw new Error(`Lighthouse measured ${landed}, not ${url}`);
  }
  const value = (id: string) => Number(audits[id]?.numericValue ?? NaN);
  return {
    score: Math.round((categories.performance.score ?? 0) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    cpu: Number(report.environment?.benchmarkIndex ?? NaN),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function main(): Promise<boolean> {
  if (!fs.existsSync(CHROME)) throw new Error(`Chromium not found at ${CHROME} (set CHROME_PATH)`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-lh-data-'));
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-lh-profile-'));
  const app = spawnChild(
    process.execPath,
    [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
    {
      env: {
        ...process.env,
        PORT,
        DATA_DIR: dataDir,
        AUTH_EMULATOR_PORT: process.env.LH_AUTH_EMULATOR_PORT || '9799',
        NEXT_DIST_DIR: '.next-bench-ui',
      },
    },
  );
  console.log(`[lighthouse] starting the app on ${BASE} (builds into .next-bench-ui when needed)…`);
  await waitForHttp(`${BASE}/api/health`, 900_000, app);

  const chrome = spawnChild(
    CHROME,
    [
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profileDir}`,
      '--lang=nb-NO',
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  await waitForHttp(`http://127.0.0.1:${DEBUG_PORT}/json/version`, 60_000, chrome);
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
    const page = await browser.contexts()[0].newPage();
    await page.setViewportSize({ width: 1350, height: 940 });
    await signIn(page);
    const routes: [string, string][] = [
      ['/home', `${BASE}/home`],
      ['/market/analysis', await analysisUrl(page)],
      // The demo investor's portfolio (issue 26 asks for /home, analysis and portfolio signed in).
      ['/portfolio', `${BASE}/portfolio`],
      ['/blog', `${BASE}/blog`],
      // A seeded demo article (server/services/articles/demoArticles).
      ['/blog/[slug]', `${BASE}/blog/hva-volumbalansen-forteller`],
    ];
    await page.close();
    await browser.close(); // disconnects; the session stays in the profile
    const only = process.env.LH_ROUTES?.split(',').filter(Boolean);
    const measured = only ? routes.filter(([name]) => only.includes(name)) : routes;
    console.log(
      `Lighthouse ${RUNS}× per route, desktop preset, signed in as ${INVESTOR.email}; median shown.\n`,
    );
    console.log(`${'route'.padEnd(18)} score   FCP ms   LCP ms   TBT ms    CLS    SI ms  CPU index  (runs)`);
    let missed = 0;
    for (const [name, url] of measured) {
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        // LH_REPORT_DIR keeps the full JSON reports (long tasks, script timings) for a closer look.
        const dir = process.env.LH_REPORT_DIR || profileDir;
        fs.mkdirSync(dir, { recursive: true });
        runs.push(
          await measure(url, path.join(dir, `lighthouse${name.replace(/\//g, '-')}-${runs.length + 1}.json`)),
        );
      }
      const m = (k: keyof Figures) => median(runs.map((r) => r[k]));
      if (m('score') < 90) missed += 1;
      console.log(
        `${name.padEnd(18)} ${String(m('score')).padStart(5)} ${m('fcp').toFixed(0).padStart(8)} ${m('lcp').toFixed(0).padStart(8)} ` +
          `${m('tbt').toFixed(0).padStart(8)} ${m('cls').toFixed(3).padStart(6)} ${m('si').toFixed(0).padStart(8)} ${m('cpu').toFixed(0).padStart(10)}  (${runs.map((r) => r.score).join(', ')})`,
      );
    }
    console.log(
      "\nCPU index: Lighthouse's benchmark of the machine during the run (median). Scores on a machine busy with\n" +
        'other work (a lower index) are lower: compare figures taken at a similar index.',
    );
    console.log(`\ntarget: performance >= 90 on each: ${missed === 0 ? 'meets' : `MISSES on ${missed}`}`);
    return missed === 0;
  } finally {
    await stopChild(chrome, 'SIGTERM');
    fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

main()
  .then(async (ok) => {
    await stopAllChildren('SIGINT');
    process.exit(ok ? 0 : 1);
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    await stopAllChildren('SIGINT');
    process.exit(1);
  });
