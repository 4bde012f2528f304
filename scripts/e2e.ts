// npm run test:e2e — start the app the way `npm start` does (own port, data dir, emulator and build
// dir, so it never disturbs a running instance), then run every e2e/*.e2e.ts journey in Debian's
// Chromium through playwright-core. Prints "N passed, M failed" and exits non-zero on any failure.
//
// The app sends its e-mail to a local SMTP sink (SMTP_URL) that the journeys can read, and its job
// clock (TRENDVAKT_CLOCK_START) stands just after the close of the Oslo session that follows the
// seeded demo data: Oslo Børs has one session due and NASDAQ none, so nothing refreshes on its own,
// and a journey that runs `refresh-160` (Run now) adds one real session.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { MARKET_OSLO } from '@/lib/constants';
import {
  EXCHANGE_HOURS,
  isSession,
  lastDueSession,
  localDateTime,
} from '@/server/domain/calendar/marketCalendar';
import { dayNumber, isoFromDayNumber } from '@/lib/dates';
import { CHROMIUM_ARGS, CHROMIUM_PATH as CHROMIUM } from './lib/chromium';
import { spawnChild, stopAllChildren, stopChildrenOnSignals, waitForHttp } from './lib/processes';
import { startSmtpSink, type SmtpSink } from './lib/smtpSink';
import { collectCspViolations } from './lib/cspViolations';

export interface E2eContext {
  baseUrl: string;
  browser: Browser;
  /** Every e-mail the app sent during the run. */
  mail: SmtpSink;
}

/**
 * The instant the e2e app's clock starts at: ten minutes after the Oslo refresh is due (the data's
 * publication time) on the first Oslo session after the last one due now, which is where the
 * start script's demo seed of Oslo ends (prepareDemoMarketData). Scheduled slots before the clock's start are never run and a market
 * only one session behind is not caught up, so that session comes in only when a journey runs the
 * refresh; NASDAQ's session of that day is not due before the run ends.
 */
export function e2eClockStart(now: Date): Date {
  const { timeZone, publishedMinutes } = EXCHANGE_HOURS[MARKET_OSLO];
  let day = dayNumber(lastDueSession(MARKET_OSLO, now)) + 1;
  while (!isSession(MARKET_OSLO, isoFromDayNumber(day))) day += 1;
  const session = isoFromDayNumber(day);
  const target = publishedMinutes + 10;
  // Start from that wall-clock time read as UTC and correct by the zone's offset on the day.
  const guess = new Date(
    `${session}T${String(Math.floor(target / 60)).padStart(2, '0')}:${String(target % 60).padStart(2, '0')}:00Z`,
  );
  const local = localDateTime(guess, timeZone);
  return new Date(guess.getTime() - (local.minutes - target) * 60_000);
}

/**
 * The CPU seconds used so far by this runner and every process under it (the app, its emulator,
 * Chromium and its renderers, with the children they have reaped), from /proc; null without /proc.
 */
function treeCpuSeconds(): number | null {
  try {
    const parentOf = new Map<number, number>();
    const ticks = new Map<number, number>();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue; // exited meanwhile
      }
      // Fields after the command (in parentheses): state ppid … utime stime cutime cstime at 12–15.
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(name), Number(f[1]));
      ticks.set(Number(name), Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]));
    }
    let total = 0;
    for (const [pid, t] of ticks) {
      let p: number | undefined = pid;
      while (p && p !== process.pid) p = parentOf.get(p);
      if (p === process.pid) total += t;
    }
    return total / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** ", 1.4 cores": the CPU the run's processes used since `from` per second of `wallSeconds`. */
function coresSince(from: number | null, wallSeconds: number): string {
  const now = treeCpuSeconds();
  if (from === null || now === null || wallSeconds <= 0) return '';
  return `, ${((now - from) / wallSeconds).toFixed(2)} cores`;
}

/** What the e2e app's build depends on (the emulator port is baked into the browser's bundle). */
const buildEnv = (): NodeJS.ProcessEnv => ({
  ...process.env,
  AUTH_EMULATOR_PORT: process.env.E2E_AUTH_EMULATOR_PORT || '9299',
  NEXT_DIST_DIR: '.next-e2e',
});

const START_SCRIPT = [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'];

/** `npm run test:e2e -- --build`: only build the e2e app (CI does it while the static checks run). */
function buildOnly(): Promise<number> {
  const child = spawnChild(process.execPath, [...START_SCRIPT, '--build-only'], { env: buildEnv() });
  return new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
}

async function main(): Promise<number> {
  // Stopped from outside (Ctrl-C, or .ci/run when the jest suites beside it failed): the app and
  // its emulator, each in its own process group, stop too.
  stopChildrenOnSignals();
  if (process.argv[2] === '--build') return buildOnly();
  // `npm run test:e2e -- tax` runs the files whose name contains "tax"; `-- tax,shell` either.
  const filters = (process.argv[2] ?? '').split(',').filter(Boolean);
  const files = fs
    .readdirSync(path.join(process.cwd(), 'e2e'))
    .filter((f) => f.endsWith('.e2e.ts') && (filters.length === 0 || filters.some((x) => f.includes(x))))
    .sort();
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
    return 1;
  }
  const port = process.env.E2E_PORT || '3100';
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = process.env.E2E_DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-e2e-'));
  const mail = await startSmtpSink();
  const clockStart = e2eClockStart(new Date());
  const app = spawnChild(process.execPath, START_SCRIPT, {
    env: {
      ...buildEnv(),
      PORT: port,
      DATA_DIR: dataDir,
      SMTP_URL: mail.url,
      TRENDVAKT_CLOCK_START: clockStart.toISOString(),
    },
  });
  console.log(
    `[e2e] starting the app on ${baseUrl} (data in ${dataDir}, clock from ${clockStart.toISOString()}, ` +
      `e-mail to ${mail.url})…`,
  );
  await waitForHttp(`${baseUrl}/api/health`, 600_000, app);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  // Every journey fails on a Content-Security-Policy violation in any of its pages.
  const csp = collectCspViolations(browser);
  let passed = 0;
  let failed = 0;
  /** Run one step of a journey; a CSP violation in its pages fails it too. */
  const attempt = async (name: string, step: () => Promise<void>): Promise<boolean> => {
    const started = Date.now();
    const cpu = treeCpuSeconds();
    try {
      await step();
      const violations = csp.take();
      if (violations.length > 0)
        throw new Error(`Content-Security-Policy violations:\n      ${violations.join('\n      ')}`);
      passed += 1;
      const seconds = (Date.now() - started) / 1000;
      console.log(`  ✓ ${name} (${seconds.toFixed(1)} s${coresSince(cpu, seconds)})`);
      return true;
    } catch (err) {
      const violations = csp.take();
      if (violations.length > 0) console.log(`    (also CSP violations: ${violations.join(' | ')})`);
      failed += 1;
      console.log(`  ✕ ${name}\n    ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return false;
    }
  };
  // A journey may export `finish`: its second half, run after every journey's `run` (e.g. to see
  // what the one scheduled refresh of the run brought, whichever journey ran it).
  const finishers: { file: string; finish: (ctx: E2eContext) => Promise<void> }[] = [];
  try {
    for (const file of files) {
      const mod = (await import(path.join(process.cwd(), 'e2e', file))) as {
        run?: (ctx: E2eContext) => Promise<void>;
        finish?: (ctx: E2eContext) => Promise<void>;
      };
      if (!mod.run) continue;
      const run = mod.run;
      const ok = await attempt(file, () => run({ baseUrl, browser, mail }));
      if (ok && mod.finish) finishers.push({ file, finish: mod.finish });
    }
    for (const { file, finish } of finishers)
      await attempt(`${file} (finish)`, () => finish({ baseUrl, browser, mail }));
  } finally {
    await browser.close();
    // Not awaited: the sink waits for open connections, and the app stops after this.
    void mail.close();
  }
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main()
  .then(async (code) => {
    await stopAllChildren('SIGINT');
    process.exit(code);
  })
  .catch(async (err) => {
    console.error(err instanceof Error ? err.message : err);
    await stopAllChildren('SIGINT');
    process.exit(1);
  });
