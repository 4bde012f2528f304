import { adminAuth } from '@/server/auth/firebaseAdmin';
import { ensureDemoAccounts } from '@/server/services/accounts';
import { ensureDemoPortfolio } from '@/server/services/portfolio';
import { ensureDemoArticles } from '@/server/services/articles';
import { prepareDemoMarketData, type SyncPhase } from '@/server/services/market';
import { withDatabase } from './database';

/**
 * Migrate the database and seed what the embedded defaults need: the demo market data (seeded on
 * the first run, extended to the last weekday on later runs; skipped when EODHD is configured) and
 * the demo accounts (emulator only). Runs in the start script, before the server opens the database.
 * Market data comes first: the demo accounts' portfolio refers to its tickers.
 */
export async function prepareData(opts: {
  seedAccounts: boolean;
  log: (msg: string) => void;
}): Promise<void> {
  await withDatabase(async (handle) => {
    opts.log(`${handle.kind} database migrated`);

    const started = performance.now();
    let phase: SyncPhase | undefined;
    const market = await prepareDemoMarketData(handle.db, {
      onProgress: (p) => {
        if (p.phase === phase || p.phase === 'tickers' || p.phase === 'fx') return;
        phase = p.phase;
        if (p.total > 0) opts.log(`demo market data: ${p.phase} (${p.total})…`);
      },
    });
    // Alert e-mails of an extended demo go out in the background: wait for them before closing.
    await Promise.all((market.result?.alerts ?? []).map((a) => a.emails));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (market.action === 'skipped') {
      opts.log(`demo market data skipped: ${market.reason}`);
    } else {
      const r = market.result!;
      opts.log(
        market.action === 'current'
          ? `demo market data is current (up to ${r.to})`
          : `demo market data ${market.action} up to ${r.to}: ${r.tickers} series, ${r.barsWritten} bars, ` +
              `${r.analysis?.analysed ?? 0} tickers analysed in ${seconds} s`,
      );
    }

    if (opts.seedAccounts) {
      const { createdAuth, createdDb } = await ensureDemoAccounts(handle.db, adminAuth());
      opts.log(`demo accounts ready (${createdAuth} new in the emulator, ${createdDb} new in the database)`);
      if (market.action !== 'skipped') await ensureDemoPortfolio(handle.db);
      const seeded = await ensureDemoArticles(handle.db);
      if (seeded > 0) opts.log(`demo articles seeded (${seeded})`);
    }
  });
}
