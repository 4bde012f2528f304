/**
 * Market API benchmark: prints figures and exits 1 when a target is missed or any measured answer
 * was not 2xx. Run with `npx tsx bench/market-api.bench.ts`.
 *
 * 1. Seeds the whole demo universe (both markets, both indexes, USD/NOK, ten years) with all its
 *    analysis into a fresh PGlite directory, as the first `npm start` does, and times it
 *    (target ≤ 30 s).
 * 2. Starts the built app the way scripts/e2e.ts does (own port, data dir, Auth emulator and build
 *    directory, so it never disturbs a running instance), signs the demo investor in through the
 *    emulator's REST API and, with autocannon on loopback, measures tickers/list (filtered, 50 rows),
 *    tickers/autocomplete, the analysis page's GET /ticker/{id}?timeframe=, /api/health and a
 *    cheaper anchor, GET /billing/plans (static, no database), in the same run: requests/s at 50
 *    connections, then p50/p95/p99 latency at 10 connections. The app runs with every rate limit
 *    off (the bench measures routes, not 429s); every non-2xx answer is counted and printed, and
 *    any fails the verdict. Targets: list and autocomplete ≥ 60 % of health's throughput and p95
 *    ≤ 2× health's; ticker ≥ 1.0× health's throughput and p95 ≤ 1.2× health's.
 *
 * Environment: BENCH_PORT (3500), BENCH_AUTH_EMULATOR_PORT (9599), BENCH_SECONDS per measurement (10)
 * split into BENCH_ROUNDS interleaved rounds (5),
 * BENCH_DATA_DIR (reuse a directory seeded by an earlier run: skips the seed figure).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { migrateDatabase, openDatabase } from '@/server/db/client';
import { prepareDemoMarketData } from '@/server/services/market';

import { spawnChild, waitForHttp } from '../scripts/lib/processes';
import { RATE_LIMITS_OFF, Verdicts, percentile, runBench, signInInvestor } from './lib';

interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  headers?: Record<string, string>;
  timeout?: number;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
interface AutocannonInstance extends PromiseLike<AutocannonResult> {
  on(
    event: 'response',
    listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
  ): void;
}
// autocannon ships no types; this is the part of its programmatic API used here.
const autocannon = createRequire(path.join(process.cwd(), 'package.json'))('autocannon') as (
  opts: AutocannonOptions,
) => AutocannonInstance;

const PORT = process.env.BENCH_PORT || '3500';
const EMULATOR_PORT = process.env.BENCH_AUTH_EMULATOR_PORT || '9599';
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
/** Linux USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const CLOCK_TICKS = 100;
const BASE = `http://127.0.0.1:${PORT}`;
/** The whole run (build included) is bounded: a stuck step ends the bench instead of hanging. */
const OVERALL_TIMEOUT_MS = 30 * 60_000;

const ENDPOINTS = {
  health: '/api/health',
  /** A cheap anchor beside health: public, static, no database (health itself does a query). */
  plans: '/api/v1/billing/plans',
  list: '/api/v1/tickers/list?countryID=226&timeframe=2&rsi_gte=1&volatility_risk_lte=4&sort=technical_score&order=desc&pageSize=50',
  autocomplete: '/api/v1/tickers/autocomplete?search=a&countryID=226',
  /** The analysis page's call (the ticker id is filled in once signed in: the first row of the list). */
  ticker: '/api/v1/ticker/{id}?timeframe=2',
  /** Reference, not a target: what token verification (revocation check included) and the user lookup cost any authenticated route. */
  authOnly: '/api/v1/user/getCurrent/demo-investor',
} as const;
type EndpointName = keyof typeof ENDPOINTS;
/** The measured paths (the ticker's id filled in). */
const paths: Record<EndpointName, string> = { ...ENDPOINTS };

interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failures: number;
  /** CPU time per request (µs) of the Next.js server and of the Auth emulator, at 50 connections. */
  serverCpuUs: number;
  emulatorCpuUs: number;
}

/**
 * The Next.js server and Auth emulator processes of this run (Linux /proc): their CPU time per
 * request does not depend on what else the shared machine is doing, unlike requests per second.
 */
function findProcesses(): { server?: number; emulator?: number } {
  const found: { server?: number; emulator?: number } = {};
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const env = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (cmdline.startsWith('next-server') && env.includes(`PORT=${PORT}`)) found.server = Number(entry);
      if (cmdline.includes('emulators:start') && env.includes(`AUTH_EMULATOR_PORT=${EMULATOR_PORT}`)) {
        found.emulator = Number(entry);
      }
    } catch {
      // the process ended meanwhile, or is not ours to read
    }
  }
  return found;
}

/** User + system CPU time of a process in ms (NaN when unknown). */
function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return NaN;
  }
}

/** One autocannon run; response times go to `times`. */
async function run(
  url: string,
  headers: Record<string, string>,
  connections: number,
  seconds: number,
  times: number[],
): Promise<AutocannonResult> {
  const instance = autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
  instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  return instance;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Every endpoint, measured in ROUNDS short runs taken in turn (health, list, autocomplete, …,
 * health, list, …), so that a burst of other work on a shared machine hits all of them alike:
 * throughput is the median of the rounds at 50 connections, latency percentiles are over every
 * response of the rounds at 10 connections.
 */
async function measureAll(
  names: readonly EndpointName[],
  headersOf: (name: EndpointName) => Record<string, string>,
): Promise<Record<EndpointName, Figures>> {
  const seconds = Math.max(1, Math.round(SECONDS / ROUNDS));
  const rps = new Map<EndpointName, number[]>(names.map((n) => [n, []]));
  const times = new Map<EndpointName, number[]>(names.map((n) => [n, []]));
  const failures = new Map<EndpointName, number>(names.map((n) => [n, 0]));
  const count = (name: EndpointName, r: AutocannonResult) =>
    failures.set(name, failures.get(name)! + r.non2xx + r.errors + r.timeouts);

  for (const name of names) {
    // Warm-up: JIT, caches, keep-alive connections.
    await autocannon({ url: BASE + paths[name], connections: 10, amount: 300, headers: headersOf(name) });
  }
  const pids = findProcesses();
  const cpu = new Map<EndpointName, { server: number; emulator: number; requests: number }>(
    names.map((n) => [n, { server: 0, emulator: 0, requests: 0 }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const [server0, emulator0] = [cpuMs(pids.server), cpuMs(pids.emulator)];
      const r = await run(BASE + paths[name], headersOf(name), 50, seconds, []);
      const used = cpu.get(name)!;
      used.server += cpuMs(pids.server) - server0;
      used.emulator += cpuMs(pids.emulator) - emulator0;
      used.requests += r.requests.total;
      rps.get(name)!.push(r.requests.average);
      count(name, r);
    }
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names)
      count(name, await run(BASE + paths[name], headersOf(name), 10, seconds, times.get(name)!));
  }
  const out = {} as Record<EndpointName, Figures>;
  for (const name of names) {
    const sorted = times.get(name)!.sort((a, b) => a - b);
    out[name] = {
      rps: median(rps.get(name)!),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      failures: failures.get(name)!,
      serverCpuUs: (cpu.get(name)!.server * 1000) / cpu.get(name)!.requests,
      emulatorCpuUs: (cpu.get(name)!.emulator * 1000) / cpu.get(name)!.requests,
    };
  }
  return out;
}

/** Seed a fresh data directory like the first `npm start`; returns the timings in seconds. */
async function seed(dataDir: string): Promise<{ openSeconds: number; seedSeconds: number; summary: string }> {
  const t0 = performance.now();
  const handle = await openDatabase({ url: '', pgliteDir: path.join(dataDir, 'pglite') });
  await migrateDatabase(handle);
  const t1 = performance.now();
  try {
    const prepared = await prepareDemoMarketData(handle.db, { env: {} });
    const t2 = performance.now();
    const r = prepared.result;
    const summary = r
      ? `${r.tickers} series up to ${r.to}, ${r.barsWritten.toLocaleString('en-US')} bars, ` +
        `${r.fxWritten} USD/NOK rates, ${r.analysis?.analysed ?? 0} tickers analysed (3 timeframes + previous session)`
      : `nothing seeded (${prepared.reason})`;
    return { openSeconds: (t1 - t0) / 1000, seedSeconds: (t2 - t1) / 1000, summary };
  } finally {
    await handle.close();
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);

async function main(): Promise<boolean> {
  const reuse = process.env.BENCH_DATA_DIR;
  const dataDir = reuse || fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-bench-'));
  console.log(`market API bench: ${os.cpus().length} cores, data in ${dataDir}`);

  // The seed's stated target counts in the verdict too (null: skipped, nothing to judge).
  let seedSeconds: number | null = null;
  if (reuse) {
    console.log('seed: skipped (BENCH_DATA_DIR reuses a seeded directory)');
  } else {
    const seeded = await seed(dataDir);
    seedSeconds = seeded.seedSeconds;
    console.log(
      `seed: cold PGlite open + migrations ${seeded.openSeconds.toFixed(1)} s; whole demo universe with analysis ` +
        `${seeded.seedSeconds.toFixed(1)} s (target ≤ 30 s): ${seeded.summary}`,
    );
  }

  const app = spawnChild(
    process.execPath,
    [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT,
        DATA_DIR: dataDir,
        AUTH_EMULATOR_PORT: EMULATOR_PORT,
        NEXT_DIST_DIR: '.next-bench',
        DATABASE_URL: '',
        EODHD_API_TOKEN: '',
        ...RATE_LIMITS_OFF,
      },
    },
  );
  console.log(`starting the app on ${BASE} (builds .next-bench when it is not current)…`);
  const started = performance.now();
  await waitForHttp(`${BASE}/api/health`, 20 * 60_000, app);
  console.log(`app answering after ${((performance.now() - started) / 1000).toFixed(0)} s`);

  const token = await signInInvestor(EMULATOR_PORT);
  const auth = { Authorization: `Bearer ${token}` };
  const check = await fetch(BASE + ENDPOINTS.list, { headers: auth });
  const body = (await check.json()) as { items?: unknown[]; total?: number };
  if (check.status !== 200 || body.items?.length !== 50) {
    throw new Error(`tickers/list answered ${check.status} with ${body.items?.length} items`);
  }
  const firstId = (body.items[0] as { ticker_id: number }).ticker_id;
  paths.ticker = ENDPOINTS.ticker.replace('{id}', String(firstId));
  const detail = await fetch(BASE + paths.ticker, { headers: auth });
  const detailText = await detail.text();
  if (detail.status !== 200)
    throw new Error(`${paths.ticker} answered ${detail.status}: ${detailText.slice(0, 200)}`);
  console.log(`ticker: ${paths.ticker}, ${(detailText.length / 1024).toFixed(0)} kB per answer`);
  console.log(
    `tickers/list: ${body.items.length} of ${body.total} rows per request; per endpoint ${SECONDS} s at 50 ` +
      `connections and ${SECONDS} s at 10, in ${ROUNDS} interleaved rounds\n`,
  );

  const figures = await measureAll(
    ['health', 'plans', 'list', 'autocomplete', 'ticker', 'authOnly'],
    (name) => (name === 'health' || name === 'plans' ? {} : auth),
  );
  const health = figures.health;
  console.log(
    `${'endpoint'.padEnd(14)}  rps@50c   p50@10c  p95@10c  p99@10c  rps/health  p95/health  failures  ` +
      `server CPU/req  emulator CPU/req`,
  );
  for (const name of Object.keys(figures) as EndpointName[]) {
    const f = figures[name];
    const ratios =
      name === 'health'
        ? ' '.repeat(22)
        : `${(f.rps / health.rps).toFixed(2).padStart(10)}  ${(f.p95 / health.p95).toFixed(2).padStart(10)}`;
    console.log(
      `${name.padEnd(14)}${fmt(f.rps, 0)} ${fmt(f.p50)}ms${fmt(f.p95)}ms${fmt(f.p99)}ms  ${ratios}  ` +
        `${String(f.failures).padStart(8)}  ${fmt(f.serverCpuUs, 0)} µs     ${fmt(f.emulatorCpuUs, 0)} µs`,
    );
  }
  console.log(
    '(requests/s and latencies move with whatever else the shared machine runs; CPU per request does not.\n' +
      ' authOnly is GET /user/getCurrent: token verification with its revocation lookup in the emulator plus\n' +
      ' one user query, which every subscription-guarded route pays before its own work.)',
  );
  const verdicts = new Verdicts();
  if (seedSeconds !== null) verdicts.check('seed', seedSeconds <= 30, `≤ 30 s (${seedSeconds.toFixed(1)} s)`);
  for (const name of ['list', 'autocomplete'] as const) {
    const f = figures[name];
    verdicts.check(`${name} throughput`, f.rps >= 0.6 * health.rps, '≥ 60 % of health');
    verdicts.check(`${name} p95`, f.p95 <= 2 * health.p95, '≤ 2× health');
  }
  verdicts.check('ticker throughput', figures.ticker.rps >= health.rps, '≥ 1.0× health');
  verdicts.check('ticker p95', figures.ticker.p95 <= 1.2 * health.p95, '≤ 1.2× health');
  for (const name of Object.keys(figures) as EndpointName[]) {
    verdicts.check(
      `${name} answers`,
      figures[name].failures === 0,
      `all 2xx (${figures[name].failures} not)`,
    );
  }
  return !verdicts.missed;
}

runBench(main, OVERALL_TIMEOUT_MS);
