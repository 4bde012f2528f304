/**
 * Analysis snapshots (DESIGN.md §6): the three timeframes' analysis of each ticker from its whole bar
 * history, written as the ticker's latest snapshots, and the market-data stamp that tells every
 * reader (this process at once, other instances through the database) to reload.
 *
 * Indexes without volume: EODHD publishes OSEBX.INDX and NDX.INDX with volume 0, and the engine
 * drops zero-volume sessions (the rule for stocks, DESIGN.md §6). For indexes only, such sessions are
 * analysed with volume 1: every session counts, and the volume balance becomes the balance of up
 * and down sessions. An index is not traded, so its liquidity_risk is always 1 and its turnover 0.
 * (The demo indexes carry the summed volume of their members and are analysed as they are.)
 */
import { errorText } from '@/server/logging/describeError';
import { TIMEFRAMES, type Signal } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { analyzeTicker, computeEarlyWarnings, prepareSeries } from '@/server/domain/analysis';
import {
  patternsCompletedBetween,
  signalChangesBetween,
  type CompletedPattern,
  type ExDividend,
  type SignalChange,
  type SignalRefresh,
  type TriggeredPriceAlert,
} from '@/server/domain/alerts';
import { getUniverse, UNIVERSE_MARKET_IDS } from '@/server/market-data';
import {
  bumpMarketDataVersion,
  findTickersNeedingAnalysis,
  getFxRates,
  getLatestAlertedSignals,
  listDividendsGoingEx,
  listTickerRows,
  loadBarsForTickers,
  USDNOK_PAIR,
  writeAnalysisSnapshots,
  type FxPoint,
  type NewSnapshotRow,
  type TickerRow,
} from '@/server/repositories/marketRepository';
import {
  listTrackRecordsOf,
  writeTrackRecords,
  type TrackRecordRow,
} from '@/server/repositories/trackRecordRepository';

import { invalidateMarketCache } from './marketCache';
import { toListPatterns, toPatternDto } from './patternDto';
import type { SyncProgress } from './marketShared';
import { checkPriceAlerts } from '@/server/services/alerts';
import { buildTrackRecordRows, loadMainIndexCloses } from './trackRecordService';

/** Tickers analysed per database round trip (bounds memory: ~2,600 bars each). */
const ANALYSIS_BATCH = 30;

export interface AnalysisRunResult {
  /** Tickers whose snapshots were (re)written. */
  analysed: number;
  /** Tickers with bars but no session that counts (e.g. only zero volume). */
  skipped: number;
  /** The newest session date analysed in this run, null when nothing was analysed. */
  asOf: string | null;
  /**
   * The alerted signal changes of this run per market and session (empty for tickers whose history
   * was only re-adjusted, see `readjusted`). Nothing is sent here: the caller hands them to
   * marketMoved.deliverMarketMoved, the one delivery path.
   */
  moved: SignalRefresh[];
}

/**
 * The price alerts of a run (issue 25): each market and session's closes against the armed alerts,
 * after the signal alerts: a triggered alert is appended to the notification a signal change of the
 * same user, ticker and session wrote (or makes a new one). Like the signal alerts, a failure is logged and does not
 * fail the sync. (One function so that the refresh's single alert-delivery path can call it.)
 */
async function deliverPriceAlerts(
  db: Db,
  closesBySession: ReadonlyMap<string, ReadonlyMap<number, number>>,
  now: Date,
): Promise<Map<string, TriggeredPriceAlert[]>> {
  const bySession = new Map<string, TriggeredPriceAlert[]>();
  for (const [key, closes] of closesBySession) {
    const session = key.split('|')[1];
    try {
      const { triggered } = await checkPriceAlerts(db, { session, closes, now });
      if (triggered.length > 0) {
        bySession.set(
          key,
          triggered.map(({ id, ...rest }) => ({ alertId: id, ...rest })),
        );
      }
    } catch (err) {
      console.error(`price alerts for ${key} failed: ${errorText(err)}`);
    }
  }
  return bySession;
}

/** Tell every reader (this process at once, others through the version stamp) that market data changed. */
export async function marketDataChanged(db: Db, asOf: string | null): Promise<void> {
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
 * no session counts. Each row carries its timeframe's early-warning levels. `previous_signal` is the signal the same analysis gives without the last
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
  // Only its signals are used: no chart patterns (issue 42's bench: they would double their cost).
  const before = analyzeTicker(input.slice(0, lastCounted), { usdPerUnit, withPatterns: false });
  // Computed with the snapshot, so the ticker route only reads it (issue 25).
  const earlyWarnings = computeEarlyWarnings(prepareSeries(input)!);

  return TIMEFRAMES.map((timeframe): NewSnapshotRow => {
    const a = now.byTimeframe[timeframe];
    const patterns = a.patterns.map(toPatternDto);
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
      earlyWarning: earlyWarnings[timeframe],
      patterns,
      activePatterns: toListPatterns(patterns),
      computedAt,
    };
  });
}

/**
 * Recompute the analysis snapshots (all three timeframes) of the tickers in `tickerIds` (default:
 * every ticker) whose newest bar is not covered by their latest snapshot — or of all of them with
 * `force`. Reads each ticker's whole history, so every figure is reproducible from the stored bars.
 * The same pass stores each stock's track record, and returns the overall and medium-term signals
 * that changed against the latest snapshots before the run (`moved`, per market and session). It
 * sends nothing: the caller delivers them through marketMoved.deliverMarketMoved.
 *
 * `readjusted`: tickers whose whole history was re-fetched because the provider re-adjusted it (a
 * split or a dividend). Their track record is recomputed from the start, and their alert baseline is
 * the re-adjusted history's own analysis without the last session (`previous_signal`), not the
 * snapshot computed from the old prices: the re-adjustment itself moves no signal.
 */
export async function recomputeAnalysis(
  db: Db,
  opts: {
    tickerIds?: readonly number[];
    force?: boolean;
    onProgress?: (p: SyncProgress) => void;
    /** Also store the track records (default true). */
    trackRecords?: boolean;
    /** Tickers whose stored bars were corrected (the overlap): recomputed even when current. */
    corrected?: ReadonlySet<number>;
    /** Tickers whose whole history was just re-adjusted by the provider (see above). */
    readjusted?: ReadonlySet<number>;
    /** The clock of the price alerts' trigger time (default: when the run started). */
    now?: Date;
  } = {},
): Promise<AnalysisRunResult> {
  const report = opts.onProgress ?? (() => {});
  const all = await listTickerRows(db);
  const byId = new Map(all.map((t) => [t.id, t]));
  const readjusted = opts.readjusted ?? new Set<number>();
  const needed = opts.force
    ? (opts.tickerIds ?? all.map((t) => t.id)).filter((id) => byId.has(id))
    : await findTickersNeedingAnalysis(db, opts.tickerIds);
  // A corrected or re-adjusted ticker is recomputed even when its newest session did not move.
  const extra = [...(opts.corrected ?? []), ...readjusted].filter((id) => byId.has(id));
  const ids = [...new Set([...needed, ...extra])];
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
  // The session's close of every analysed ticker, per market and session (for the price alerts).
  const closes = new Map<string, Map<number, number>>();
  // Issue 42: medium-term patterns that completed in the sessions the run brought, per market and session.
  const patterns = new Map<string, CompletedPattern[]>();
  // Issue 41: per market, the newest session before the run (over tickers analysed before) and after it.
  const reached = new Map<number, { before: string | null; session: string }>();
  for (let start = 0; start < ids.length; start += ANALYSIS_BATCH) {
    report({ phase: 'analysis', done: start, total: ids.length });
    const batch = ids.slice(start, start + ANALYSIS_BATCH);
    const [series, before, storedRecords] = await Promise.all([
      loadBarsForTickers(db, batch),
      getLatestAlertedSignals(db, batch),
      // A forced run (corrected bars) recomputes the track records from the start; so does a
      // re-adjusted history (listTrackRecordsOf's rows of it are dropped below).
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
        const stored = readjusted.has(id) ? storedRecords.filter((r) => r.tickerId !== id) : storedRecords;
        trackRows.push(
          ...buildTrackRecordRows(ticker, bars, indexCloses.get(ticker.countryId) ?? null, stored),
        );
      }
      const medium = built.find((r) => r.timeframe === 2)!;
      const sessionKey = `${ticker.countryId}|${medium.date}`;
      closes.set(sessionKey, (closes.get(sessionKey) ?? new Map<number, number>()).set(id, medium.close));
      const previous = before.get(id);
      const market = reached.get(ticker.countryId) ?? { before: null, session: medium.date };
      if (medium.date > market.session) market.session = medium.date;
      if (previous && (market.before === null || previous.date > market.before))
        market.before = previous.date;
      reached.set(ticker.countryId, market);
      // A ticker analysed for the first time tells nobody anything (as its signals).
      const completed = previous
        ? patternsCompletedBetween(id, medium.patterns ?? [], previous.date, medium.date)
        : [];
      if (completed.length > 0) patterns.set(sessionKey, [...(patterns.get(sessionKey) ?? []), ...completed]);
      const baseline = readjusted.has(id)
        ? readjustedBaseline(ticker, bars, usdNok, computedAt)
        : before.get(id);
      const changed = signalChangesBetween(id, baseline, {
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

  // Price alerts compare the run's closes with the armed alerts; a forced re-computation brings no
  // new session and checks none. The triggered ones travel with the session's signal changes to
  // deliverMarketMoved, which puts both in one e-mail digest.
  const priced = opts.force
    ? new Map<string, TriggeredPriceAlert[]>()
    : await deliverPriceAlerts(db, closes, opts.now ?? computedAt);
  // Ex-dates (issue 41) and completed patterns (issue 42) come only with new sessions, like the
  // price alerts: a forced re-computation tells nobody about them.
  const exDividends = opts.force ? new Map<string, ExDividend[]>() : await dividendsGoingEx(db, reached);
  if (opts.force) patterns.clear();
  const keys = new Set([...changes.keys(), ...priced.keys(), ...patterns.keys(), ...exDividends.keys()]);
  const moved: SignalRefresh[] = [...keys].map((key) => {
    const [marketId, session] = key.split('|');
    const priceAlerts = priced.get(key);
    const completed = patterns.get(key);
    const goingEx = exDividends.get(key);
    return {
      marketId: Number(marketId),
      session,
      changes: changes.get(key) ?? [],
      ...(priceAlerts ? { priceAlerts } : {}),
      ...(completed ? { patterns: completed } : {}),
      ...(goingEx ? { exDividends: goingEx } : {}),
    };
  });
  return { analysed, skipped, asOf, moved };
}

/**
 * Issue 41: each market's dividends going ex in the sessions the run brought: after the newest
 * session stored before it, up to the newest it reached (an ex-date on a weekend or holiday comes
 * with the next session). A market none of whose analysed tickers had a snapshot before (a first
 * import) has none; one whose session did not move (a repeated run) has none either. A failure is
 * logged and does not fail the sync.
 */
async function dividendsGoingEx(
  db: Db,
  reached: ReadonlyMap<number, { before: string | null; session: string }>,
): Promise<Map<string, ExDividend[]>> {
  const out = new Map<string, ExDividend[]>();
  for (const [countryId, { before, session }] of reached) {
    if (before === null || before >= session) continue;
    try {
      const rows = await listDividendsGoingEx(db, countryId, before, session);
      if (rows.length > 0) {
        out.set(
          `${countryId}|${session}`,
          rows.map(({ tickerId, exDate, payDate, amount, currency }) => ({
            tickerId,
            exDate,
            payDate,
            amount,
            currency,
          })),
        );
      }
    } catch (err) {
      console.error(`ex-date alerts for market ${countryId} ${session} failed: ${errorText(err)}`);
    }
  }
  return out;
}

/**
 * The alert baseline of a re-adjusted ticker: the medium-term signal and overall score that the
 * re-adjusted history gives without its last session that counts, or undefined (nothing to compare).
 */
function readjustedBaseline(
  ticker: TickerRow,
  bars: readonly Bar[],
  usdNok: readonly FxPoint[],
  computedAt: Date,
): { signal: Signal; overallScore: number } | undefined {
  let last = bars.length - 1;
  while (last >= 0 && !countsForAnalysis(bars[last])) last -= 1;
  if (last <= 0) return undefined;
  const rows = buildSnapshotRows(ticker, bars.slice(0, last), usdNok, computedAt);
  const medium = rows?.find((r) => r.timeframe === 2);
  return medium ? { signal: medium.signal as Signal, overallScore: medium.overallScore } : undefined;
}
