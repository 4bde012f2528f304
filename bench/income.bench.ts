/**
 * Income and allocation of a 10,000-transaction portfolio (issue 41), in process, without the HTTP
 * server: the service calls GET /portfolio-income/{id}?months=12 and GET /portfolio-allocation/{id}
 * make, cold (every portfolio cache emptied before each call) and warm (repeated, caches kept).
 * The portfolio is bench/portfolio-cold's (the same Nordnet files, bench/portfolioFile.ts) over the
 * demo market with its demo dividends. Prints figures; no target (the issue sets none).
 *
 *   npx tsx bench/income.bench.ts
 *
 * Uses an embedded database in BENCH_DATA_DIR (default: a directory under the system temp dir,
 * kept between runs so the demo market and its dividends are seeded once).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { setDbHandle } from '@/server/db';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { users } from '@/server/db/schema';
import { getPortfolioAllocation, getPortfolioIncome } from '@/server/services/income';
import { prepareDemoMarketData } from '@/server/services/market';
import { clearPortfolioCaches } from '@/server/services/portfolio';
import { percentile } from './lib';
import { seedBenchPortfolio } from './benchPortfolio';

const DATA_DIR = process.env.BENCH_DATA_DIR || path.join(os.tmpdir(), 'trendvakt-bench-income');
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS || 7);
const RUNS = Number(process.env.BENCH_RUNS || 15);
const UID = 'bench-income';

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const value = await fn();
  return [performance.now() - t0, value];
}

function show(times: number[]): string {
  const s = [...times].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(1).padStart(7)} ms   p95 ${percentile(s, 95).toFixed(1).padStart(7)} ms   max ${s[s.length - 1].toFixed(1).padStart(7)} ms   (n=${s.length})`;
}

async function main(): Promise<void> {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  const handle = await openDatabase({ url: '', pgliteDir: path.join(DATA_DIR, 'pglite') });
  await migrateDatabase(handle);
  setDbHandle(handle);
  const db = handle.db;
  console.log(`income bench: ${os.cpus().length} cores, node ${process.version}, data in ${DATA_DIR}`);
  const [seedMs, prepared] = await time(() =>
    prepareDemoMarketData(db, { env: { ...process.env, EODHD_API_TOKEN: '' } }),
  );
  console.log(
    `demo market: ${prepared.action} in ${(seedMs / 1000).toFixed(1)} s (dividends written: ${prepared.result?.dividends.written ?? 0})`,
  );
  const today = new Date().toISOString().slice(0, 10);

  await db.delete(users).where(eq(users.uid, UID));
  await db.execute(sql`vacuum`);
  const id = await seedBenchPortfolio(db, {
    uid: UID,
    email: 'bench-income@example.com',
    name: 'Income',
    today,
  });

  const income = () => getPortfolioIncome(db, UID, id, { months: 12, today });
  const allocation = () => getPortfolioAllocation(db, UID, id, today);

  clearPortfolioCaches();
  const [firstIncome, sample] = await time(income);
  clearPortfolioCaches();
  const [firstAllocation] = await time(allocation);
  console.log(
    `first cold pair (JIT warm-up, not in the figures): income ${firstIncome.toFixed(1)} ms, allocation ${firstAllocation.toFixed(1)} ms`,
  );
  console.log(
    `income: ${sample.expected.length} expected rows, trailing 12 m ${sample.totals.trailing_12m_nok} NOK, next 12 m ${sample.totals.next_12m_nok} NOK`,
  );
  const cold = { income: [] as number[], allocation: [] as number[] };
  for (let run = 0; run < COLD_RUNS; run++) {
    clearPortfolioCaches();
    cold.income.push((await time(income))[0]);
    clearPortfolioCaches();
    cold.allocation.push((await time(allocation))[0]);
  }
  const warm = { income: [] as number[], allocation: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    warm.income.push((await time(income))[0]);
    warm.allocation.push((await time(allocation))[0]);
  }
  console.log('');
  for (const name of ['income', 'allocation'] as const) {
    console.log(`${`${name} cold`.padEnd(18)} ${show(cold[name])}`);
    console.log(`${`${name} warm`.padEnd(18)} ${show(warm[name])}`);
  }
  await handle.close();
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
