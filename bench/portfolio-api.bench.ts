/**
 * Portfolio API benchmark: prints figures and exits 1 when a target is missed or an answer was not 2xx. Run with `npx tsx bench/portfolio-api.bench.ts`.
 *
 * Starts the built app the way scripts/e2e.ts does (own port, data dir, Auth emulator and build
 * directory, so it never disturbs a running instance; the first start seeds the demo market),
 * signs the demo investor in through the emulator's REST API, imports one portfolio of 10,000
 * transactions over 50 tickers (40 Oslo, 10 US; buys, sells within the holding, dividends and
 * splits over ten years) through portfolio-import, then times over HTTP:
 * - the server's first reads of a portfolio ("JIT-cold", printed, not in the verdict): a warm-up
 *   portfolio of the same size on 50 other tickers is imported and read first, because a process's
 *   first call of the portfolio code runs before V8 has compiled it (once per server start; the
 *   in-process portfolio-cold bench leaves its first pair out the same way);
 * - portfolio-results and portfolio-performance (1 year and the whole history) of the measured
 *   portfolio: "first" — the first read after its import, nothing of it computed or cached, its
 *   tickers' market data not read yet either; "after a write" — each run first adds one
 *   buy through the API (a new revision: results recompute the changed ticker, performance that
 *   ticker's timeline and the days from the buy on); "warm" — repeated reads of an unchanged
 *   portfolio. Targets (issue 26): first ≤ 200 ms, after a write and warm p95 ≤ 50 ms. The app runs
 *   with every rate limit off.
 * - /api/health polled every 25 ms from a second client during the write runs (does the server
 *   stay responsive while it computes?), against its latency when idle.
 *
 * Environment: BENCH_PORT (3600), BENCH_AUTH_EMULATOR_PORT (9699), BENCH_DATA_DIR (reuse a seeded
 * directory), BENCH_RUNS write runs (40: with 15 the p95 was simply the slowest one), BENCH_BASE_URL (measure an app that is already
 * running, with its emulator on BENCH_AUTH_EMULATOR_PORT, instead of starting one).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnChild, waitForHttp } from '../scripts/lib/processes';
import { RATE_LIMITS_OFF, Verdicts, percentile, runBench, signInInvestor, timeGets } from './lib';
import {
  MEASURED_TICKERS,
  OTHER_TICKERS,
  TRANSACTIONS,
  buildNordnetFiles,
  type TickerChoice,
} from './portfolioFile';

const PORT = process.env.BENCH_PORT || '3600';
const EMULATOR_PORT = process.env.BENCH_AUTH_EMULATOR_PORT || '9699';
const RUNS = Number(process.env.BENCH_RUNS || 40);
const WARM_RUNS = 40;
const BASE = process.env.BENCH_BASE_URL || `http://127.0.0.1:${PORT}`;
const OVERALL_TIMEOUT_MS = 40 * 60_000;

function summary(times: number[]): string {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(s, 95).toFixed(1).padStart(7)} ms   max ${s[s.length - 1].toFixed(1).padStart(7)} ms   (n=${s.length})`;
}

async function main(): Promise<boolean> {
  if (process.env.BENCH_BASE_URL) {
    console.log(`portfolio API bench: ${os.cpus().length} cores, node ${process.version}, app at ${BASE}`);
  } else {
    const reuse = process.env.BENCH_DATA_DIR;
    const dataDir = reuse || fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-bench-portfolio-'));
    console.log(
      `portfolio API bench: ${os.cpus().length} cores, node ${process.version}, data in ${dataDir}`,
    );
    spawnChild(process.execPath, [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT,
        DATA_DIR: dataDir,
        AUTH_EMULATOR_PORT: EMULATOR_PORT,
        NEXT_DIST_DIR: '.next-bench-portfolio',
        DATABASE_URL: '',
        EODHD_API_TOKEN: '',
        ...RATE_LIMITS_OFF,
      },
    });
    console.log(
      `starting the app on ${BASE} (builds .next-bench-portfolio when it is not current, seeds the demo market)…`,
    );
    const started = performance.now();
    await waitForHttp(`${BASE}/api/health`, 30 * 60_000);
    console.log(`app answering after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }

  const token = await signInInvestor(EMULATOR_PORT);
  const headers = { Authorization: `Bearer ${token}`, 'X-Requested-With': 'trendvakt' };
  const call = async (
    method: string,
    url: string,
    body?: unknown,
    raw?: Buffer,
  ): Promise<{ status: number; json: unknown; ms: number }> => {
    const t0 = performance.now();
    const res = await fetch(BASE + url, {
      method,
      headers: { ...headers, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
      body: raw ? new Uint8Array(raw) : body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    return { status: res.status, json: text ? JSON.parse(text) : undefined, ms };
  };

  /** A new portfolio with the bench's 10,000 transactions over `choice`'s 50 tickers, imported through the API. */
  const importPortfolio = async (label: string, choice: TickerChoice): Promise<number> => {
    const created = await call('POST', '/api/v1/portfolios', {
      portfolio_name: `Bench ${label} ${new Date().toISOString()}`,
    });
    if (created.status !== 201)
      throw new Error(`create portfolio: ${created.status} ${JSON.stringify(created.json)}`);
    const portfolioId = (created.json as { portfolio_id: number }).portfolio_id;
    const built = buildNordnetFiles(choice);
    console.log(
      `${label} portfolio ${portfolioId}: ${TRANSACTIONS.toLocaleString('en-US')} transactions (${Object.entries(
        built.counts,
      )
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}) over 50 tickers, ${built.rows} rows in ${built.files.length} files ` +
        `(the import takes at most 10,000 rows a file): ${built.files.map((f) => `${(f.length / 1024).toFixed(0)} kB`).join(', ')}`,
    );
    for (const [i, bytes] of built.files.entries()) {
      const dry = await call(
        'POST',
        `/api/v1/portfolio-import/${portfolioId}?format=nordnet&dryRun=true`,
        undefined,
        bytes,
      );
      const imported = await call(
        'POST',
        `/api/v1/portfolio-import/${portfolioId}?format=nordnet`,
        undefined,
        bytes,
      );
      const result = imported.json as { imported: number; errors: unknown[] };
      if (dry.status !== 200 || imported.status !== 200 || result.errors.length > 0) {
        throw new Error(
          `import file ${i + 1}: ${dry.status}/${imported.status} ${JSON.stringify(imported.json).slice(0, 500)}`,
        );
      }
      console.log(
        `  import file ${i + 1}: dry run ${dry.ms.toFixed(0)} ms, import ${imported.ms.toFixed(0)} ms (${result.imported} rows written)`,
      );
    }
    return portfolioId;
  };
  const endpointsOf = (portfolioId: number) => ({
    results: `/api/v1/portfolio-results/${portfolioId}`,
    'performance 1y': `/api/v1/portfolio-performance/${portfolioId}?from=${new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10)}`,
    'performance all': `/api/v1/portfolio-performance/${portfolioId}`,
  });

  // The server's very first portfolio reads run code its JIT has not compiled yet, once per
  // process. They are taken on another portfolio, on 50 other tickers (so none of the measured
  // portfolio's market data is cached by them either), printed, and left out of the verdict.
  const warmUpId = await importPortfolio('warm-up', OTHER_TICKERS);
  const jitCold: Record<string, number> = {};
  for (const [name, url] of Object.entries(endpointsOf(warmUpId))) {
    const r = await call('GET', url);
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
    jitCold[name] = r.ms;
  }
  const id = await importPortfolio('measured', MEASURED_TICKERS);

  // Answers that were not 2xx (the reads and writes below throw on one; health and warm reads count).
  // /api/health when idle.
  const { times: idle, nonOk: idleNonOk } = await timeGets(`${BASE}/api/health`, 40);
  let nonOk = idleNonOk;

  // /api/health polled while the portfolio figures are computed.
  const busy: number[] = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t0 = performance.now();
      const res = await fetch(`${BASE}/api/health`);
      await res.arrayBuffer();
      if (!res.ok) nonOk += 1;
      busy.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 25));
    }
  })();

  const endpoints = endpointsOf(id);
  const first: Record<string, number> = {};
  const afterWrite: Record<string, number[]> = {};
  const warm: Record<string, number[]> = {};
  const sizes: Record<string, string> = {};
  for (const name of Object.keys(endpoints)) {
    afterWrite[name] = [];
    warm[name] = [];
  }
  let tickerId = 0;
  for (const [name, url] of Object.entries(endpoints)) {
    const r = await call('GET', url);
    if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
    first[name] = r.ms;
    const body = r.json as { ticker_id: number }[] | { points: unknown[] };
    sizes[name] = Array.isArray(body) ? `${body.length} rows` : `${body.points.length} days`;
    if (Array.isArray(body)) tickerId = body[0].ticker_id;
  }
  for (let run = 0; run < RUNS; run++) {
    const write = await call('POST', '/api/v1/portfolioTransaction', {
      portfolio_id: id,
      ticker_id: tickerId,
      date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      event_id: 1,
      quantity: 1,
      price: 100,
    });
    if (write.status !== 201)
      throw new Error(`add transaction: ${write.status} ${JSON.stringify(write.json)}`);
    for (const [name, url] of Object.entries(endpoints)) {
      const r = await call('GET', url);
      if (r.status !== 200) throw new Error(`${name}: ${r.status} ${JSON.stringify(r.json).slice(0, 300)}`);
      afterWrite[name].push(r.ms);
    }
  }
  polling = false;
  await poller;
  for (let run = 0; run < WARM_RUNS; run++) {
    for (const [name, url] of Object.entries(endpoints)) {
      const r = await call('GET', url);
      if (r.status !== 200) nonOk += 1;
      warm[name].push(r.ms);
    }
  }

  console.log('');
  for (const name of Object.keys(endpoints)) {
    console.log(
      `${`${name} JIT-cold`.padEnd(28)} ${jitCold[name].toFixed(1).padStart(7)} ms   (the server's first such read, on the warm-up portfolio; not in the verdict)`,
    );
  }
  for (const name of Object.keys(endpoints)) {
    console.log(`${`${name} first`.padEnd(28)} ${first[name].toFixed(1).padStart(7)} ms   ${sizes[name]}`);
    console.log(`${`${name} after a write`.padEnd(28)} ${summary(afterWrite[name])}`);
    console.log(`${`${name} warm`.padEnd(28)} ${summary(warm[name])}`);
  }
  console.log(`${'/api/health idle'.padEnd(28)} ${summary(idle)}`);
  console.log(`${'/api/health during writes'.padEnd(28)} ${summary(busy)}`);
  const p95 = (t: number[]) =>
    percentile(
      [...t].sort((a, b) => a - b),
      95,
    );
  const verdicts = new Verdicts();
  for (const name of Object.keys(endpoints)) {
    verdicts.check(`${name} first (cold)`, first[name] <= 200, '≤ 200 ms');
    verdicts.check(`${name} after a write p95`, p95(afterWrite[name]) <= 50, '≤ 50 ms');
    verdicts.check(`${name} warm p95`, p95(warm[name]) <= 50, '≤ 50 ms');
  }
  verdicts.check('non-2xx answers', nonOk === 0, `none (${nonOk})`);

  await call('DELETE', `/api/v1/portfolios/${id}`);
  await call('DELETE', `/api/v1/portfolios/${warmUpId}`);
  return !verdicts.missed;
}

runBench(main, OVERALL_TIMEOUT_MS);
