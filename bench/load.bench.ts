/**
 * Load bench (issue 43): a mixed read workload from several signed-in demo users — the screener
 * lists of both markets, the indexes list, the home dashboard, two tickers' analysis, the user's
 * portfolio results and performance, the watchlist, /api/health, the landing page, the blog and
 * an article — at 50, 200 and 1,000 connections for 30 s each, printing for each level rps, p50,
 * p97.5 and p99 latency, errors, time-outs and non-2xx (by status). Two set-ups:
 *
 * - PGlite: one app started as `npm start` does (scripts/start.ts, default settings, rate limits
 *   on), measured directly;
 * - PostgreSQL: a throwaway cluster (initdb as the `postgres` user, on loopback) and the same app
 *   on it, first one process, then two processes on one database, each measured through
 *   bench/roundRobinProxy.ts (with one target, then two, so the proxy's cost is in both).
 *
 * Targets: 0 errors and 0 non-2xx at every level; at 200 connections p97.5 ≤ 500 ms on PGlite; on
 * PostgreSQL two processes ≥ 1.6× one process's rps (at 200 connections). Exits 1 when one is missed.
 *
 *   npx tsx bench/load.bench.ts              # both set-ups, 30 s per level
 *   npx tsx bench/load.bench.ts --quick      # 5 s per level, to try it
 *   npx tsx bench/load.bench.ts --pglite     # or --postgres: one set-up only
 *   npx tsx bench/load.bench.ts --profile    # PGlite app's CPU sampled (bench/cpuProfileHook.cjs); prints its top frames
 *   npx tsx bench/load.bench.ts --routes     # per route: answers, p50, p97.5, time-outs, connection errors
 *   npx tsx bench/load.bench.ts --same-start # every connection starts at the first request (autocannon's default)
 *
 * Environment: LOAD_PORT (3261) and LOAD_PORT_2 (3262) for the app processes, LOAD_PROXY_PORT
 * (3263), LOAD_AUTH_EMULATOR_PORT (9261), LOAD_PG_PORT (55461), LOAD_DATA_DIR (kept between runs
 * so the demo market is seeded once; default under the temp dir), LOAD_NEXT_DIST_DIR (the build
 * to serve, default .next: built by scripts/start.ts when it is not current), LOAD_SECONDS,
 * LOAD_LEVELS (50,200,1000). autocannon runs in this process, on the same machine as the app:
 * on 2 cores its own CPU is part of what the figures show.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { demoAccount } from '@/lib/demoAccounts';
import { signInWithEmulator } from '../scripts/lib/emulator';
import { spawnChild, stopAllChildren, stopChild, waitForHttp } from '../scripts/lib/processes';
import { runBench, Verdicts } from './lib';
import { samplesIn, topFrames } from './cpuProfileTop';
import { routeLines, routeRecorder, type AutocannonClient, type AutocannonRequest } from './loadRoutes';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p97_5: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}
// autocannon ships no types; this is the part of its programmatic API used here.
const autocannon = createRequire(path.join(process.cwd(), 'package.json'))('autocannon') as (opts: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: AutocannonRequest[];
  setupClient?: (client: AutocannonClient) => void;
}) => Promise<AutocannonResult>;

const args = new Set(process.argv.slice(2));
const QUICK = args.has('--quick');
const PROFILE = args.has('--profile');
const ROUTES = args.has('--routes');
const SAME_START = args.has('--same-start');
const RUN_PGLITE = !args.has('--postgres') || args.has('--pglite');
const RUN_POSTGRES = !args.has('--pglite') || args.has('--postgres');
const PORT = Number(process.env.LOAD_PORT || 3261);
const PORT_2 = Number(process.env.LOAD_PORT_2 || 3262);
const PROXY_PORT = Number(process.env.LOAD_PROXY_PORT || 3263);
const EMULATOR_PORT = Number(process.env.LOAD_AUTH_EMULATOR_PORT || 9261);
const PG_PORT = Number(process.env.LOAD_PG_PORT || 55461);
const DATA_DIR = path.resolve(process.env.LOAD_DATA_DIR || path.join(os.tmpdir(), 'trendvakt-bench-load'));
const DIST_DIR = process.env.LOAD_NEXT_DIST_DIR || '.next';
const SECONDS = Number(process.env.LOAD_SECONDS || (QUICK ? 5 : 30));
const LEVELS = (process.env.LOAD_LEVELS || '50,200,1000').split(',').map(Number);
const PROFILE_DIR = path.join(DATA_DIR, 'cpu-profiles');

const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/** The app as `npm start` runs it, on `port`, with `extra` environment. */
async function startApp(port: number, extra: Record<string, string>): Promise<ReturnType<typeof spawnChild>> {
  const child = spawnChild(
    process.execPath,
    [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        AUTH_EMULATOR_PORT: String(EMULATOR_PORT),
        NEXT_DIST_DIR: DIST_DIR,
        EODHD_API_TOKEN: '',
        ...extra,
      },
    },
  );
  const started = performance.now();
  await waitForHttp(`http://127.0.0.1:${port}/api/health`, 30 * 60_000, child);
  console.log(`app on ${port} answering after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return child;
}

/** The uid in an (unsigned, emulator) ID token. */
function uidOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')) as {
    user_id?: string;
    sub?: string;
  };
  return payload.user_id ?? payload.sub ?? '';
}

/** The mixed workload: every read of the list, for each signed-in demo user in turn. */
async function workload(base: string): Promise<AutocannonRequest[]> {
  const users = await Promise.all(
    (['investor', 'admin'] as const).map(async (role) => {
      const { email, password } = demoAccount(role);
      const token = await signInWithEmulator(EMULATOR_PORT, email, password);
      return { role, token, uid: uidOf(token) };
    }),
  );
  const get = async (url: string, token: string) => {
    const res = await fetch(base + url, {
      headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'trendvakt' },
    });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return res.json() as Promise<unknown>;
  };
  const list = (country: number) =>
    `/api/v1/tickers/list?countryID=${country}&timeframe=2&page=1&pageSize=50&sort=technical_score&order=desc`;
  const oslo = (await get(list(160), users[0].token)) as { items: { ticker_id: number }[] };
  const us = (await get(list(226), users[0].token)) as { items: { ticker_id: number }[] };
  const articles = (await get('/api/v1/articles?language=nb', users[0].token)) as {
    items: { slug: string }[];
  };
  const slug = articles.items[0]?.slug;
  if (!slug) throw new Error('no published article to read');

  const requests: AutocannonRequest[] = [];
  const perUser: AutocannonRequest[][] = [];
  for (const user of users) {
    // Each user reads a portfolio of their own: the investor's demo portfolio, else a new one.
    let mine = (await get(`/api/v1/portfolios/${user.uid}`, user.token)) as { portfolio_id: number }[];
    if (mine.length === 0) {
      const res = await fetch(`${base}/api/v1/portfolios`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${user.token}`,
          'X-Requested-With': 'trendvakt',
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ portfolio_name: 'Load bench' }),
      });
      if (res.status !== 201) throw new Error(`create portfolio: ${res.status}`);
      mine = [(await res.json()) as { portfolio_id: number }];
    }
    const portfolioId = mine[0].portfolio_id;
    const api = { Authorization: `Bearer ${user.token}`, 'X-Requested-With': 'trendvakt' };
    const page = { 'Accept-Language': 'nb' };
    const reads: [string, Record<string, string>][] = [
      [list(160), api],
      [list(226), api],
      ['/api/v1/indexes/list?countryID=160', api],
      ['/api/v1/tickers/homeDashboard/160', api],
      [`/api/v1/ticker/${oslo.items[0].ticker_id}?timeframe=2`, api],
      [`/api/v1/ticker/${us.items[0].ticker_id}?timeframe=2`, api],
      [`/api/v1/portfolio-results/${portfolioId}?totals=true`, api],
      [`/api/v1/portfolio-performance/${portfolioId}`, api],
      ['/api/v1/watchlist', api],
      ['/api/health', {}],
      ['/', page],
      ['/blog', page],
      [`/blog/${slug}`, page],
    ];
    // Every read answers 2xx before the load starts (a failing read would only count as non-2xx).
    for (const [url, headers] of reads) {
      const res = await fetch(base + url, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${user.role} ${url}: ${res.status}`);
    }
    perUser.push(reads.map(([url, headers]) => ({ method: 'GET', path: url, headers })));
  }
  // The users' reads interleaved: investor's list, admin's list, investor's next, …
  for (let i = 0; i < perUser[0].length; i++) for (const reads of perUser) requests.push(reads[i]);
  console.log(
    `workload: ${requests.length} requests per round, ${users.length} users (${users.map((u) => u.role).join(', ')})`,
  );
  return requests;
}

interface Level {
  connections: number;
  result: AutocannonResult;
}

async function measure(label: string, base: string, requests: AutocannonRequest[]): Promise<Level[]> {
  const levels: Level[] = [];
  console.log(`\n${label}: ${SECONDS} s per level (load ${load()})`);
  console.log('connections      rps    p50 ms  p97.5 ms    p99 ms  errors  time-outs  non-2xx');
  for (const connections of LEVELS) {
    const recorder = routeRecorder(requests, SAME_START);
    const result = await autocannon({
      url: base,
      connections,
      duration: SECONDS,
      timeout: 10,
      requests,
      setupClient: recorder.setupClient,
    });
    levels.push({ connections, result });
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, s]) => `${s.count} × ${code}`)
      .join(', ');
    console.log(
      `${String(connections).padStart(11)} ${result.requests.average.toFixed(0).padStart(8)} ${String(result.latency.p50).padStart(9)} ${String(result.latency.p97_5).padStart(9)} ${String(result.latency.p99).padStart(9)} ${String(result.errors).padStart(7)} ${String(result.timeouts).padStart(10)} ${String(result.non2xx).padStart(8)}${statuses ? `  (${statuses})` : ''}   load ${load()}`,
    );
    if (ROUTES) {
      console.log(`    ${'route'.padEnd(60)} answers p50 ms p97.5 ms time-outs conn-errors`);
      for (const line of routeLines(recorder.byRoute)) console.log(line);
    }
    // Let the server settle between levels (queued work from 1,000 connections drains).
    await new Promise((r) => setTimeout(r, 3000));
  }
  return levels;
}

function checkClean(verdicts: Verdicts, label: string, levels: Level[]): void {
  for (const { connections, result } of levels) {
    verdicts.check(
      `${label} at ${connections} connections: ${result.errors} errors, ${result.non2xx} non-2xx`,
      result.errors === 0 && result.non2xx === 0,
      '0 errors and 0 non-2xx',
    );
  }
}

async function pglite(verdicts: Verdicts): Promise<void> {
  const env: Record<string, string> = { DATA_DIR: path.join(DATA_DIR, 'pglite'), DATABASE_URL: '' };
  if (PROFILE) {
    fs.rmSync(PROFILE_DIR, { recursive: true, force: true });
    fs.mkdirSync(PROFILE_DIR, { recursive: true });
    // Every Node process of the app writes a profile on exit; the server's is the largest. (Node 20
    // refuses --cpu-prof in NODE_OPTIONS, hence a preloaded inspector session.)
    env.NODE_OPTIONS =
      `${process.env.NODE_OPTIONS ?? ''} --require ${path.resolve('bench/cpuProfileHook.cjs')}`.trim();
    env.LOAD_PROFILE_DIR = PROFILE_DIR;
  }
  const app = await startApp(PORT, env);
  const base = `http://127.0.0.1:${PORT}`;
  const levels = await measure('PGlite, one npm start', base, await workload(base));
  checkClean(verdicts, 'PGlite', levels);
  const at200 = levels.find((l) => l.connections === 200);
  if (at200) {
    verdicts.check(
      `PGlite p97.5 at 200 connections ${at200.result.latency.p97_5} ms`,
      at200.result.latency.p97_5 <= 500,
      '≤ 500 ms',
    );
  }
  await stopChild(app, 'SIGINT', 30_000);
  if (PROFILE) {
    // The Next.js server's profile: the one with the most samples in Next's own code (the start
    // script's, which seeds the data, and the emulator's are there too).
    const profiles = fs
      .readdirSync(PROFILE_DIR)
      .map((f) => path.join(PROFILE_DIR, f))
      .map((file) => ({
        file,
        profile: JSON.parse(fs.readFileSync(file, 'utf8')) as Parameters<typeof topFrames>[0],
      }))
      .sort(
        (a, b) => samplesIn(b.profile, '/node_modules/next/') - samplesIn(a.profile, '/node_modules/next/'),
      );
    if (profiles.length === 0) console.log('no CPU profile was written');
    else {
      console.log(`\nCPU profile of the server: ${profiles[0].file}`);
      for (const line of topFrames(profiles[0].profile, 25)) console.log(line);
    }
  }
}

/** A throwaway PostgreSQL cluster in DATA_DIR/postgres, run as the `postgres` user on loopback. */
function startPostgres(): { url: string; stop: () => void } {
  const bin = fs
    .readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(a) - Number(b))
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .pop();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const dir = path.join(DATA_DIR, 'postgres');
  const asPostgres = (command: string) =>
    execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', command], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(DATA_DIR, 0o755);
  execFileSync('chown', ['postgres', dir]);
  if (!fs.existsSync(path.join(dir, 'data', 'PG_VERSION'))) {
    asPostgres(`${bin}/initdb -D ${dir}/data -A trust -U postgres >/dev/null`);
  }
  asPostgres(
    `${bin}/pg_ctl -D ${dir}/data -o '-p ${PG_PORT} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200' -l ${dir}/log -w start >/dev/null`,
  );
  const exists = asPostgres(
    `${bin}/psql -h 127.0.0.1 -p ${PG_PORT} -U postgres -tAc "select 1 from pg_database where datname='trendvakt'"`,
  )
    .toString()
    .trim();
  if (exists !== '1') asPostgres(`${bin}/createdb -h 127.0.0.1 -p ${PG_PORT} -U postgres trendvakt`);
  return {
    url: `postgres://postgres@127.0.0.1:${PG_PORT}/trendvakt`,
    stop: () => asPostgres(`${bin}/pg_ctl -D ${dir}/data -m fast stop >/dev/null`),
  };
}

async function postgres(verdicts: Verdicts): Promise<void> {
  const pg = startPostgres();
  try {
    const env = { DATA_DIR: path.join(DATA_DIR, 'pg-app'), DATABASE_URL: pg.url };
    const first = await startApp(PORT, env);
    // The second process finds this copy's emulator running and uses it; it runs no jobs.
    const second = await startApp(PORT_2, { ...env, JOBS_ENABLED: 'false' });
    const proxy = async (targets: number[]) => {
      const child = spawnChild(
        process.execPath,
        [
          path.join('node_modules', 'tsx', 'dist', 'cli.mjs'),
          'bench/roundRobinProxy.ts',
          String(PROXY_PORT),
          ...targets.map(String),
        ],
        { stdio: ['ignore', 'ignore', 'inherit'] },
      );
      await waitForHttp(`http://127.0.0.1:${PROXY_PORT}/api/health`, 60_000, child);
      return child;
    };
    const base = `http://127.0.0.1:${PROXY_PORT}`;
    let router = await proxy([PORT]);
    const requests = await workload(base);
    const one = await measure('PostgreSQL, one process (through the proxy)', base, requests);
    await stopChild(router);
    router = await proxy([PORT, PORT_2]);
    const two = await measure('PostgreSQL, two processes (round robin)', base, requests);
    await stopChild(router);
    checkClean(verdicts, 'PostgreSQL one process', one);
    checkClean(verdicts, 'PostgreSQL two processes', two);
    for (const { connections, result } of two) {
      const single = one.find((l) => l.connections === connections)!.result.requests.average;
      const ratio = result.requests.average / single;
      const shown = single > 0 ? `${ratio.toFixed(2)}×` : 'n/a (one process served 0 rps)';
      const line = `PostgreSQL at ${connections} connections: two processes ${result.requests.average.toFixed(0)} rps = ${shown} one process's ${single.toFixed(0)}`;
      if (connections === 200) verdicts.check(line, ratio >= 1.6, '≥ 1.6×');
      else console.log(line);
    }
    await stopChild(second, 'SIGINT', 30_000);
    await stopChild(first, 'SIGINT', 30_000);
  } finally {
    await stopAllChildren('SIGINT');
    pg.stop();
  }
}

async function main(): Promise<boolean> {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  console.log(
    `load bench: ${os.cpus().length} cores, node ${process.version}, data in ${DATA_DIR}, build ${DIST_DIR}, load ${load()}`,
  );
  const verdicts = new Verdicts();
  if (RUN_PGLITE) await pglite(verdicts);
  if (RUN_POSTGRES) await postgres(verdicts);
  return !verdicts.missed;
}

runBench(main, 90 * 60_000);
