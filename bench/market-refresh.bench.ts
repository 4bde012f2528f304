/**
 * Market refresh and backup benchmark: prints figures, asserts nothing.
 * Run with `npm run bench market-refresh`.
 *
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
import { DemoProvider } from '@/server/market-data';
import { createBackup } from '@/server/services/backupService';
import { refreshMarket } from '@/server/services/marketRefreshService';
import { syncMarketData } from '@/server/services/marketSyncService';
import { runBench } from './lib';

/** Stored up to Thursday 19 November 2026; the refresh brings Friday the 20th. */
const STORED = '2026-11-19';
const AFTER_CLOSE: Record<MarketId, Date> = {
  [MARKET_OSLO]: new Date('2026-11-20T16:00:00Z'), // 17:00 in Oslo
  [MARKET_US]: new Date('2026-11-20T22:00:00Z'), // 17:00 in New York
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
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
