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
 * Indexes without volume: EODHD publishes OSEBX.INDX and NDX.INDX with volume 0, and the engine
 * drops zero-volume sessions (the rule for stocks, DESIGN.md §6). For indexes only, such sessions are
 * analysed with volume 1: every session counts, and the volume balance becomes the balance of up
 * and down sessions. An index is not traded, so its liquidity_risk is always 1 and its turnover 0.
 * (The demo indexes carry the summed volume of their members and are analysed as they are.)
 */
import { DEFAULT_MARKET, MARKETS, TIMEFRAMES, type MarketId, type Signal } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { analyzeTicker } from '@/server/domain/analysis';
import {
  createMarketDataProvider,
  findUniverseTicker,
  getUniverse,
  isMarketDataError,
  lastWeekday,
  parsePriceCsv,
  UNIVERSE_MARKET_IDS,
  universeMarket,
  type CsvError,
  type MarketDataProvider,
  type TickerInfo,
} from '@/server/market-data';
import {
  bumpMarketDataVersion,
  findTickerBySymbol,
  findTickersNeedingAnalysis,
  getFxRates,
  getLatestAlertedSignals,
  getMarketSource,
  getSyncStates,
  listTickerRows,
  loadBarsForTickers,
  replaceIndexMembers,
  setSyncState,
  upsertDailyBars,
  upsertFxRates,
  upsertMarkets,
  upsertTickers,
  USDNOK_PAIR,
  writeAnalysisSnapshots,
  type FxPoint,
  type NewSnapshotRow,
  type TickerRow,
  type TickerUpsert,
} from '@/server/repositories/marketRepository';

import { signalChangesBetween, type SignalChange } from '@/server/domain/alerts';
import {
  listTrackRecordsOf,
  writeTrackRecords,
  type TrackRecordRow,
} from '@/server/repositories/trackRecordRepository';

import { notifySignalChanges, type NotifyResult } from './alertService';
import { invalidateMarketCache } from './marketCache';
import { addDays, yearsBefore } from './marketDates';
import { buildTrackRecordRows, loadMainIndexCloses } from './trackRecordService';

/** How much history a series gets on its first sync (DESIGN.md §8: ten years). */
export const DEFAULT_HISTORY_YEARS = 10;
/** Tickers analysed per database round trip (bounds memory: ~2,600 bars each). */
const ANALYSIS_BATCH = 30;

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

export interface AnalysisRunResult {
  /** Tickers whose snapshots were (re)written. */
  analysed: number;
  /** Tickers with bars but no session that counts (e.g. only zero volume). */
  skipped: number;
  /** The newest session date analysed in this run, null when nothing was analysed. */
  asOf: string | null;
  /** The alerts of each market and session whose signals changed in this run. */
  alerts: NotifyResult[];
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

function marketRows() {
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
    if (last !== null && last >= to) {
      upToDate += 1;
      continue;
    }
    let bars: Bar[];
    try {
      bars = await task.fetch({ from: last ? addDays(last, 1) : firstFrom, to });
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
  for (const countryId of marketIds) await setSyncState(db, provider.name, `market:${countryId}`, to);

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

/** Tell every reader (this process at once, others through the version stamp) that market data changed. */
async function marketDataChanged(db: Db, asOf: string | null): Promise<void> {
  await bumpMarketDataVersion(db, asOf);
  invalidateMarketCache();
}

/** The last USD/NOK close on or before `date` (binary search in ascending rates), else undefined. */
function rateOnOrBefore(rates: readonly FxPoint[], date: string): number | undefined {
  let lo = 0;
  let hi = rates.length - 1;
  let found: number | undefined;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rates[mid].date <= date) {
      found = rates[mid].rate;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

function countsForAnalysis(bar: Bar): boolean {
  return bar.volume > 0 && Number.isFinite(bar.volume) && bar.close > 0 && Number.isFinite(bar.close);
}

/**
 * The three snapshot rows (timeframes 1–3) of one ticker from its whole bar history, or null when
 * no session counts. `previous_signal` is the signal the same analysis gives without the last
 * session that counts. NOK figures are converted to USD for liquidity_risk at the USD/NOK close of
 * the last session (or the closest before it; the universe's reference rate when none is stored).
 */
export function buildSnapshotRows(
  ticker: Pick<TickerRow, 'id' | 'countryId' | 'currency' | 'isIndex'>,
  bars: readonly Bar[],
  usdNok: readonly FxPoint[],
  computedAt: Date,
): NewSnapshotRow[] | null {
  const input = ticker.isIndex ? bars.map((b) => (b.volume > 0 ? b : { ...b, volume: 1 })) : bars;
  let lastCounted = input.length - 1;
  while (lastCounted >= 0 && !countsForAnalysis(input[lastCounted])) lastCounted -= 1;
  if (lastCounted < 0) return null;

  const lastDate = input[lastCounted].date;
  const nokPerUsd = rateOnOrBefore(usdNok, lastDate) ?? usdNok[0]?.rate ?? getUniverse().fx.USDNOK;
  const usdPerUnit = ticker.currency === 'USD' ? 1 : 1 / nokPerUsd;
  const now = analyzeTicker(input, { usdPerUnit });
  if (now === null) return null;
  const before = analyzeTicker(input.slice(0, lastCounted), { usdPerUnit });

  return TIMEFRAMES.map((timeframe): NewSnapshotRow => {
    const a = now.byTimeframe[timeframe];
    const previousSignal: Signal | null = before ? before.byTimeframe[timeframe].signal : null;
    return {
      tickerId: ticker.id,
      timeframe,
      date: now.last.date,
      isLatest: true,
      countryId: ticker.countryId,
      isIndex: ticker.isIndex,
      close: now.last.close,
      changePct: now.last.changePct,
      // The stored volume of the session, not the unit volume an index was analysed with.
      volume: bars[lastCounted].volume,
      technicalScore: a.technicalScore,
      signal: a.signal,
      previousSignal,
      overallScore: now.overall,
      trendScore: a.components.trend,
      supportResistanceScore: a.components.supportResistance,
      momentumScore: a.components.momentum,
      volumeScore: a.components.volume,
      rsi: a.rsi,
      volbal5: a.volbal5,
      volbal22: a.volbal22,
      volbal66: a.volbal66,
      volatilityPct: a.volatilityPct,
      volatilityRisk: a.volatilityRisk,
      turnoverAvg66: ticker.isIndex ? 0 : a.turnoverAvg66,
      liquidityRisk: ticker.isIndex ? 1 : a.liquidityRisk,
      trend: a.trend,
      supports: a.supports,
      resistances: a.resistances,
      computedAt,
    };
  });
}

/**
 * Recompute the analysis snapshots (all three timeframes) of the tickers in `tickerIds` (default:
 * every ticker) whose newest bar is not covered by their latest snapshot — or of all of them with
 * `force`. Reads each ticker's whole history, so every figure is reproducible from the stored bars.
 * The same pass stores each stock's track record, and the overall and medium-term signals that
 * changed against the latest snapshots before the run go to the alerts (one call per market and
 * session, after every snapshot is written; `notify` replaces the alert listener in tests).
 */
export async function recomputeAnalysis(
  db: Db,
  opts: {
    tickerIds?: readonly number[];
    force?: boolean;
    onProgress?: (p: SyncProgress) => void;
    trackRecords?: boolean;
    notify?: (
      db: Db,
      refresh: { marketId: number; session: string; changes: SignalChange[] },
    ) => Promise<NotifyResult>;
  } = {},
): Promise<AnalysisRunResult> {
  const report = opts.onProgress ?? (() => {});
  const all = await listTickerRows(db);
  const byId = new Map(all.map((t) => [t.id, t]));
  const ids = opts.force
    ? (opts.tickerIds ?? all.map((t) => t.id)).filter((id) => byId.has(id))
    : await findTickersNeedingAnalysis(db, opts.tickerIds);
  const usdNok = await getFxRates(db, USDNOK_PAIR);
  const withTrackRecords = opts.trackRecords ?? true;
  const indexCloses =
    ids.length > 0 && withTrackRecords ? await loadMainIndexCloses(db, UNIVERSE_MARKET_IDS) : new Map();
  const computedAt = new Date();

  let analysed = 0;
  let skipped = 0;
  let asOf: string | null = null;
  // Signal changes per market and session ("160|2026-11-24").
  const changes = new Map<string, SignalChange[]>();
  for (let start = 0; start < ids.length; start += ANALYSIS_BATCH) {
    report({ phase: 'analysis', done: start, total: ids.length });
    const batch = ids.slice(start, start + ANALYSIS_BATCH);
    const [series, before, storedRecords] = await Promise.all([
      loadBarsForTickers(db, batch),
      getLatestAlertedSignals(db, batch),
      // A forced run (corrected bars) recomputes the track records from the start.
      opts.force || !withTrackRecords ? [] : listTrackRecordsOf(db, batch),
    ]);
    const rows: NewSnapshotRow[] = [];
    const trackRows: TrackRecordRow[] = [];
    for (const id of batch) {
      const ticker = byId.get(id)!;
      const bars = series.get(id) ?? [];
      const built = buildSnapshotRows(ticker, bars, usdNok, computedAt);
      if (built === null) {
        skipped += 1;
        continue;
      }
      analysed += 1;
      rows.push(...built);
      if (asOf === null || built[0].date > asOf) asOf = built[0].date;
      if (withTrackRecords) {
        trackRows.push(
          ...buildTrackRecordRows(ticker, bars, indexCloses.get(ticker.countryId) ?? null, storedRecords),
        );
      }
      const medium = built.find((r) => r.timeframe === 2)!;
      const changed = signalChangesBetween(id, before.get(id), {
        signal: medium.signal as Signal,
        overallScore: medium.overallScore,
      });
      if (changed.length > 0) {
        const key = `${ticker.countryId}|${medium.date}`;
        changes.set(key, [...(changes.get(key) ?? []), ...changed]);
      }
    }
    await writeAnalysisSnapshots(db, rows);
    await writeTrackRecords(db, trackRows);
  }
  report({ phase: 'analysis', done: ids.length, total: ids.length });
  if (analysed > 0) await marketDataChanged(db, asOf);

  const notify = opts.notify ?? notifySignalChanges;
  const alerts: NotifyResult[] = [];
  for (const [key, list] of changes) {
    const [marketId, session] = key.split('|');
    try {
      alerts.push(await notify(db, { marketId: Number(marketId), session, changes: list }));
    } catch (err) {
      // The analysis is stored; a failing alert run must not fail the sync.
      console.error(`alerts for market ${marketId} ${session} failed:`, err);
    }
  }
  return { analysed, skipped, asOf, alerts };
}

export type PrepareDemoAction = 'seeded' | 'extended' | 'current' | 'skipped';

/**
 * `npm start`: without EODHD_API_TOKEN, make sure the demo market data exists and reaches the last
 * weekday — seed it on the first run, extend it on later runs (a few new sessions plus their
 * analysis). With a token, or when a market already holds data from another provider, nothing is
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
    to: lastWeekday(opts.today ?? new Date()),
    onProgress: opts.onProgress,
  });
  const action: PrepareDemoAction = !seededBefore
    ? 'seeded'
    : result.barsWritten > 0 || (result.analysis?.analysed ?? 0) > 0
      ? 'extended'
      : 'current';
  return { action, result };
}

/**
 * The market a symbol belongs to when the import does not say: the one market that already stores
 * it, else the one universe market that lists it, else Oslo Børs (the default market).
 */
export async function marketOfSymbol(db: Db, symbol: string): Promise<MarketId> {
  const stored: MarketId[] = [];
  for (const countryId of UNIVERSE_MARKET_IDS) {
    if (await findTickerBySymbol(db, countryId, symbol)) stored.push(countryId);
  }
  if (stored.length === 1) return stored[0];
  const listed = UNIVERSE_MARKET_IDS.filter(
    (countryId) => findUniverseTicker(countryId, symbol) || universeMarket(countryId).index.symbol === symbol,
  );
  return listed.length === 1 ? listed[0] : DEFAULT_MARKET;
}

export type ImportPriceCsvResult =
  | { ok: false; errors: CsvError[] }
  | {
      ok: true;
      tickerId: number;
      countryId: MarketId;
      symbol: string;
      /** A new ticker row was created for the symbol. */
      created: boolean;
      rows: number;
      barsWritten: number;
      /** Stock rows with volume 0 are not stored (DESIGN.md §6 drops them anyway). */
      zeroVolumeDropped: number;
      analysis: AnalysisRunResult;
    };

/**
 * `npm run market:import`: store a CSV price file (`date,open,high,low,close,volume`) as the bars of
 * one ticker, creating the ticker when the market does not have it, then recompute its analysis.
 * All or nothing: a file with any bad row writes nothing and returns every problem with its line.
 * Rows for dates already stored replace them.
 */
export async function importPriceCsv(
  db: Db,
  opts: { csv: string; symbol: string; countryId?: MarketId; name?: string },
): Promise<ImportPriceCsvResult> {
  const parsed = parsePriceCsv(opts.csv);
  if (parsed.errors.length > 0) return { ok: false, errors: parsed.errors };
  if (parsed.bars.length === 0)
    return { ok: false, errors: [{ line: 2, message: 'the file has no price rows' }] };

  const symbol = opts.symbol.trim().toUpperCase();
  const countryId = opts.countryId ?? (await marketOfSymbol(db, symbol));
  const market = universeMarket(countryId);
  const isIndex = symbol === market.index.symbol;
  const bars = isIndex ? parsed.bars : parsed.bars.filter((b) => b.volume > 0);
  if (bars.length === 0) {
    return { ok: false, errors: [{ line: 2, message: 'every row has volume 0: nothing to analyse' }] };
  }

  await upsertMarkets(db, marketRows());
  let ticker = await findTickerBySymbol(db, countryId, symbol);
  const created = ticker === undefined;
  if (!ticker) {
    const member = findUniverseTicker(countryId, symbol);
    const name = opts.name?.trim() || member?.name || (isIndex ? market.index.name : symbol);
    [ticker] = await upsertTickers(db, [
      {
        countryId,
        symbol,
        name,
        searchName: foldForSearch(name),
        exchange: market.exchange,
        currency: market.currency,
        sector: member?.sector ?? null,
        isin: null,
        img: member?.img ?? '',
        isIndex,
      },
    ]);
  }
  const tickerId = ticker.id;
  const barsWritten = await db.transaction((tx) => upsertDailyBars(tx, tickerId, bars));
  const analysis = await recomputeAnalysis(db, { tickerIds: [tickerId], force: true });
  return {
    ok: true,
    tickerId,
    countryId,
    symbol,
    created,
    rows: parsed.bars.length,
    barsWritten,
    zeroVolumeDropped: parsed.bars.length - bars.length,
    analysis,
  };
}
