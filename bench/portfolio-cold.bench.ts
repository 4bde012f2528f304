/**
 * A cold 10,000-transaction portfolio in process, without the HTTP server: the service calls the
 * portfolio-results and portfolio-performance routes make, timed with nothing cached (every
 * portfolio cache emptied) and after a write (one buy added), against issue 26's targets (cold
 * ≤ 200 ms, after a write p95 ≤ 50 ms). The process's first cold pair only warms the JIT up and is
 * printed apart; BENCH_COLD_RUNS (default 7) cold calls of each are measured. Made to be profiled:
 *
 *   npx tsx bench/portfolio-cold.bench.ts
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof --import tsx bench/portfolio-cold.bench.ts
 *   BENCH_PROFILE=/tmp/prof npx tsx bench/portfolio-cold.bench.ts   (the cold calls only)
 *
 * Uses an embedded database in BENCH_DATA_DIR (default: a directory under the system temp dir,
 * kept between runs so the demo market is seeded once) with the demo market data. Exits 1 when a
 * target is missed.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { setDbHandle } from '@/server/db';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { clearPortfolioCaches } from '@/server/services/portfolio';
import { prepareDemoMarketData } from '@/server/services/market';
import { addTransaction } from '@/server/services/portfolio';
import { getPortfolioPerformance, getPortfolioResultsWithTotals } from '@/server/services/portfolio';
import { spawnSync } from 'node:child_process';
import { SERVER_NODE_FLAGS } from '../scripts/lib/serverFlags';
import { percentile } from './lib';
import { seedBenchPortfolio } from './benchPortfolio';

const DATA_DIR = process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'trendvakt-bench-portfolio-cold');
const RUNS = Number(process.env.BENCH_RUNS || 15);
/** Cold calls measured per figure, after one cold pair that warms the JIT up (printed apart). */
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS || 7);
const UID = 'bench-cold-portfolio';
const COLD_TARGET_MS = 200;
const WRITE_TARGET_MS = 50;

/** The inspector's CPU profiler, started now; `stop` returns the profile (Chrome's .cpuprofile JSON). */
async function startProfiler(): Promise<{ stop: () => Promise<object> }> {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = (await post('Profiler.stop')) as { profile: object };
      session.disconnect();
      return profile;
    },
  };
}

/** CPU time (user + system, ms) this process spent in each timed call, per figure's name. */
const cpu: Record<string, number[]> = {};
/** Garbage-collection pauses (ms) during each timed call, per figure's name. */
const gc: Record<string, number[]> = {};
let gcPaused = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPaused += entry.duration;
}).observe({ entryTypes: ['gc'] });

async function time<T>(fn: () => Promise<T>, cpuName?: string): Promise<[number, T]> {
  const c0 = process.cpuUsage();
  const g0 = gcPaused;
  const t0 = performance.now();
  const value = await fn();
  const elapsed = performance.now() - t0;
  if (cpuName) {
    const c = process.cpuUsage(c0);
    (cpu[cpuName] ??= []).push((c.user + c.system) / 1000);
    // The observer is told of a pause after it ended: let it run before reading the sum.
    await new Promise((resolve) => setImmediate(resolve));
    (gc[cpuName] ??= []).push(gcPaused - g0);
  }
  return [elapsed, value];
}

async function main(): Promise<number> {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const handle = await openDatabase({ url: '', pgliteDir: path.join(DATA_DIR, 'pglite') });
  await migrateDatabase(handle);
  setDbHandle(handle);
  const db = handle.db;
  console.log(
    `cold portfolio bench: ${os.cpus().length} cores, node ${process.version}, data in ${DATA_DIR}`,
  );
  const prepared = await prepareDemoMarketData(db, { env: { ...process.env, EODHD_API_TOKEN: '' } });
  console.log(`demo market: ${prepared.action}`);
  const today = new Date().toISOString().slice(0, 10);

  await db.delete(users).where(eq(users.uid, UID));
  // The last run's 10,000 transactions are dead rows now; PGlite has no autovacuum, and a data
  // directory that kept every run's rows read a cold portfolio markedly slower (issue 26).
  await db.execute(sql`vacuum`);
  const id = await seedBenchPortfolio(db, { uid: UID, email: 'bench-cold@example.com', name: 'Cold', today });

  const resultsOptions = { includeSold: false, asOf: today };
  const results = () => getPortfolioResultsWithTotals(db, UID, id, resultsOptions);
  const performanceAll = () => getPortfolioPerformance(db, UID, id, { to: today });

  const cold: Record<string, number[]> = { results: [], performance: [] };
  // The process's first pair runs code the JIT has not compiled yet (a server that has answered
  // any other portfolio has): timed and printed, but not among the cold figures.
  clearPortfolioCaches();
  const [firstResults] = await time(results);
  clearPortfolioCaches();
  const [firstPerformance] = await time(performanceAll);
  console.log(
    `first cold pair of the process (JIT warm-up, not in the figures): results ${firstResults.toFixed(1)} ms, performance ${firstPerformance.toFixed(1)} ms`,
  );
  // BENCH_PROFILE=<dir>: a CPU profile of the cold calls only (not the setup and the import).
  const profiler = process.env.BENCH_PROFILE ? await startProfiler() : null;
  for (let run = 0; run < COLD_RUNS; run++) {
    clearPortfolioCaches();
    cold.results.push((await time(results, 'results cold'))[0]);
    clearPortfolioCaches();
    cold.performance.push((await time(performanceAll, 'performance cold'))[0]);
  }
  if (profiler) {
    const file = path.join(process.env.BENCH_PROFILE!, `portfolio-cold-${Date.now()}.cpuprofile`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(await profiler.stop()));
    console.log(`CPU profile of the cold calls: ${file}`);
  }
  const first = (await results()).rows[0];
  const afterWrite: Record<string, number[]> = { results: [], performance: [] };
  const warm: Record<string, number[]> = { results: [], performance: [] };
  for (let run = 0; run < RUNS; run++) {
    await addTransaction(db, UID, {
      portfolio_id: id,
      ticker_id: first.ticker_id,
      date: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
      event_id: 1,
      quantity: '1',
      price: '100',
      fee: '0',
      comment: '',
      split_to: null,
      split_from: null,
      withholding_tax: null,
      fx_rate: null,
    });
    afterWrite.results.push((await time(results, 'results after a write'))[0]);
    afterWrite.performance.push((await time(performanceAll, 'performance after a write'))[0]);
  }
  for (let run = 0; run < RUNS; run++) {
    warm.results.push((await time(results))[0]);
    warm.performance.push((await time(performanceAll))[0]);
  }
  const stats = (t: number[]) => {
    const s = [...t].sort((a, b) => a - b);
    return { p50: percentile(s, 50), p95: percentile(s, 95), max: s[s.length - 1] };
  };
  const show = (t: number[]) => {
    const { p50, p95, max } = stats(t);
    return `p50 ${p50.toFixed(1).padStart(7)} ms   p95 ${p95.toFixed(1).padStart(7)} ms   max ${max.toFixed(1).padStart(7)} ms   (n=${t.length})`;
  };
  let missed = 0;
  console.log('');
  for (const name of ['results', 'performance']) {
    console.log(
      `${`${name} cold, every call`.padEnd(26)} ${cold[name].map((t) => t.toFixed(0)).join(', ')} ms`,
    );
  }
  for (const name of ['results', 'performance']) {
    console.log(`${`${name} cold`.padEnd(26)} ${show(cold[name])}`);
    console.log(`${`${name} after a write`.padEnd(26)} ${show(afterWrite[name])}`);
    console.log(`${`${name} warm`.padEnd(26)} ${show(warm[name])}`);
  }
  // Wall time moves with whatever else a shared machine runs; this process's CPU time per call
  // (the database is embedded, so it is all of the request's work) does much less.
  console.log('');
  for (const [name, times] of Object.entries(cpu)) {
    const sorted = [...times].sort((a, b) => a - b);
    const paused = [...gc[name]].sort((a, b) => a - b);
    console.log(
      `${`${name} CPU`.padEnd(26)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms   GC pauses p50 ${percentile(paused, 50).toFixed(1).padStart(6)} ms`,
    );
  }
  for (const name of ['results', 'performance']) {
    const coldOk = stats(cold[name]).p50 <= COLD_TARGET_MS;
    const writeOk = stats(afterWrite[name]).p95 <= WRITE_TARGET_MS;
    if (!coldOk || !writeOk) missed += 1;
    console.log(
      `${name}: cold p50 ${coldOk ? 'meets' : 'MISSES'} ≤ ${COLD_TARGET_MS} ms, after a write p95 ${writeOk ? 'meets' : 'MISSES'} ≤ ${WRITE_TARGET_MS} ms`,
    );
  }
  await handle.close();
  return missed;
}

/**
 * The app's server runs with SERVER_NODE_FLAGS (scripts/start.ts); so does this bench, which
 * starts itself again with them when it was not (npx tsx passes no flags of its own to Node).
 */
function withServerFlags(): boolean {
  const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag));
  if (missing.length === 0) return true;
  const child = spawnSync(process.execPath, [...missing, ...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
  });
  process.exit(child.status ?? 1);
}

if (withServerFlags()) console.log(`node flags of the app's server: ${SERVER_NODE_FLAGS.join(' ')}`);
main()
  .then((missed) => process.exit(missed > 0 ? 1 : 0))
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
