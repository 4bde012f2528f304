/**
 * Chart-pattern benchmark (issue 42): prints figures, asserts nothing.
 * Run with `npx tsx bench/patterns.bench.ts` (add `--refresh` for the daily refresh's total).
 *
 * - detection: the chart patterns of every demo stock and index (both markets, ten years of bars)
 *   on each timeframe's window (105 / 395 / 1,500 sessions, pivot span 3 / 5 / 8), as the snapshot
 *   pass does it once per ticker (the "previous signal" analysis skips them);
 * - the whole analysis of the universe (analyzeTicker, which includes the detection) with and
 *   without the patterns: the share they add to the analysis pass;
 * - `--refresh`: the scheduled refresh of each market's new session on a seeded ten-year demo
 *   database (what bench/market-refresh.bench.ts measures), after; "before" is that total minus the
 *   detection's measured cost for the market (the refresh's only new work).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MARKET_OSLO, MARKET_US, TIMEFRAME_SESSIONS, TIMEFRAMES, type MarketId } from '@/lib/constants';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import {
  analyzeTicker,
  detectPatterns,
  PIVOT_SPAN,
  prepareSeries,
  takeLastSessions,
} from '@/server/domain/analysis';
import { DemoProvider } from '@/server/market-data';
import { generateMarket } from '@/server/market-data/demo';
import { refreshMarket, syncMarketData } from '@/server/services/market';
import { runBench } from './lib';

const END = '2026-11-20';
const STORED = '2026-11-19';
const AFTER_CLOSE: Record<MarketId, Date> = {
  [MARKET_OSLO]: new Date('2026-11-20T16:00:00Z'),
  [MARKET_US]: new Date('2026-11-20T22:00:00Z'),
};

/** Detection over a market's universe x 3 timeframes: wall ms and the patterns found by status. */
function detectMarket(marketId: MarketId): { ms: number; series: number; counts: Record<string, number> } {
  const market = generateMarket(marketId, END);
  const series = [market.index, ...market.tickers.values()]
    .map((b) => prepareSeries(b))
    .filter((s) => s !== null);
  const counts: Record<string, number> = { forming: 0, completed: 0, failed: 0 };
  const t = performance.now();
  for (const s of series) {
    for (const tf of TIMEFRAMES) {
      for (const p of detectPatterns(takeLastSessions(s, TIMEFRAME_SESSIONS[tf]), PIVOT_SPAN[tf]))
        counts[p.status]++;
    }
  }
  return { ms: performance.now() - t, series: series.length, counts };
}

function analysisMs(marketId: MarketId, withPatterns: boolean): number {
  const market = generateMarket(marketId, END);
  const all = [market.index, ...market.tickers.values()];
  const t = performance.now();
  for (const bars of all) analyzeTicker(bars, { usdPerUnit: 1, withPatterns });
  return performance.now() - t;
}

async function main(): Promise<void> {
  const detection = new Map<MarketId, number>();
  for (const marketId of [MARKET_OSLO, MARKET_US] as const) {
    // One warm-up pass (JIT), then the measured one.
    detectMarket(marketId);
    const { ms, series, counts } = detectMarket(marketId);
    detection.set(marketId, ms);
    console.log(
      `detection ${marketId}: ${series} series x 3 timeframes in ${ms.toFixed(0)} ms ` +
        `(${(ms / series).toFixed(2)} ms per series); forming ${counts.forming}, completed ${counts.completed}, failed ${counts.failed}`,
    );
    analysisMs(marketId, true);
    const without = analysisMs(marketId, false);
    const withP = analysisMs(marketId, true);
    console.log(
      `  analyzeTicker over the market: ${without.toFixed(0)} ms without patterns, ${withP.toFixed(0)} ms with ` +
        `(+${(((withP - without) / without) * 100).toFixed(1)} %)`,
    );
  }
  const total = [...detection.values()].reduce((a, b) => a + b, 0);
  console.log(`detection, whole universe x 3 timeframes: ${total.toFixed(0)} ms`);
  if (!process.argv.includes('--refresh')) return;

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-bench-patterns-'));
  const handle = await openDatabase({ url: '', pgliteDir: path.join(dir, 'pglite') });
  try {
    await migrateDatabase(handle);
    await syncMarketData(handle.db, { provider: new DemoProvider(), to: STORED });
    for (const marketId of [MARKET_OSLO, MARKET_US] as const) {
      const t = performance.now();
      const result = await refreshMarket(handle.db, marketId, {
        now: AFTER_CLOSE[marketId],
        provider: new DemoProvider(),
      });
      const after = performance.now() - t;
      const before = after - detection.get(marketId)!;
      console.log(
        `refresh ${marketId} (session ${result.session}, ${result.analysed} tickers): after ${(after / 1000).toFixed(2)} s, ` +
          `before ~${(before / 1000).toFixed(2)} s (after minus the detection's ${detection.get(marketId)!.toFixed(0)} ms)`,
      );
    }
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main, 20 * 60_000);
