/**
 * Market sync (DESIGN.md §8): pull tickers, daily bars, index members and USD/NOK from a
 * MarketDataProvider into the database, then recompute the analysis snapshots that the market API
 * reads. The one code path of every refresh: the scheduled jobs and "Run now"
 * (marketRefreshService.refreshMarket), `npm run market:sync`, `npm start`'s demo data.
 *
 * Split by concern: the series a run covers (./marketSyncTickers), which bulk days it reads and
 * their bookkeeping (./marketBulkDays), how a re-adjusted history is recognised
 * (./marketAdjustments), how USD/NOK and one series' bars are read and stored (./marketSyncBars);
 * this module runs the steps in order.
 *
 * Resumable and incremental: every series has a `sync_state` row (provider + key) with the date of
 * its newest stored bar, written in the same transaction as the bars. A later run asks for what
 * comes after it:
 *
 * - Bulk first: when the provider has a bulk day (EODHD's `eod-bulk-last-day/{EX}`, one request for
 *   a whole exchange) and every stock of the market is stored and at most BULK_MAX_SESSIONS behind,
 *   the stocks come from one bulk request per NEW session; the stored session is re-read only when
 *   it was read preliminary, and once a week for reconciliation (marketBulkDays explains both and
 *   their cost). A stock missing from a published bulk day is fetched per ticker (a gap). First
 *   imports and re-adjustments use per-ticker history.
 * - Per-ticker requests (gaps, indexes, markets far behind) cost the same whatever their range, so
 *   they re-read OVERLAP_SESSIONS stored sessions: late index rows and preliminary volume are
 *   corrected there for free.
 * - Re-adjustment: when a re-read day's price differs from the stored one, the provider has
 *   re-adjusted the history (`adjusted_close` is retroactive: a split or a dividend rewrites every
 *   earlier adjusted value) — the ticker's whole series is fetched again and replaces the stored
 *   one, and its analysis and track record are recomputed without an alert for the re-adjustment
 *   itself (recomputeAnalysis `readjusted`). A new day that steps like a split asks the provider's
 *   splits for that ticker (the split guard below).
 * - A session not yet published (the bulk answer holds an earlier day) is simply not stored: the
 *   next scheduled run picks it up.
 *
 * The analysis step recomputes the tickers whose newest bar is not the one their latest snapshot
 * covers, plus the corrected and re-adjusted ones; the signal changes it returns are delivered
 * through marketMoved.deliverMarketMoved (the one delivery path).
 */
import { describeError } from '@/server/logging/describeError';
import { type MarketId } from '@/lib/constants';
import { yearsBefore } from '@/lib/dates';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { lastDueSession } from '@/server/domain/calendar/marketCalendar';
import {
  createMarketDataProvider,
  isMarketDataError,
  UNIVERSE_MARKET_IDS,
  type MarketDataProvider,
} from '@/server/market-data';
import {
  getMarketSource,
  getSyncStates,
  setSyncState,
  upsertMarkets,
  USDNOK_PAIR,
} from '@/server/repositories/marketRepository';

import type { NotifyResult } from '@/server/services/alerts';
import { marketDataChanged, recomputeAnalysis, type AnalysisRunResult } from './analysisSnapshotService';
import { FX_KEY, syncSeriesBars, syncUsdNok } from './marketSyncBars';
import { syncDividends, type DividendSyncResult } from './marketDividends';
import { planBulkDays, readBulkDays, recordBulkSessions, type BulkPlan } from './marketBulkDays';
import { deliverMarketMoved, type Notify } from './marketMoved';
import { INDEX_MEMBERS_STATE, marketRows, type SyncProgress } from './marketShared';
import { syncSeriesTasks } from './marketSyncTickers';

export type { SyncPhase, SyncProgress } from './marketShared';
export { historyReadjusted, isSplitLike } from './marketAdjustments';
export { BULK_MAX_SESSIONS } from './marketBulkDays';
export { stockUpsert } from './marketSyncTickers';
export { OVERLAP_SESSIONS } from './marketSyncBars';

/** How much history a series gets on its first sync (DESIGN.md §8: ten years). */
export const DEFAULT_HISTORY_YEARS = 10;

export interface SyncOptions {
  provider: MarketDataProvider;
  /** Last date to fetch (inclusive), usually lastWeekday(new Date()). */
  to: string;
  /**
   * A market's own last date for its bars, when it differs from `to` (the demo seed: each
   * exchange's last due session). `to` still bounds USD/NOK and the history start.
   */
  toByMarket?: Partial<Record<MarketId, string>>;
  /** When the run reads the data (default now): a session read before it is final is re-read once. */
  now?: Date;
  /** Markets to sync (default both). */
  markets?: readonly MarketId[];
  /**
   * Only these symbols (stocks or index symbols such as OSEBX.INDX) in the chosen markets; default:
   * every ticker of the market plus each market's main index.
   */
  symbols?: readonly string[];
  /**
   * Ask the provider for the market's symbol list (default true). The daily refresh passes false
   * once the market has tickers: the list costs a request and changes rarely.
   */
  listTickers?: boolean;
  /** History on a series' first sync, in years before `to` (default 10). */
  historyYears?: number;
  /** Recompute the analysis afterwards (default true). */
  analyze?: boolean;
  /** Also store the track records (default true; tests that never read them may skip the cost). */
  trackRecords?: boolean;
  /** Replaces the alert service (tests). */
  notify?: Notify;
  onProgress?: (progress: SyncProgress) => void;
}

export interface SyncFailure {
  countryId: MarketId;
  symbol: string;
  message: string;
}

export interface SyncResult {
  provider: MarketDataProvider['name'];
  to: string;
  /** Stocks and indexes in scope. */
  tickers: number;
  /** Series that were already up to date (no request made). */
  upToDate: number;
  barsWritten: number;
  fxWritten: number;
  /** Symbols whose whole history was re-fetched because the provider re-adjusted it. */
  readjusted: string[];
  /** Dividends written and the series whose dividends failed (issue 41). */
  dividends: DividendSyncResult;
  /** Markets whose stocks came from bulk days in this run. */
  bulkMarkets: MarketId[];
  /** Series the provider could not deliver (unknown symbol, bad data); the rest went on. */
  failures: SyncFailure[];
  analysis: AnalysisRunResult | null;
  /** The alerts delivered for the new sessions (e-mails go out in the background). */
  alerts: NotifyResult[];
}

/** Provider errors that concern one series only: note them and go on with the others. */
const PER_SERIES_ERRORS = new Set(['NOT_FOUND', 'UNKNOWN_SYMBOL', 'BAD_RESPONSE', 'INVALID_DATA']);

/**
 * Sync tickers, bars, index members and USD/NOK from `provider` up to `to`, then (by default)
 * recompute the analysis of every ticker in scope whose bars moved on and deliver the alerts. One
 * function for one ticker (`symbols: ['EQNR']`), the daily refresh and the whole universe. A
 * provider failure that concerns one series is listed in `failures`; any other (no access, plan
 * limit, budget, network) stops the run and is thrown — everything stored so far stays, and the
 * next run resumes.
 */
export async function syncMarketData(db: Db, opts: SyncOptions): Promise<SyncResult> {
  const { provider, to } = opts;
  const now = opts.now ?? new Date();
  const marketIds = opts.markets ?? UNIVERSE_MARKET_IDS;
  const wanted = opts.symbols ? new Set(opts.symbols.map((s) => s.toUpperCase())) : undefined;
  const firstFrom = yearsBefore(to, opts.historyYears ?? DEFAULT_HISTORY_YEARS);
  const report = opts.onProgress ?? (() => {});
  const marketTo = (countryId: MarketId) => opts.toByMarket?.[countryId] ?? to;

  await upsertMarkets(db, marketRows());
  const states = await getSyncStates(db, provider.name);

  // 1. Tickers and index membership.
  const tasks = await syncSeriesTasks(db, {
    provider,
    marketIds,
    wanted,
    listTickers: opts.listTickers ?? true,
    adminMembers: await getSyncStates(db, INDEX_MEMBERS_STATE.provider),
    report,
  });

  // 2. USD/NOK (liquidity_risk of NOK tickers, portfolio base currency), with an overlap.
  report({ phase: 'fx', done: 0, total: 1, item: USDNOK_PAIR });
  const fxWritten = await syncUsdNok(db, provider, { last: states.get(FX_KEY) ?? null, firstFrom, to });
  report({ phase: 'fx', done: 1, total: 1 });

  // 3. Bars. Bulk days first (per market), then per-ticker requests for everything else.
  let barsWritten = 0;
  let upToDate = 0;
  const failures: SyncFailure[] = [];
  const readjusted = new Map<number, string>();
  const corrected = new Set<number>();
  const bulkMarkets: MarketId[] = [];
  const bulkPlans = new Map<MarketId, BulkPlan>();
  const fromBulk = new Map<number, Bar[]>();
  /** The newest stored session per series after this run (for the bulk bookkeeping). */
  const stored = new Map<string, string>();

  const pending = tasks.filter((task) => {
    const last = states.get(task.key) ?? null;
    if (last !== null) stored.set(task.key, last);
    if (last !== null && last >= marketTo(task.ticker.countryId as MarketId)) {
      upToDate += 1;
      return false;
    }
    return true;
  });

  if (provider.getBulkDay) {
    for (const countryId of marketIds) {
      // Stocks seen the first time (a new listing) get their history per ticker below; the others
      // may still come from bulk days.
      const stocks = pending.flatMap((t) => {
        const last = states.get(t.key) ?? null;
        return t.ticker.countryId === countryId && !t.ticker.isIndex && last !== null
          ? [{ tickerId: t.ticker.id, symbol: t.ticker.symbol, last }]
          : [];
      });
      const plan = planBulkDays(
        countryId,
        stocks.map((s) => s.last),
        marketTo(countryId),
        states,
      );
      if (!plan) continue;
      bulkMarkets.push(countryId);
      bulkPlans.set(countryId, plan);
      const read = await readBulkDays(provider, countryId, plan, stocks, (item) =>
        report({ phase: 'bars', done: 0, total: pending.length, item }),
      );
      for (const [tickerId, bars] of read) fromBulk.set(tickerId, bars);
    }
  }

  for (const [i, task] of pending.entries()) {
    const { ticker } = task;
    report({ phase: 'bars', done: i, total: pending.length, item: ticker.symbol });
    const last = states.get(task.key) ?? null;
    const countryId = ticker.countryId as MarketId;
    try {
      const bulk = fromBulk.get(ticker.id);
      const outcome = await syncSeriesBars(db, provider, task, {
        last,
        firstFrom,
        to: marketTo(countryId),
        bulk,
        rereadFrom: bulk ? bulkPlans.get(countryId)?.dates[0] : undefined,
      });
      if (outcome.readjusted) readjusted.set(ticker.id, ticker.symbol);
      if (outcome.failure !== undefined) {
        failures.push({ countryId, symbol: ticker.symbol, message: outcome.failure });
        continue;
      }
      barsWritten += outcome.written;
      if (outcome.written > 0 && last !== null) corrected.add(ticker.id);
      const newest = outcome.newest;
      if (newest !== undefined && (last === null || newest > last)) stored.set(task.key, newest);
    } catch (err) {
      if (isMarketDataError(err) && PER_SERIES_ERRORS.has(err.code)) {
        failures.push({ countryId, symbol: ticker.symbol, message: describeError(err).message });
        continue;
      }
      throw err;
    }
  }
  report({ phase: 'bars', done: pending.length, total: pending.length });

  for (const countryId of marketIds) {
    // The market's data now comes from this provider (the dashboard's demo flag reads it).
    await setSyncState(db, provider.name, `market:${countryId}`, marketTo(countryId));
    if (!provider.getBulkDay) continue;
    // Which stock session was read preliminary, and the reconciliation mark (marketBulkDays).
    const newest = tasks
      .filter((t) => t.ticker.countryId === countryId && !t.ticker.isIndex)
      .map((t) => stored.get(t.key))
      .reduce<string | null>((a, b) => (b !== undefined && (a === null || b > a) ? b : a), null);
    if (newest === null) continue;
    await recordBulkSessions(db, provider.name, countryId, {
      newest,
      now,
      reconciled: bulkPlans.get(countryId)?.reconcile ?? false,
      states,
    });
  }

  // 4. Dividends up to the same dates (issue 41): history per ticker once, then bulk days.
  const dividends = await syncDividends(
    db,
    provider,
    tasks.map((t) => t.ticker).filter((t) => !t.isIndex),
    { firstFrom, toOf: marketTo },
  );

  const analysis =
    opts.analyze === false
      ? null
      : await recomputeAnalysis(db, {
          tickerIds: tasks.map((t) => t.ticker.id),
          corrected,
          readjusted: new Set(readjusted.keys()),
          onProgress: opts.onProgress,
          trackRecords: opts.trackRecords,
        });
  // Tickers may have been renamed or added even when no bar moved: readers reload their caches.
  await marketDataChanged(db, analysis?.asOf ?? null);
  const alerts = analysis ? await deliverMarketMoved(db, analysis.moved, { notify: opts.notify }) : [];
  return {
    provider: provider.name,
    to,
    tickers: tasks.length,
    upToDate,
    barsWritten,
    fxWritten,
    dividends,
    readjusted: [...readjusted.values()],
    bulkMarkets,
    failures,
    analysis,
    alerts,
  };
}

/**
 * Where the demo data ends at `now`: each market at its last due session (lastDueSession, the
 * scheduled refresh's rule), USD/NOK at the later of the two (a day's rate exists once a market
 * has closed).
 */
export function demoSyncEnds(now: Date): { to: string; toByMarket: Partial<Record<MarketId, string>> } {
  const toByMarket: Partial<Record<MarketId, string>> = {};
  let to = '';
  for (const countryId of UNIVERSE_MARKET_IDS) {
    const due = lastDueSession(countryId, now);
    toByMarket[countryId] = due;
    if (due > to) to = due;
  }
  return { to, toByMarket };
}

export type PrepareDemoAction = 'seeded' | 'extended' | 'current' | 'skipped';

/**
 * `npm start`: without EODHD_API_TOKEN, make sure the demo market data exists and reaches each
 * market's last due session — seed it on the first run, extend it on later runs (a few new sessions
 * plus their analysis). The end is the scheduled refresh's rule (lastDueSession): no bar on a
 * holiday or weekend, and today's only once the exchange has closed and its refresh is due. With a token, or when a market already holds data from another provider, nothing is
 * done here: real data comes from `npm run market:sync`.
 */
export async function prepareDemoMarketData(
  db: Db,
  opts: {
    today?: Date;
    env?: Record<string, string | undefined>;
    onProgress?: (p: SyncProgress) => void;
  } = {},
): Promise<{ action: PrepareDemoAction; reason?: string; result?: SyncResult }> {
  const provider = createMarketDataProvider(opts.env ?? process.env);
  if (provider.name !== 'demo') {
    return { action: 'skipped', reason: `${provider.name} is configured: run npm run market:sync` };
  }
  for (const countryId of UNIVERSE_MARKET_IDS) {
    const source = await getMarketSource(db, countryId);
    if (source !== undefined && source !== 'demo') {
      return { action: 'skipped', reason: `market ${countryId} holds ${source} data` };
    }
  }
  const seededBefore = (await getSyncStates(db, provider.name)).size > 0;
  const result = await syncMarketData(db, {
    provider,
    ...demoSyncEnds(opts.today ?? new Date()),
    onProgress: opts.onProgress,
  });
  const action: PrepareDemoAction = !seededBefore
    ? 'seeded'
    : result.barsWritten > 0 || (result.analysis?.analysed ?? 0) > 0
      ? 'extended'
      : 'current';
  return { action, result };
}

export { buildSnapshotRows, recomputeAnalysis, type AnalysisRunResult } from './analysisSnapshotService';
export { marketRows } from './marketShared';
