/**
 * Market refresh and backup benchmark: prints figures, asserts nothing.
 * Run with `npm run bench market-refresh`.
 *
 * - EODHD's cost of the daily refresh: the whole universe served by the local EODHD stand-in
 *   (__tests__/helpers/fakeEodhd.ts on 127.0.0.1, nothing leaves the machine); prints the requests
 *   (bulk among them) and API calls of the first import and of a week of daily refreshes of both
 *   markets: a session read final, one read preliminary (re-read the next day), the weekly
 *   reconciliation. `npx tsx bench/market-refresh.bench.ts --eodhd-only` prints only these.
 * - The scheduled refresh of one market's new session for its whole demo universe (fetch the new
 *   bars, recompute the analysis of every ticker, stamp the caches): target <= 5 s per market.
 * - A backup of the demo database (ten years of the whole universe) on PGlite: size and time.
 *
 * On embedded PGlite in a temporary directory, like `npm start`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { MARKET_OSLO, MARKET_US, type MarketId } from '@/lib/constants';
import { migrateDatabase, openDatabase } from '@/server/db/client';
import { DemoProvider, universeMarket, universeTickers } from '@/server/market-data';
import { createBackup } from '@/server/services/operations';
import { refreshMarket } from '@/server/services/market';
import { syncMarketData } from '@/server/services/market';
import { FakeEodhd, rawSeries, weekdays } from '../__tests__/helpers/fakeEodhd';
import { runBench } from './lib';

/** Stored up to Thursday 19 November 2026; the refresh brings Friday the 20th. */
const STORED = '2026-11-19';
const AFTER_CLOSE: Record<MarketId, Date> = {
  [MARKET_OSLO]: new Date('2026-11-20T16:00:00Z'), // 17:00 in Oslo
  [MARKET_US]: new Date('2026-11-20T22:00:00Z'), // 17:00 in New York
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Requests and calls of the first import and of a daily refresh, against the local EODHD stand-in. */
async function eodhdCost(): Promise<void> {
  const fake = new FakeEodhd();
  await fake.start();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-bench-eodhd-'));
  const handle = await openDatabase({ url: '', pgliteDir: path.join(dir, 'pglite') });
  try {
    await migrateDatabase(handle);
    const dates = weekdays('2025-10-01', '2026-10-23');
    for (const marketId of [MARKET_OSLO, MARKET_US] as const) {
      const exchange = marketId === MARKET_OSLO ? 'OL' : 'US';
      for (const [i, t] of universeTickers(marketId).entries()) {
        fake.add({ code: t.symbol, exchange, name: t.name, days: rawSeries(dates, 50 + i, 1_000_000) });
      }
      const index = universeMarket(marketId).index.symbol.replace('.INDX', '');
      fake.add({ code: index, exchange: 'INDX', name: index, days: rawSeries(dates, 1000, 0) });
    }
    fake.add({ code: 'USDNOK', exchange: 'FOREX', name: 'USD/NOK', days: rawSeries(dates, 10.5, 0) });
    const env = fake.env();
    const week = { requests: 0, calls: 0, bulk: 0 };
    /** One day's refresh of both markets: Oslo at 19:50 Oslo time, the US at `usAt` New York time. */
    const run = async (label: string, day: string, usAt: 'scheduled 17:05' | 'final 20:30', count = true) => {
      for (const ex of ['OL', 'US', 'INDX', 'FOREX']) fake.publishedThrough.set(ex, day);
      fake.requests.length = 0;
      const t = performance.now();
      const oslo = await refreshMarket(handle.db, MARKET_OSLO, {
        now: new Date(`${day}T17:50:00Z`),
        env,
        historyYears: 1,
      });
      // 17:05 New York = 21:05Z; 20:30 New York = 00:30Z the next day (EDT, UTC-4).
      const usNow =
        usAt === 'scheduled 17:05'
          ? new Date(`${day}T21:05:00Z`)
          : new Date(Date.parse(`${day}T00:30:00Z`) + 86_400_000);
      const us = await refreshMarket(handle.db, MARKET_US, { now: usNow, env, historyYears: 1 });
      const requests = (oslo.usage?.requests ?? 0) + (us.usage?.requests ?? 0);
      const calls = (oslo.usage?.calls ?? 0) + (us.usage?.calls ?? 0);
      const bulk = fake.countRequests('eod-bulk-last-day/');
      if (count) {
        week.requests += requests;
        week.calls += calls;
        week.bulk += bulk;
      }
      console.log(
        `EODHD ${label} (${day}, US ${usAt}): ${requests} requests (${bulk} bulk), ${calls} API calls ` +
          `(Oslo ${oslo.usage?.requests}/${oslo.usage?.calls}, US ${us.usage?.requests}/${us.usage?.calls}) in ${seconds(performance.now() - t)}`,
      );
    };
    await run('first import (one year, per ticker)', '2026-10-14', 'final 20:30', false);
    // A week of daily refreshes (marketBulkDays): one bulk day per market for a session read final;
    // a US session read at the scheduled 17:05 is preliminary and re-read once the next day; the
    // fifth session after the import's mark re-reads the marked session (weekly reconciliation).
    await run('daily refresh', '2026-10-15', 'final 20:30');
    await run('daily refresh', '2026-10-16', 'scheduled 17:05');
    await run('daily refresh, preliminary US session re-read', '2026-10-19', 'final 20:30');
    await run('daily refresh', '2026-10-20', 'final 20:30');
    await run('daily refresh, weekly reconciliation', '2026-10-21', 'final 20:30');
    console.log(
      `  five daily refreshes: ${week.requests} requests (${week.bulk} bulk), ${week.calls} API calls ` +
        `(before, with a daily overlap re-read: 2 bulk days per market a day, 20 bulk requests)`,
    );
    const series = universeTickers(MARKET_OSLO).length + universeTickers(MARKET_US).length + 3;
    console.log(
      `  (per ticker, as before bulk: ${series} requests and ${series} calls for the same daily refresh)`,
    );
  } finally {
    await handle.close();
    await fake.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  await eodhdCost();
  // `npx tsx bench/market-refresh.bench.ts --eodhd-only`: only the requests and calls above.
  if (process.argv.includes('--eodhd-only')) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-bench-refresh-'));
  const handle = await openDatabase({ url: '', pgliteDir: path.join(dir, 'pglite') });
  try {
    await migrateDatabase(handle);
    let t = performance.now();
    const seed = await syncMarketData(handle.db, { provider: new DemoProvider(), to: STORED });
    console.log(
      `seed (ten years, whole universe, up to ${STORED}): ${seed.tickers} series, ${seed.barsWritten} bars in ${seconds(performance.now() - t)}`,
    );

    for (const marketId of [MARKET_OSLO, MARKET_US] as const) {
      t = performance.now();
      const result = await refreshMarket(handle.db, marketId, {
        now: AFTER_CLOSE[marketId],
        provider: new DemoProvider(),
      });
      const ms = performance.now() - t;
      console.log(
        `refresh ${marketId} (session ${result.session}): ${result.barsWritten} bars, ${result.analysed} tickers analysed, ` +
          `${result.changes.length} signal changes in ${seconds(ms)} (target <= 5 s)`,
      );
    }

    t = performance.now();
    const manifest = await createBackup(handle, { dir: path.join(dir, 'backups'), env: {} });
    const ms = performance.now() - t;
    const dataBytes = dirSize(path.join(dir, 'pglite'));
    console.log(
      `backup (PGlite dumpDataDir, gzip): ${(manifest.database.size / 1024 / 1024).toFixed(1)} MB ` +
        `(data directory ${(dataBytes / 1024 / 1024).toFixed(1)} MB) in ${seconds(ms)}, sha256 included`,
    );
  } finally {
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function dirSize(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? dirSize(full) : fs.statSync(full).size;
  }
  return total;
}

runBench(main, 20 * 60_000);
