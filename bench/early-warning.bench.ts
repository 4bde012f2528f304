/**
 * Early-warning benchmark (issue 25): prints figures, asserts nothing. Run with
 * `npx tsx bench/early-warning.bench.ts`.
 * - compute: the early-warning levels (buy_above, sell_below) of every demo stock and index (both
 *   markets, ten years of bars) for timeframes 1–3, as the analysis snapshot pass does it
 *   (target <= 2 s on one core);
 * - how many levels were found and how many were null (no change within ±25 %).
 */
import { performance } from 'node:perf_hooks';
import { MARKET_OSLO, MARKET_US, TIMEFRAMES } from '@/lib/constants';
import { computeEarlyWarnings, prepareSeries } from '@/server/domain/analysis';
import { generateMarket } from '@/server/market-data/demo';

const END = '2026-11-20';

function main(): void {
  const markets = [MARKET_OSLO, MARKET_US].map((id) => generateMarket(id, END));
  const all = markets.flatMap((m) => [m.index, ...m.tickers.values()]);
  const series = all.map((bars) => prepareSeries(bars)).filter((s) => s !== null);

  let found = 0;
  let nulls = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  for (const s of series) {
    const levels = computeEarlyWarnings(s);
    for (const tf of TIMEFRAMES) {
      for (const level of [levels[tf].buyAbove, levels[tf].sellBelow]) {
        if (level === null) nulls += 1;
        else found += 1;
      }
    }
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`universe: ${series.length} series (stocks and indexes), timeframes 1-3`);
  console.log(
    `  early warning, whole universe x 3 timeframes: ${(ms / 1000).toFixed(2)} s wall, ${(cpuMs / 1000).toFixed(2)} s CPU  (target <= 2 s on one core)`,
  );
  console.log(`  per series: ${(ms / series.length).toFixed(1)} ms; levels found ${found}, null ${nulls}`);
}

main();
