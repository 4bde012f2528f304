/**
 * One market's refresh after its session closed (the scheduled `refresh-160` / `refresh-226` jobs):
 * fetch the new bars from the configured provider up to the session that is due, recompute the
 * analysis of the tickers that moved (each snapshot keeps the signal the session before gave, in
 * `previous_signal`, and the older snapshot rows stay), clear the market caches, and tell the
 * listeners of server/services/marketEvents which signals changed. The signal alerts are sent during
 * the sync itself (recomputeAnalysis), not by a listener.
 *
 * The sync is resumable (sync_state per series), so a refresh that failed half-way and is retried
 * fetches only what is still missing.
 */
import type { MarketId } from '@/lib/constants';
import type { Db } from '@/server/db';
import { lastDueSession } from '@/server/domain/calendar/marketCalendar';
import { createMarketDataProvider, type MarketDataProvider } from '@/server/market-data';
import { getMarketFreshness, listLatestSignals } from '@/server/repositories/marketRepository';

import { invalidateMarketCache } from './marketCache';
import { emitMarketRefreshed, type SignalChange } from './marketEvents';
import { syncMarketData, type SyncProgress } from './marketSyncService';

export interface RefreshResult {
  marketId: MarketId;
  /** The session that was due. */
  due: string;
  /** The newest stored session before and after. */
  before: string | null;
  session: string | null;
  barsWritten: number;
  analysed: number;
  changes: SignalChange[];
}

export async function refreshMarket(
  db: Db,
  marketId: MarketId,
  opts: {
    now: Date;
    provider?: MarketDataProvider;
    env?: Record<string, string | undefined>;
    /** Only these symbols (tests, benches); default the provider's whole market. */
    symbols?: readonly string[];
    /** History for series seen the first time (default the sync's ten years). */
    historyYears?: number;
    onProgress?: (p: SyncProgress) => void;
  },
): Promise<RefreshResult> {
  const provider = opts.provider ?? createMarketDataProvider(opts.env ?? process.env);
  const due = lastDueSession(marketId, opts.now);
  const { lastSession: before } = await getMarketFreshness(db, marketId);
  if (before !== null && before >= due) {
    return { marketId, due, before, session: before, barsWritten: 0, analysed: 0, changes: [] };
  }
  const previous = new Map(
    (await listLatestSignals(db, marketId)).map((r) => [`${r.tickerId}:${r.timeframe}`, r.signal]),
  );
  // The signal alerts (in-app notifications and e-mail digests) go out inside this call:
  // syncMarketData → recomputeAnalysis notifies once per market and session after the snapshots are
  // written, so a scheduled refresh sends them without a marketEvents listener (which would send
  // them a second time).
  const result = await syncMarketData(db, {
    provider,
    to: due,
    markets: [marketId],
    symbols: opts.symbols,
    historyYears: opts.historyYears,
    onProgress: opts.onProgress,
  });
  invalidateMarketCache();
  const { lastSession: session } = await getMarketFreshness(db, marketId);
  if (session === null || session < due) {
    const failures = result.failures.length > 0 ? `; ${result.failures.length} series failed` : '';
    throw new Error(
      `${provider.name} has no data for the session of ${due} yet (newest stored: ${session ?? 'none'})${failures}`,
    );
  }
  const changes: SignalChange[] = [];
  for (const row of await listLatestSignals(db, marketId)) {
    const prior = previous.get(`${row.tickerId}:${row.timeframe}`);
    if (prior !== undefined && prior !== row.signal) {
      changes.push({
        tickerId: row.tickerId,
        timeframe: row.timeframe,
        previousSignal: prior,
        signal: row.signal,
      });
    }
  }
  await emitMarketRefreshed({ marketId, session, changes }, db);
  return {
    marketId,
    due,
    before,
    session,
    barsWritten: result.barsWritten,
    analysed: result.analysis?.analysed ?? 0,
    changes,
  };
}
