/**
 * Prints how long the demo generator takes for the whole universe (every ticker of both markets,
 * both indexes built from their members, USD/NOK) up to the last weekday.
 * Run: npx tsx bench/demo-generator.bench.ts [endDate]
 */
import { generateUniverseData, lastWeekday } from '@/server/market-data/demo';

const endDate = process.argv[2] ?? lastWeekday(new Date());
const runs: number[] = [];
let bars = 0;
for (let i = 0; i < 5; i += 1) {
  const start = performance.now();
  const data = generateUniverseData(endDate);
  runs.push(performance.now() - start);
  bars = 0;
  for (const market of Object.values(data.markets)) {
    for (const series of market.tickers.values()) bars += series.length;
    bars += market.index.length;
  }
}
const tickers = Object.values(generateUniverseData(endDate).markets).reduce((n, m) => n + m.tickers.size, 0);
const warm = runs.slice(1).sort((a, b) => a - b);
console.log(
  `demo generator, whole universe up to ${endDate}: ${tickers} tickers + 2 indexes + USD/NOK, ${bars} bars`,
);
console.log(`  first run (cold): ${runs[0].toFixed(0)} ms`);
console.log(
  `  warm runs: median ${warm[Math.floor(warm.length / 2)].toFixed(0)} ms, best ${warm[0].toFixed(0)} ms`,
);
