/**
 * Reading 51 tickers' whole close series (a 50-ticker portfolio and its index, ten years of demo
 * data: ~130,000 closes), the read a cold portfolio-performance request makes (issue 26):
 *
 * - `getCloseSeries` as it is: one stored close_series row per ticker (binary, sent as base64),
 *   decoded in JS;
 * - for comparison, the per-request aggregation it replaced (`string_agg` of daily_bars grouped by
 *   ticker, split and `Number()`ed in JS);
 * - for comparison, the same stored series as two comma-separated texts per ticker (a temporary
 *   table made here), split in JS: the form the binary one was chosen against.
 *
 * Each figure: wall and CPU time of this process (PGlite is embedded, so the CPU is all of the
 * read's work) per read of the 51 series, p50 over BENCH_RUNS (default 15) after 3 warm-up reads.
 * All three answers are checked equal. Prints figures; asserts no target.
 *
 *   npx tsx bench/close-series.bench.ts
 *
 * Uses an embedded database in BENCH_DATA_DIR (default: a directory under the system temp dir,
 * kept between runs so the demo market is seeded once).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';

import type { Db } from '@/server/db';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { getCloseSeries, type CloseSeries } from '@/server/repositories/marketRepository';
import { prepareDemoMarketData } from '@/server/services/market';
import { percentile } from './lib';

const DATA_DIR = process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'trendvakt-bench-close-series');
const RUNS = Number(process.env.BENCH_RUNS || 15);
const TICKERS = 51;

type Series = Map<number, CloseSeries>;

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Two comma-separated texts per ticker -> columns (the old read's JS side, in today's shape). */
function fromTexts(rows: { ticker_id: number; d: string; c: string }[], ids: readonly number[]): Series {
  const out: Series = new Map(ids.map((id) => [id, { dates: [], closes: new Float64Array(0) }]));
  for (const row of rows) {
    const dates = row.d.split(',');
    const closes = new Float64Array(dates.length);
    const texts = row.c.split(',');
    for (let i = 0; i < dates.length; i++) closes[i] = Number(texts[i]);
    out.set(Number(row.ticker_id), { dates, closes });
  }
  return out;
}

/** The aggregation getCloseSeries made per request before close_series. */
async function aggregated(db: Db, ids: readonly number[]): Promise<Series> {
  const rows = await rowsOf<{ ticker_id: number; d: string; c: string }>(
    db,
    sql`select ticker_id, string_agg(date::text, ',' order by date) as d,
               string_agg(close::text, ',' order by date) as c
        from daily_bars where ticker_id = any(${sql.param([...ids])}::int[]) group by ticker_id`,
  );
  return fromTexts(rows, ids);
}

async function storedTexts(db: Db, ids: readonly number[]): Promise<Series> {
  const rows = await rowsOf<{ ticker_id: number; d: string; c: string }>(
    db,
    sql`select ticker_id, d, c from close_series_text where ticker_id = any(${sql.param([...ids])}::int[])`,
  );
  return fromTexts(rows, ids);
}

/** Wall and CPU time per read, the reads taking turns (a shared machine's load falls on all alike). */
async function measure(reads: Record<string, () => Promise<Series>>): Promise<Record<string, Series>> {
  const answers: Record<string, Series> = {};
  const wall: Record<string, number[]> = {};
  const cpu: Record<string, number[]> = {};
  for (let run = -3; run < RUNS; run++) {
    for (const [name, read] of Object.entries(reads)) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      answers[name] = await read();
      if (run < 0) continue; // warm-up
      (wall[name] ??= []).push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      (cpu[name] ??= []).push((c.user + c.system) / 1000);
    }
  }
  const p50 = (t: number[]) =>
    percentile(
      [...t].sort((a, b) => a - b),
      50,
    )
      .toFixed(1)
      .padStart(6);
  for (const name of Object.keys(reads)) {
    console.log(
      `${name.padEnd(44)} wall p50 ${p50(wall[name])} ms   CPU p50 ${p50(cpu[name])} ms   (n=${RUNS})`,
    );
  }
  return answers;
}

async function main(): Promise<void> {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const handle = await openDatabase({ url: '', pgliteDir: path.join(DATA_DIR, 'pglite') });
  await migrateDatabase(handle);
  const db = handle.db;
  const prepared = await prepareDemoMarketData(db, { env: { ...process.env, EODHD_API_TOKEN: '' } });
  console.log(
    `close-series bench: node ${process.version}, data in ${DATA_DIR}, demo market ${prepared.action}`,
  );
  const ids = (
    await rowsOf<{ id: number }>(
      db,
      sql`select distinct ticker_id as id from close_series order by ticker_id limit ${TICKERS}`,
    )
  ).map((r) => Number(r.id));
  await db.execute(sql`drop table if exists close_series_text`);
  await db.execute(sql`create temporary table close_series_text as
    select ticker_id, string_agg(date::text, ',' order by date) as d, string_agg(close::text, ',' order by date) as c
    from daily_bars where ticker_id = any(${sql.param(ids)}::int[]) group by ticker_id`);
  await db.execute(sql`alter table close_series_text add primary key (ticker_id)`);

  const answers = await measure({
    'getCloseSeries (stored binary rows)': () => getCloseSeries(db, ids),
    'per-request aggregation (before)': () => aggregated(db, ids),
    'stored comma-separated texts (not chosen)': () => storedTexts(db, ids),
  });
  const [stored, old, texts] = Object.values(answers);
  const closes = [...stored.values()].reduce((n, s) => n + s.dates.length, 0);
  console.log(`${ids.length} tickers, ${closes} closes`);
  const same = isDeepStrictEqual(stored, old) && isDeepStrictEqual(texts, old);
  console.log(`the three answers are ${same ? 'equal' : 'DIFFERENT'}`);
  await handle.close();
  if (!same) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
