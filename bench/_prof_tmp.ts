import { performance } from 'node:perf_hooks';
import { MARKET_OSLO } from '@/lib/constants';
import { computeSignalSeries } from '@/server/domain/trackRecord';
import { generateMarket } from '@/server/market-data/demo';
const m = generateMarket(MARKET_OSLO, '2026-11-20');
const list = [...m.tickers.values()].slice(0, 8);
let sig = '';
for (const tf of [1, 2, 3] as const) {
  const t = performance.now();
  for (const b of list) sig += computeSignalSeries(b, tf).signals.map((s) => (s ?? '-')[0]).join('');
  console.log('tf', tf, ((performance.now() - t) / list.length).toFixed(1), 'ms/stock');
}
console.log('hash', require('crypto').createHash('md5').update(sig).digest('hex'));
