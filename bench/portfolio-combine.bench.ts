/**
 * combinePerformance alone on the cold 10,000-transaction portfolio of bench/portfolio-cold (issue
 * 26): the service is called once for its inputs (calendar, timelines, closes, rates), then the
 * daily sum is timed on its own, without `previous`, as a cold request computes it. Each run gets
 * the timelines with new Decimal objects (a cold request's timelines are new, so nothing memoised
 * on their Decimals is at hand); the closes are the service's (their scaled form stays memoised).
 * Then, as a cold request meets them, on the inputs of a cold service call each (new timelines,
 * new closes arrays not converted yet). Prints the CPU and GC pauses per call and a digest of every digit of the result, so two versions
 * can be compared:
 *
 *   npx tsx bench/portfolio-cold.bench.ts          (once: seeds the database and the portfolio)
 *   npx tsx bench/portfolio-combine.bench.ts       (the same BENCH_DATA_DIR)
 */
import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import type Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { setDbHandle } from '@/server/db';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { portfolios } from '@/server/db/schema';
import {
  PortfolioDecimal,
  combinePerformance,
  toPerformancePointDto,
  type PerformanceSeries,
  type TickerTimeline,
} from '@/server/domain/portfolio';
import { TICKER_DAYS_PER_PART } from '@/server/services/portfolio';
import { clearPortfolioCaches, sharedCache } from '@/server/services/portfolio';
import { getPortfolioPerformance } from '@/server/services/portfolio';
import { percentile } from './lib';

const DATA_DIR = process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'trendvakt-bench-portfolio-cold');
const RUNS = Number(process.env.BENCH_RUNS || 20);
const UID = 'bench-cold-portfolio';

let gcPaused = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPaused += entry.duration;
}).observe({ entryTypes: ['gc'] });

/** The same timeline with a new Decimal object for every decimal in it. */
function freshTimeline(t: TickerTimeline): TickerTimeline {
  const copy = (d: Decimal) => new PortfolioDecimal(d);
  return {
    ...t,
    steps: t.steps.map((s) => ({
      day: s.day,
      quantity: copy(s.quantity),
      fallbackPrice: s.fallbackPrice && copy(s.fallbackPrice),
    })),
    flows: t.flows.map((f) => ({ ...f, flow: copy(f.flow), invested: f.invested && copy(f.invested) })),
  };
}

/** Every digit of the series (its Decimals) and of its JSON points. */
function digest(series: PerformanceSeries): string {
  const hash = crypto.createHash('sha256');
  for (const p of series.points) {
    hash.update(
      `${p.date} ${p.valueBase.toString()} ${p.investedBase.toString()} ${p.cashFlowBase.toString()} ` +
        `${p.twr.toString()} ${p.indexTwr?.toString() ?? '-'} ${JSON.stringify(toPerformancePointDto(p))}\n`,
    );
  }
  return hash.digest('hex').slice(0, 16);
}

async function sample(fn: () => unknown): Promise<{ cpu: number; gc: number }> {
  const g0 = gcPaused;
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  await new Promise((resolve) => setImmediate(resolve));
  return { cpu: (c.user + c.system) / 1000, gc: gcPaused - g0 };
}

async function main(): Promise<void> {
  const handle = await openDatabase({ url: '', pgliteDir: path.join(DATA_DIR, 'pglite') });
  await migrateDatabase(handle);
  setDbHandle(handle);
  const db = handle.db;
  const [row] = await db.select({ id: portfolios.id }).from(portfolios).where(eq(portfolios.userUid, UID));
  if (!row) throw new Error(`No portfolio of ${UID} in ${DATA_DIR}: run bench/portfolio-cold.bench.ts first`);
  const today = new Date().toISOString().slice(0, 10);
  clearPortfolioCaches();
  const dto = await getPortfolioPerformance(db, UID, row.id, { to: today });
  const key = `${row.id}|${dto.base_currency}|${dto.from}|${dto.to}|${dto.index?.ticker_id ?? '-'}`;
  const entry = sharedCache<{ series: PerformanceSeries }>('performance', 16, 1).get(key);
  if (!entry) throw new Error(`No cached series under ${key}`);
  const s = entry.series;
  console.log(
    `combinePerformance: ${s.calendar.length} days, ${s.timelines.size} timelines, ` +
      `${[...s.timelines.values()].reduce((n, t) => n + t.flows.length, 0)} flows; node ${process.version}`,
  );
  const combine = (
    timelines: ReadonlyMap<number, TickerTimeline>,
    maxDays?: number,
    previous?: PerformanceSeries,
  ) =>
    combinePerformance({
      calendar: s.calendar,
      timelines,
      closes: s.closes,
      indexCloses: s.indexCloses,
      fxRateOn: s.fxRateOn,
      baseCurrency: s.baseCurrency,
      maxDays,
      previous,
    });
  const inParts = (timelines: ReadonlyMap<number, TickerTimeline>) => {
    const maxDays = Math.ceil(TICKER_DAYS_PER_PART / Math.max(1, timelines.size));
    let series = combine(timelines, maxDays);
    while (series.points.length < s.calendar.length) series = combine(timelines, maxDays, series);
    return series;
  };
  const combineTimes: { cpu: number; gc: number }[] = [];
  const partsTimes: { cpu: number; gc: number }[] = [];
  const dtoTimes: { cpu: number; gc: number }[] = [];
  let last: PerformanceSeries | null = null;
  let lastInParts: PerformanceSeries | null = null;
  for (let run = 0; run < RUNS + 3; run++) {
    const timelines = new Map([...s.timelines].map(([id, t]) => [id, freshTimeline(t)]));
    let series: PerformanceSeries | null = null;
    const c = await sample(() => (series = combine(timelines)));
    const d = await sample(() => series!.points.map(toPerformancePointDto));
    const again = new Map([...s.timelines].map(([id, t]) => [id, freshTimeline(t)]));
    const p = await sample(() => (lastInParts = inParts(again)));
    // The first runs warm the JIT up.
    if (run >= 3) {
      combineTimes.push(c);
      dtoTimes.push(d);
      partsTimes.push(p);
    }
    last = series;
  }
  // As a cold request meets them: each run's inputs from a cold service call of its own (its new
  // timelines, and new closes arrays whose scaled form is not memoised yet).
  const coldTimes: { cpu: number; gc: number }[] = [];
  for (let run = 0; run < Math.min(RUNS, 10) + 2; run++) {
    clearPortfolioCaches();
    await getPortfolioPerformance(db, UID, row.id, { to: today });
    const cold = sharedCache<{ series: PerformanceSeries }>('performance', 16, 1).get(key)!.series;
    const c = await sample(() =>
      combinePerformance({
        calendar: cold.calendar,
        timelines: cold.timelines,
        closes: cold.closes,
        indexCloses: cold.indexCloses,
        fxRateOn: cold.fxRateOn,
        baseCurrency: cold.baseCurrency,
      }),
    );
    if (run >= 2) coldTimes.push(c);
  }
  const show = (name: string, times: { cpu: number; gc: number }[]) => {
    const cpu = times.map((t) => t.cpu).sort((a, b) => a - b);
    const gc = times.map((t) => t.gc).sort((a, b) => a - b);
    console.log(
      `${name.padEnd(22)} CPU p50 ${percentile(cpu, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(cpu, 95)
        .toFixed(1)
        .padStart(
          6,
        )} ms   GC pauses p50 ${percentile(gc, 50).toFixed(1).padStart(5)} ms   (n=${times.length})`,
    );
  };
  show('combinePerformance', combineTimes);
  show("in the service's parts", partsTimes);
  show('points to JSON', dtoTimes);
  show("on a cold call's inputs", coldTimes);
  const service = crypto.createHash('sha256').update(JSON.stringify(dto.points)).digest('hex').slice(0, 16);
  const mine = crypto
    .createHash('sha256')
    .update(JSON.stringify(last!.points.map(toPerformancePointDto)))
    .digest('hex')
    .slice(0, 16);
  console.log(
    `digest of every digit: ${digest(last!)} (in parts ${digest(lastInParts!)}); JSON ${mine} (service's ${service})`,
  );
  await handle.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
