/**
 * Market sync (DESIGN.md §8): pull tickers, daily bars, index members and USD/NOK from a
 * MarketDataProvider into the database, then recompute the analysis snapshots that the market API
 * reads. Used by `npm start` (demo data), `npm run market:sync` and `npm run market:import`.
 *
 * Resumable and incremental: every series has a `sync_state` row (provider + key) with the date of
 * its newest stored bar, written in the same transaction as the bars. A later run asks only for what
 * comes after it, so an interrupted run continues where it stopped and a repeated run writes nothing.
 * The analysis step recomputes exactly the tickers whose newest bar is not the one their latest
 * snapshot covers, so it too resumes after an interruption.
 *
 * The analysis snapshots live in ./analysisSnapshotService.ts and the CSV price import in
 * ./priceImportService.ts; both are re-exported here for existing callers.
 */
import { MARKETS, type MarketId } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { lastDueSession } from '@/server/domain/calendar/marketCalendar';
import {
  createMarketDataProvider,
  findUniverseTicker,
  isMarketDataError,
  UNIVERSE_MARKET_IDS,
  universeMarket,
  type MarketDataProvider,
  type TickerInfo,
} from '@/server/market-data';
import {
  findTickerBySymbol,
  getMarketSource,
  getSyncStates,
  listTickerRows,
  replaceIndexMembers,
  setSyncState,
  upsertDailyBars,
  upsertFxRates,
  upsertMarkets,
  upsertTickers,
  USDNOK_PAIR,
  type TickerRow,
  type TickerUpsert,
} from '@/server/repositories/marketRepository';

import { marketDataChanged, recomputeAnalysis, type AnalysisRunResult } from './analysisSnapshotService';
import { addDays, yearsBefore } from './marketDates';

/** How much history a series gets on its first sync (DESIGN.md §8: ten years). */
export const DEFAULT_HISTORY_YEARS = 10;

export type SyncPhase = 'tickers' | 'fx' | 'bars' | 'analysis';

/** A progress report: `done` of `total` steps of a phase; `item` names the current one. */
export interface SyncProgress {
  phase: SyncPhase;
  done: number;
  total: number;
  item?: string;
}

export interface SyncOptions {
  provider: MarketDataProvider;
  /** Last date to fetch (inclusive), usually lastWeekday(new Date()). */
  to: string;
  /**
   * A market's own last date for its bars, when it differs from `to` (the demo seed: each
   * exchange's last due session). `to` still bounds USD/NOK and the history start.
   */
  toByMarket?: Partial<Record<MarketId, string>>;
  /** Markets to sync (default both). */
  markets?: readonly MarketId[];
  /**
   * Only these symbols (stocks or index symbols such as OSEBX.INDX) in the chosen markets; default:
   * every ticker the provider lists plus each market's main index.
   */
  symbols?: readonly string[];
  /** History on a series' first sync, in years before `to` (default 10). */
  historyYears?: number;
  /** Recompute the analysis afterwards (default true). */
  analyze?: boolean;
  /** Also store the track records (default true; tests that never read them may skip the cost). */
  trackRecords?: boolean;
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
  /** Series the provider could not deliver (unknown symbol, bad data); the rest went on. */
  failures: SyncFailure[];
  analysis: AnalysisRunResult | null;
}

/** Provider errors that concern one series only: note them and go on with the others. */
const PER_SERIES_ERRORS = new Set(['NOT_FOUND', 'UNKNOWN_SYMBOL', 'BAD_RESPONSE', 'INVALID_DATA']);

interface SeriesTask {
  ticker: TickerRow;
  key: string;
  fetch: (range: { from?: string; to: string }) => Promise<Bar[]>;
}

function barsKey(countryId: MarketId, symbol: string): string {
  return `bars:${countryId}:${symbol}`;
}

const FX_KEY = `fx:${USDNOK_PAIR}`;

export function marketRows() {
  return MARKETS.map((m) => ({
    id: m.id,
    exchange: m.exchange,
    name: m.name,
    mainIndex: m.mainIndex,
    mainIndexSymbol: m.mainIndexTickerSymbol,
    currency: m.currency,
    img: m.img,
  }));
}

function stockUpsert(countryId: MarketId, info: TickerInfo): TickerUpsert {
  return {
    countryId,
    symbol: info.symbol,
    name: info.name,
    searchName: foldForSearch(info.name),
    exchange: universeMarket(countryId).exchange,
    currency: info.currency,
    sector: info.sector,
    isin: info.isin,
    img: info.img,
    isIndex: false,
  };
}

function indexUpsert(countryId: MarketId): TickerUpsert {
  const market = universeMarket(countryId);
  return {
    countryId,
    symbol: market.index.symbol,
    name: market.index.name,
    searchName: foldForSearch(market.index.name),
    exchange: market.exchange,
    currency: market.currency,
    sector: null,
    isin: null,
    img: '',
    isIndex: true,
  };
}

/**
 * Sync tickers, bars, index members and USD/NOK from `provider` up to `to`, then (by default)
 * recompute the analysis of every ticker in scope whose bars moved on. One function for one ticker
 * (`symbols: ['EQNR']`) and for the whole universe. A provider failure that concerns one series is
 * listed in `failures`; any other (no access, plan limit, network) stops the run and is thrown —
 * everything stored so far stays, and the next run resumes.
 */
export async function syncMarketData(db: Db, opts: SyncOptions): Promise<SyncResult> {
  const { provider, to } = opts;
  const marketIds = opts.markets ?? UNIVERSE_MARKET_IDS;
  const wanted = opts.symbols ? new Set(opts.symbols.map((s) => s.toUpperCase())) : undefined;
  const firstFrom = yearsBefore(to, opts.historyYears ?? DEFAULT_HISTORY_YEARS);
  const report = opts.onProgress ?? (() => {});
  const marketTo = (countryId: MarketId) => opts.toByMarket?.[countryId] ?? to;

  await upsertMarkets(db, marketRows());
  const states = await getSyncStates(db, provider.name);

  // 1. Tickers and index membership.
  const tasks: SeriesTask[] = [];
  for (const [i, countryId] of marketIds.entries()) {
    report({ phase: 'tickers', done: i, total: marketIds.length, item: String(countryId) });
    const listed = (await provider.listSymbols(countryId)).filter((t) => !wanted || wanted.has(t.symbol));
    const indexSymbol = universeMarket(countryId).index.symbol;
    const withIndex = !wanted || wanted.has(indexSymbol);
    const stored = await upsertTickers(db, [
      ...listed.map((info) => stockUpsert(countryId, info)),
      ...(withIndex ? [indexUpsert(countryId)] : []),
    ]);
    for (const ticker of stored) {
      const symbol = ticker.symbol;
      tasks.push({
        ticker,
        key: barsKey(countryId, symbol),
        fetch: ticker.isIndex
          ? (range) => provider.getIndexBars(countryId, range)
          : (range) => provider.getDailyBars(symbol, countryId, range),
      });
    }
    // The index is made of the market's universe members that are stored (all of them after a full sync).
    const index = await findTickerBySymbol(db, countryId, indexSymbol);
    if (index) {
      const members = (await listTickerRows(db, { countryId, isIndex: false }))
        .filter((t) => findUniverseTicker(countryId, t.symbol) !== undefined)
        .map((t) => t.id);
      await replaceIndexMembers(db, index.id, members);
    }
  }
  report({ phase: 'tickers', done: marketIds.length, total: marketIds.length });

  // 2. USD/NOK (liquidity_risk of NOK tickers, portfolio base currency).
  let fxWritten = 0;
  report({ phase: 'fx', done: 0, total: 1, item: USDNOK_PAIR });
  const fxLast = states.get(FX_KEY) ?? null;
  if (fxLast === null || fxLast < to) {
    const rates = await provider.getUsdNok({ from: fxLast ? addDays(fxLast, 1) : firstFrom, to });
    await db.transaction(async (tx) => {
      fxWritten = await upsertFxRates(tx, USDNOK_PAIR, rates);
      const newest = rates.length > 0 ? rates[rates.length - 1].date : fxLast;
      if (newest !== fxLast) await setSyncState(tx, provider.name, FX_KEY, newest);
    });
  }
  report({ phase: 'fx', done: 1, total: 1 });

  // 3. Bars, one series at a time; each series commits with its sync_state row.
  let barsWritten = 0;
  let upToDate = 0;
  const failures: SyncFailure[] = [];
  for (const [i, task] of tasks.entries()) {
    const { ticker } = task;
    report({ phase: 'bars', done: i, total: tasks.length, item: ticker.symbol });
    const last = states.get(task.key) ?? null;
    const taskTo = marketTo(ticker.countryId as MarketId);
    if (last !== null && last >= taskTo) {
      upToDate += 1;
      continue;
    }
    let bars: Bar[];
    try {
      bars = await task.fetch({ from: last ? addDays(last, 1) : firstFrom, to: taskTo });
    } catch (err) {
      if (isMarketDataError(err) && PER_SERIES_ERRORS.has(err.code)) {
        failures.push({
          countryId: ticker.countryId as MarketId,
          symbol: ticker.symbol,
          message: err.message,
        });
        continue;
      }
      throw err;
    }
    if (bars.length === 0) continue;
    await db.transaction(async (tx) => {
      barsWritten += await upsertDailyBars(tx, ticker.id, bars);
      await setSyncState(tx, provider.name, task.key, bars[bars.length - 1].date);
    });
  }
  report({ phase: 'bars', done: tasks.length, total: tasks.length });

  // The market's data now comes from this provider (the dashboard's demo flag reads it).
  for (const countryId of marketIds) {
    await setSyncState(db, provider.name, `market:${countryId}`, marketTo(countryId));
  }

  const analysis =
    opts.analyze === false
      ? null
      : await recomputeAnalysis(db, {
          tickerIds: tasks.map((t) => t.ticker.id),
          onProgress: opts.onProgress,
          trackRecords: opts.trackRecords,
        });
  // Tickers may have been renamed or added even when no bar moved: readers reload their caches.
  await marketDataChanged(db, analysis?.asOf ?? null);
  return {
    provider: provider.name,
    to,
    tickers: tasks.length,
    upToDate,
    barsWritten,
    fxWritten,
    failures,
    analysis,
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
export { importPriceCsv, marketOfSymbol, type ImportPriceCsvResult } from './priceImportService';
