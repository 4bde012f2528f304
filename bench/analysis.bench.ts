/**
 * Analysis engine benchmark: prints figures, asserts nothing. Run with `npx tsx bench/analysis.bench.ts`.
 * Targets (DESIGN.md §6 work order): the whole universe (165 tickers x 2600 bars, three timeframes)
 * in <= 2 s on one core; RSI over 1,000,000 closes in <= 30 ms.
 */
import { performance } from 'node:perf_hooks';
import { RSI } from 'trading-signals';
import type { Bar } from '@/lib/types/market';
import { analyzeTicker, computeRsi } from '@/server/domain/analysis';
import { mulberry32 } from '@/server/market-data/demo/prng';

const TICKERS = 165;
const BARS = 2600;
const RSI_POINTS = 1_000_000;
const RUNS = 5;

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** A random walk with a per-ticker drift, volatility and price level; one zero-volume session in 200. */
function syntheticBars(seed: number): Bar[] {
  const random = mulberry32(seed);
  const drift = (random() - 0.5) * 0.002;
  const sigma = 0.01 + random() * 0.03;
  let close = 10 ** (random() * 4);
  const bars: Bar[] = [];
  const day0 = Date.UTC(2016, 0, 4);
  for (let i = 0; i < BARS; i++) {
    const open = close;
    close = open * Math.exp(drift + sigma * normal(random));
    bars.push({
      date: new Date(day0 + i * 86_400_000).toISOString().slice(0, 10),
      open,
      high: Math.max(open, close) * (1 + random() * sigma),
      low: Math.min(open, close) * (1 - random() * sigma),
      close,
      volume: random() < 0.005 ? 0 : Math.round(1e4 + random() * 1e6),
    });
  }
  return bars;
}

function bestOf(runs: number, task: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    task();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

const universe = Array.from({ length: TICKERS }, (_, k) => syntheticBars(1000 + k));

let signals = { buy: 0, hold: 0, sell: 0 };
const firstUniverseMs = (() => {
  const start = performance.now();
  for (const bars of universe) analyzeTicker(bars, { usdPerUnit: 1 });
  return performance.now() - start;
})();
const universeMs = bestOf(RUNS, () => {
  signals = { buy: 0, hold: 0, sell: 0 };
  for (const bars of universe) {
    const result = analyzeTicker(bars, { usdPerUnit: 1 });
    if (result) signals[result.overallSignal]++;
  }
});

const walk = mulberry32(7);
const closes = new Float64Array(RSI_POINTS);
closes[0] = 100;
for (let i = 1; i < RSI_POINTS; i++) closes[i] = closes[i - 1] * Math.exp(0.01 * normal(walk));

let ours = 0;
const rsiMs = bestOf(RUNS, () => {
  ours = computeRsi(closes);
});
let theirs = null as number | null;
const tradingSignalsMs = bestOf(RUNS, () => {
  const rsi = new RSI(14);
  for (let i = 0; i < RSI_POINTS; i++) theirs = rsi.add(closes[i]);
});

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(`universe: ${TICKERS} tickers x ${BARS} bars, timeframes 1-3`);
console.log(`  analyzeTicker, first run (cold):   ${fmt(firstUniverseMs)}`);
console.log(`  analyzeTicker, best of ${RUNS}:          ${fmt(universeMs)}  (target <= 2000 ms)`);
console.log(`  overall signals: buy ${signals.buy}, hold ${signals.hold}, sell ${signals.sell}`);
console.log(`RSI(14) over ${RSI_POINTS.toLocaleString('en-US')} closes, best of ${RUNS}:`);
console.log(`  computeRsi:                        ${fmt(rsiMs)}  (target <= 30 ms)`);
console.log(`  trading-signals RSI.add:           ${fmt(tradingSignalsMs)}`);
console.log(
  `  last values: ours ${ours.toFixed(9)}, trading-signals ${theirs === null ? 'null' : theirs.toFixed(9)}`,
);
