/**
 * One market's daily refresh once the provider has published its session (the scheduled
 * `refresh-160` / `refresh-226` jobs, "Run now" on /admin/operations, and `npm run market:sync`
 * when one session is missing): syncMarketData up to the session that is due (bulk first: one bulk
 * day per market, the stored session re-read only when it was read preliminary or for the weekly
 * reconciliation, see marketBulkDays), which recomputes the analysis and
 * delivers the alerts through marketMoved.deliverMarketMoved; then the listeners of
 * server/services/marketEvents hear which signals changed.
 *
 * The provider's calls are counted per UTC day (provider_usage) and kept under
 * EODHD_DAILY_CALL_BUDGET; the session found and when it was fetched are recorded for the
 * operations page (`published:<market>` in sync_state).
 *
 * The sync is resumable (sync_state per series), so a refresh that failed half-way and is retried
 * fetches only what is still missing.
 */
import type { MarketId } from '@/lib/constants';
import type { Db } from '@/server/db';
import { lastDueSession } from '@/server/domain/calendar/marketCalendar';
import { createMarketDataProvider, dailyCallBudget, type MarketDataProvider } from '@/server/market-data';
import {
  addProviderUsage,
  getMarketFreshness,
  getProviderUsage,
  listLatestSignals,
  listTickerRows,
  setSyncState,
} from '@/server/repositories/marketRepository';

import { invalidateMarketCache } from './marketCache';
import { emitMarketRefreshed, type SignalChange } from './marketEvents';
import type { Notify } from './marketMoved';
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
  /** Symbols whose history the provider re-adjusted (re-fetched whole, no alert for it). */
  readjusted: string[];
  /** Requests made and API calls spent by this run (null for a provider that does not count). */
  usage: { requests: number; calls: number } | null;
}

/** The sync_state provider of the operations bookkeeping (publication and fetch times). */
export const OPERATIONS_STATE = 'market-data';
export const publishedKey = (marketId: MarketId) => `published:${marketId}`;

/** The UTC day EODHD counts calls in (its daily limit resets at midnight GMT). */
const usageDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * The configured provider with what is left of today's call budget (EODHD_DAILY_CALL_BUDGET minus
 * the calls already spent today by every run on this database).
 */
export async function budgetedProvider(
  db: Db,
  now: Date,
  env: Record<string, string | undefined> = process.env,
): Promise<MarketDataProvider> {
  if (!env.EODHD_API_TOKEN?.trim()) return createMarketDataProvider(env);
  const spent = await getProviderUsage(db, usageDay(now), 'eodhd');
  return createMarketDataProvider(env, { callBudget: Math.max(0, dailyCallBudget(env) - spent.calls) });
}

/** Add what `provider` spent so far to today's usage (after a run, also a failed one). */
export async function recordProviderUsage(
  db: Db,
  provider: MarketDataProvider,
  now: Date,
  already: { requests: number; calls: number } = { requests: 0, calls: 0 },
): Promise<{ requests: number; calls: number } | null> {
  const usage = provider.usage?.();
  if (!usage) return null;
  const run = { requests: usage.requests - already.requests, calls: usage.calls - already.calls };
  await addProviderUsage(db, usageDay(now), provider.name, run);
  return run;
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
    /** Replaces the alert service (tests). */
    notify?: Notify;
    onProgress?: (p: SyncProgress) => void;
  },
): Promise<RefreshResult> {
  const provider = opts.provider ?? (await budgetedProvider(db, opts.now, opts.env ?? process.env));
  const due = lastDueSession(marketId, opts.now);
  const { lastSession: before } = await getMarketFreshness(db, marketId);
  if (before !== null && before >= due) {
    return {
      marketId,
      due,
      before,
      session: before,
      barsWritten: 0,
      analysed: 0,
      changes: [],
      readjusted: [],
      usage: null,
    };
  }
  const previous = new Map(
    (await listLatestSignals(db, marketId)).map((r) => [`${r.tickerId}:${r.timeframe}`, r.signal]),
  );
  // The signal alerts (in-app notifications and e-mail digests) go out inside this call, through
  // marketMoved.deliverMarketMoved — the one delivery path.
  const usedBefore = provider.usage?.() ?? { requests: 0, calls: 0 };
  const hasTickers = (await listTickerRows(db, { countryId: marketId, isIndex: false })).length > 0;
  let result;
  let usage: { requests: number; calls: number } | null = null;
  try {
    result = await syncMarketData(db, {
      provider,
      to: due,
      now: opts.now,
      markets: [marketId],
      symbols: opts.symbols,
      // The daily refresh reads the stored universe; the symbol list is read on the first run.
      listTickers: !hasTickers,
      historyYears: opts.historyYears,
      notify: opts.notify,
      onProgress: opts.onProgress,
    });
  } finally {
    usage = await recordProviderUsage(db, provider, opts.now, usedBefore);
  }
  invalidateMarketCache();
  const { lastSession: session } = await getMarketFreshness(db, marketId);
  if (session !== null && (before === null || session > before)) {
    // When the session's data was found (fetched): the operations page shows it.
    await setSyncState(db, OPERATIONS_STATE, publishedKey(marketId), session);
  }
  if (session === null || session < due) {
    const failures = result.failures.length > 0 ? `; ${result.failures.length} series failed` : '';
    const spent = usage ? ` (${usage.requests} requests, ${usage.calls} calls)` : '';
    throw new Error(
      `${provider.name} has not published the session of ${due} yet (newest stored: ${session ?? 'none'})${failures}${spent}; a later run picks it up`,
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
    readjusted: result.readjusted,
    usage,
  };
}
