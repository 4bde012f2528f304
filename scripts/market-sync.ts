// npm run market:sync [-- --to YYYY-MM-DD] [--market 160|226] [--symbol EQNR …] [--full-analysis]
// Sync the configured provider (EODHD with EODHD_API_TOKEN, else the demo generator) into the
// database (PGlite in DATA_DIR or DATABASE_URL), then recompute the analysis. Resumable: run it
// again after an interruption and it continues where it stopped. Safe to schedule.
import { errorText } from '@/server/logging/describeError';
import { parseArgs } from 'node:util';

import { isMarketId, type MarketId } from '@/lib/constants';
import { isIsoDate, isMarketDataError, lastWeekday } from '@/server/market-data';
import { recomputeAnalysis } from '@/server/services/market';
import { budgetedProvider, recordProviderUsage } from '@/server/services/market';
import { syncMarketData } from '@/server/services/market';

import { withDatabase } from './lib/database';
import { loadEnvironment } from './lib/env';
import { createProgressBar } from './market-progress';

const USAGE =
  'Usage: npm run market:sync [-- --to YYYY-MM-DD] [--market 160|226] [--symbol SYMBOL …] [--full-analysis]';

function options() {
  const { values } = parseArgs({
    options: {
      to: { type: 'string' },
      market: { type: 'string', multiple: true },
      symbol: { type: 'string', multiple: true },
      'full-analysis': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const to = values.to ?? lastWeekday(new Date());
  if (!isIsoDate(to)) throw new Error(`--to must be a date written YYYY-MM-DD, got "${to}"`);
  const markets = values.market?.map((m): MarketId => {
    const id = Number(m);
    if (!isMarketId(id)) throw new Error(`--market must be 160 or 226, got "${m}"`);
    return id;
  });
  return { to, markets, symbols: values.symbol, fullAnalysis: values['full-analysis'] };
}

async function main(): Promise<void> {
  loadEnvironment();
  const opts = options();
  const bar = createProgressBar();
  const started = performance.now();
  await withDatabase(async (handle) => {
    // The same code path as the scheduled refresh: bulk days when the market is a few sessions
    // behind, per-ticker history otherwise; the calls count against EODHD_DAILY_CALL_BUDGET.
    const now = new Date();
    const provider = await budgetedProvider(handle.db, now);
    console.error(`[market:sync] ${provider.name} provider, up to ${opts.to}`);
    try {
      const result = await syncMarketData(handle.db, {
        provider,
        to: opts.to,
        markets: opts.markets,
        symbols: opts.symbols,
        onProgress: bar.update,
      });
      const forced = opts.fullAnalysis
        ? await recomputeAnalysis(handle.db, { force: true, onProgress: bar.update })
        : undefined;
      bar.finish();
      const analysis = forced ?? result.analysis;
      console.log(
        `[market:sync] ${result.tickers} series (${result.upToDate} already current), ` +
          `${result.barsWritten} bars and ${result.fxWritten} USD/NOK rates written, ` +
          `${analysis?.analysed ?? 0} tickers analysed${analysis?.asOf ? ` (as of ${analysis.asOf})` : ''} ` +
          `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      // The alert e-mails go out in the background; the database stays open until they are done.
      // (A forced re-computation brings no new session and alerts nobody.)
      const alerts = result.alerts;
      const sent = (await Promise.all(alerts.map((a) => a.emails))).flat();
      const notified = alerts.reduce((n, a) => n + a.created, 0);
      if (notified > 0 || sent.length > 0) {
        console.log(
          `[market:sync] ${notified} notifications, ${sent.filter((o) => o.sent).length} of ${sent.length} e-mails sent`,
        );
      }
      for (const f of result.failures)
        console.warn(`[market:sync] skipped ${f.symbol} (${f.countryId}): ${f.message}`);
      if (result.failures.length > 0) process.exitCode = 2;
      if (result.bulkMarkets.length > 0)
        console.log(`[market:sync] bulk days for markets ${result.bulkMarkets.join(', ')}`);
    } catch (err) {
      bar.finish();
      if (isMarketDataError(err)) {
        throw new Error(
          `${err.message}\nEverything fetched so far is stored: run npm run market:sync again to resume.`,
        );
      }
      throw err;
    } finally {
      const usage = await recordProviderUsage(handle.db, provider, now);
      if (usage) console.log(`[market:sync] ${usage.requests} requests, ${usage.calls} API calls`);
    }
  });
}

main().catch((err) => {
  console.error(`[market:sync] ${errorText(err)}`);
  console.error(USAGE);
  process.exitCode = 1;
});
