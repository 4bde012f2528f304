/**
 * Track-record benchmark (issue 17): prints figures, asserts nothing. Run with
 * `npx tsx bench/track-record.bench.ts`.
 * - compute: the track record of every demo stock (both markets, ten years of bars) for timeframes
 *   1–3, as the sync does it (target <= 10 s on one core);
 * - read: the stored record of one ticker and timeframe from PGlite, as the API reads it
 *   (target <= 20 ms).
 */
import { performance } from 'node:perf_hooks';
import { MARKET_OSLO, MARKET_US, TIMEFRAMES } from '@/lib/constants';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { indexClosesFromBars } from '@/server/domain/trackRecord';
import { generateMarket } from '@/server/market-data/demo';
import { upsertMarkets, upsertTickers } from '@/server/repositories/marketRepository';
import { writeTrackRecords, type TrackRecordRow } from '@/server/repositories/trackRecordRepository';
import { getTickerTrackRecord } from '@/server/services/market';
import { buildTrackRecordRows } from '@/server/services/market';
import { percentile } from './lib';

const END = '2026-11-20';
const READS = 200;

async function main(): Promise<void> {
  const markets = [MARKET_OSLO, MARKET_US].map((id) => generateMarket(id, END));
  const stocks = markets.reduce((n, m) => n + m.tickers.size, 0);
  const bars = markets.reduce((n, m) => n + [...m.tickers.values()].reduce((k, b) => k + b.length, 0), 0);

  const rows: TrackRecordRow[] = [];
  let id = 0;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  for (const market of markets) {
    const index = indexClosesFromBars(market.index);
    for (const tickerBars of market.tickers.values()) {
      id += 1;
      rows.push(
        ...buildTrackRecordRows({ id, countryId: market.marketId, isIndex: false }, tickerBars, index),
      );
    }
  }
  const computeMs = performance.now() - start;
  // CPU time of this process: on a shared machine the wall time also counts the others' work.
  const cpu = process.cpuUsage(cpu0);
  const computeCpuMs = (cpu.user + cpu.system) / 1000;
  const entries = rows.reduce((n, r) => n + r.entries.length, 0);
  const perTimeframe = TIMEFRAMES.map((tf) =>
    rows.filter((r) => r.timeframe === tf).reduce((n, r) => n + r.entries.length, 0),
  );

  console.log(`universe: ${stocks} stocks, ${bars.toLocaleString('en-US')} bars, timeframes 1-3`);
  console.log(
    `  compute all track records: ${(computeMs / 1000).toFixed(2)} s wall, ${(computeCpuMs / 1000).toFixed(2)} s CPU  (target <= 10 s on one core)`,
  );
  console.log(
    `  per stock: ${(computeMs / stocks).toFixed(1)} ms; entries ${entries} (tf1 ${perTimeframe[0]}, tf2 ${perTimeframe[1]}, tf3 ${perTimeframe[2]})`,
  );

  const handle = await openDatabase({ url: '', pgliteDir: 'memory://' });
  try {
    await migrateDatabase(handle);
    const db = handle.db;
    await upsertMarkets(db, [
      {
        id: MARKET_OSLO,
        exchange: 'OL',
        name: 'Oslo Børs',
        mainIndex: 'Hovedindeksen',
        mainIndexSymbol: 'OSEBX.INDX',
        currency: 'NOK',
      },
      {
        id: MARKET_US,
        exchange: 'NASDAQ',
        name: 'US Stocks',
        mainIndex: 'NASDAQ 100',
        mainIndexSymbol: 'NDX.INDX',
        currency: 'USD',
      },
    ]);
    const stored = [];
    for (const market of markets) {
      for (const symbol of market.tickers.keys()) {
        stored.push(
          ...(await upsertTickers(db, [
            {
              countryId: market.marketId,
              symbol,
              name: symbol,
              searchName: symbol.toLowerCase(),
              exchange: 'X',
              currency: market.marketId === MARKET_OSLO ? 'NOK' : 'USD',
              sector: null,
              isin: null,
              img: '',
              isIndex: false,
            },
          ])),
        );
      }
    }
    const idMap = new Map(stored.map((t, i) => [i + 1, t.id]));
    const writeStart = performance.now();
    await writeTrackRecords(
      db,
      rows.map((r) => ({ ...r, tickerId: idMap.get(r.tickerId)! })),
    );
    console.log(`  store ${rows.length} rows in PGlite: ${(performance.now() - writeStart).toFixed(0)} ms`);

    const times: number[] = [];
    for (let i = 0; i < READS; i++) {
      const tickerId = stored[i % stored.length].id;
      const t0 = performance.now();
      await getTickerTrackRecord(db, { tickerId, timeframe: TIMEFRAMES[i % 3] });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(
      `  read one record (PGlite, ${READS} reads): p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms  (target <= 20 ms)`,
    );
  } finally {
    await handle.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
