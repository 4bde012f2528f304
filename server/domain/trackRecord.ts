/**
 * Track record of the signals (issue 17): every past change to buy or sell of one ticker and
 * timeframe, recomputed with the analysis engine as the data stood on each day (no look-ahead), with
 * what happened afterwards. Pure: bars in, plain objects out.
 *
 * The signal of a day is exactly `analyzeTicker(bars up to that day).byTimeframe[tf].signal`. Doing
 * that literally costs a full analysis per session; `computeSignalSeries` gets the same answer by
 * preparing the series once and, per session, computing only what the timeframe's signal depends on
 * (RSI from one Wilder pass, the volume balance, the trend channel on precomputed logs, support and
 * resistance from the history's pivots found once) — and skipping support/resistance when the other
 * three components already decide the signal whatever it is. A test compares it with the literal
 * recomputation.
 */
import { signalForScore, TIMEFRAME_SESSIONS, type Signal, type Timeframe } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
// From the engine's modules directly: these run for every session of a long history, and each
// re-export through the analysis index may cost a call.
import {
  PIVOT_SPAN,
  RSI_NEUTRAL,
  RSI_PERIOD,
  SCORE_WEIGHTS,
  SR_RECENT_SESSIONS,
  VOLUME_BALANCE_SESSIONS,
} from './analysis/constants';
import { computeRsiSeries } from './analysis/rsi';
import { scoreMomentum, scoreSupportResistance, scoreTimeframe, scoreTrend } from './analysis/score';
import { prepareSeries } from './analysis/series';
import {
  clusterPivots,
  dailyRangeRatios,
  findPivots,
  type Pivot,
  type PriceLevel,
  sortPivots,
  toleranceFromRatios,
} from './analysis/supportResistance';
import { fitTrendChannelOnLogs } from './analysis/trendChannel';
import { computeVolumeBalance } from './analysis/volumeBalance';
import { summarizeTrackRecord, type TrackRecordSummary } from './trackRecordSummary';

export {
  summarizeTrackRecord,
  type HorizonSummary,
  type SideSummary,
  type TrackRecordSummary,
} from './trackRecordSummary';

/** Forward horizons in sessions: about one and three months. */
export const TRACK_RECORD_HORIZONS = [22, 66] as const;
export type Horizon = (typeof TRACK_RECORD_HORIZONS)[number];

/**
 * The longest window a track record waits for before its first evaluated session: the medium
 * timeframe's window (18 months), so that the long timeframe (1 500 sessions) has a record over more
 * than the last four years of a ten-year history.
 */
export const TRACK_RECORD_MAX_WINDOW = TIMEFRAME_SESSIONS[2];

/**
 * The first session (0-based, among the sessions that count) whose signal is evaluated: the last
 * session of the timeframe's first full window (TIMEFRAME_SESSIONS − 1), but no later than that of
 * TRACK_RECORD_MAX_WINDOW. A change is only counted from the session after it.
 */
export const TRACK_RECORD_FIRST_SESSION: Record<Timeframe, number> = {
  1: Math.min(TIMEFRAME_SESSIONS[1], TRACK_RECORD_MAX_WINDOW) - 1,
  2: Math.min(TIMEFRAME_SESSIONS[2], TRACK_RECORD_MAX_WINDOW) - 1,
  3: Math.min(TIMEFRAME_SESSIONS[3], TRACK_RECORD_MAX_WINDOW) - 1,
};

/** Rounding slack when the signal is decided from bounds instead of the exact score. */
const BOUND_SLACK = 1e-9;

export interface SignalSeries {
  dates: readonly string[];
  close: Float64Array;
  /** Signal per session; null before `from`. */
  signals: (Signal | null)[];
  from: number;
}

/**
 * The signal of `timeframe` on every session from `from` on (default TRACK_RECORD_FIRST_SESSION),
 * each computed only from the sessions up to it. Sessions that do not count (volume 0) are dropped
 * first, as the engine does.
 */
export function computeSignalSeries(
  bars: readonly Bar[],
  timeframe: Timeframe,
  opts: { from?: number } = {},
): SignalSeries {
  const series = prepareSeries(bars);
  if (series === null) return { dates: [], close: new Float64Array(0), signals: [], from: 0 };
  const { close, high, low, volume, dates } = series;
  const n = series.length;
  const from = Math.max(0, opts.from ?? TRACK_RECORD_FIRST_SESSION[timeframe]);
  const rsi = computeRsiSeries(close);
  const logs = new Float64Array(n);
  for (let i = 0; i < n; i++) logs[i] = Math.log(close[i]);

  const windowSessions = TIMEFRAME_SESSIONS[timeframe];
  const volumeSessions = VOLUME_BALANCE_SESSIONS[timeframe];
  const span = PIVOT_SPAN[timeframe];
  const recent = SR_RECENT_SESSIONS[timeframe];
  const signals: (Signal | null)[] = new Array<Signal | null>(n).fill(null);
  const supportResistanceOf = new SlidingSupportResistance(high, low, span);
  const { trend: wTrend, momentum: wMomentum, volume: wVolume, supportResistance: wSr } = SCORE_WEIGHTS;
  for (let d = from; d < n; d++) {
    const end = d + 1;
    const start = Math.max(0, end - windowSessions);
    // computeRsi reports RSI_NEUTRAL until there are more than RSI_PERIOD closes.
    const momentum = scoreMomentum(end > RSI_PERIOD ? rsi[d] : RSI_NEUTRAL);
    const volumeScore = computeVolumeBalance(close.subarray(0, end), volume.subarray(0, end), volumeSessions);
    const windowClose = close.subarray(start, end);
    const channel = fitTrendChannelOnLogs(windowClose, logs.subarray(start, end), dates, start);
    const trend = scoreTrend(channel);

    // Support/resistance is in [-1, 1] and weighs 0.2: when the rest is far enough from both
    // thresholds, the signal is the same for every value it could take.
    const rest = wTrend * trend + wMomentum * momentum + wVolume * volumeScore;
    const reach = wSr + BOUND_SLACK;
    const low_ = signalForScore(rest - reach);
    if (low_ === signalForScore(rest + reach)) {
      signals[d] = low_;
      continue;
    }
    const sr = supportResistanceOf.window(start, end);
    const supportResistance = scoreSupportResistance(windowClose, sr, recent);
    signals[d] = signalForScore(scoreTimeframe({ trend, supportResistance, momentum, volume: volumeScore }));
  }
  return { dates, close, signals, from };
}

/**
 * The support/resistance levels and tolerance that findSupportResistance finds in windows of one
 * history, for windows that only move forward (start and end never decrease). A window's pivots
 * are the history's pivots at least `span` sessions inside it, found once and kept in sortPivots'
 * order as they enter and leave; the tolerance comes from the daily ranges computed once. Level
 * indexes are relative to the window's start, as findSupportResistance's are.
 */
export class SlidingSupportResistance {
  private readonly inSessionOrder: Pivot[];
  private readonly rankOf: Map<Pivot, number>;
  private readonly rangeRatios: Float64Array;
  /** The window's pivots in price order, and their ranks. */
  private readonly pivots: Pivot[] = [];
  private readonly ranks: number[] = [];
  private entered = 0;
  private left = 0;

  constructor(
    high: ArrayLike<number>,
    low: ArrayLike<number>,
    private readonly span: number,
  ) {
    this.inSessionOrder = findPivots(high, low, span);
    this.rankOf = new Map(sortPivots([...this.inSessionOrder]).map((pivot, rank) => [pivot, rank] as const));
    this.rangeRatios = dailyRangeRatios(high, low);
  }

  window(start: number, end: number): { levels: PriceLevel[]; tolerance: number } {
    const all = this.inSessionOrder;
    while (this.entered < all.length && all[this.entered].index < end - this.span)
      this.add(all[this.entered++]);
    while (this.left < this.entered && all[this.left].index < start + this.span)
      this.remove(all[this.left++]);
    const tolerance = toleranceFromRatios(this.rangeRatios, start, end);
    return { levels: clusterPivots(this.pivots, tolerance, start), tolerance };
  }

  private add(pivot: Pivot): void {
    const rank = this.rankOf.get(pivot)!;
    const at = this.position(rank);
    this.pivots.splice(at, 0, pivot);
    this.ranks.splice(at, 0, rank);
  }

  private remove(pivot: Pivot): void {
    const at = this.position(this.rankOf.get(pivot)!);
    this.pivots.splice(at, 1);
    this.ranks.splice(at, 1);
  }

  /** The first position whose rank is not below `rank`. */
  private position(rank: number): number {
    let lo = 0;
    let hi = this.ranks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.ranks[mid] < rank) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** One change to buy or sell and what followed. Returns are fractions (0.05 = +5 %). */
export interface TrackRecordEntry {
  date: string;
  signal: Exclude<Signal, 'hold'>;
  close: number;
  return22: number | null;
  return66: number | null;
  indexReturn22: number | null;
  indexReturn66: number | null;
}

/** An index's closes by date (ascending), for the market comparison. */
export interface IndexCloses {
  dates: readonly string[];
  close: ArrayLike<number>;
}

/** A session whose signal became buy or sell. */
export interface SignalChangePoint {
  date: string;
  signal: Exclude<Signal, 'hold'>;
}

/**
 * The changes to buy or sell in a signal series: sessions whose signal is buy or sell and differs
 * from the session before. `previous` is the signal of the session before `series.from` when it is
 * known (a resumed computation); without it the first evaluated session is no change.
 */
export function findSignalChanges(series: SignalSeries, previous: Signal | null = null): SignalChangePoint[] {
  const { signals, dates } = series;
  const changes: SignalChangePoint[] = [];
  for (let d = series.from; d < signals.length; d++) {
    const signal = signals[d];
    const before = d === series.from ? previous : signals[d - 1];
    if (signal === null || signal === 'hold' || before === null || signal === before) continue;
    changes.push({ date: dates[d], signal });
  }
  return changes;
}

/**
 * The entries of the changes: the close of the session, the return after 22 and 66 sessions
 * (`close[t+h] / close[t] - 1`, null while those sessions have not happened) and the index's return
 * between the same two dates (its close on or before each date; null when it has none). Changes on
 * dates that are not sessions of `dates` are left out.
 */
export function trackRecordEntries(
  changes: readonly SignalChangePoint[],
  dates: readonly string[],
  close: ArrayLike<number>,
  index: IndexCloses | null,
): TrackRecordEntry[] {
  const n = dates.length;
  const entries: TrackRecordEntry[] = [];
  for (const change of changes) {
    const d = findDate(dates, change.date);
    if (d < 0) continue;
    const forward = (h: number) => (d + h < n ? close[d + h] / close[d] - 1 : null);
    const indexForward = (h: number) => {
      if (d + h >= n || index === null) return null;
      const a = closeOnOrBefore(index, dates[d]);
      const b = closeOnOrBefore(index, dates[d + h]);
      return a === null || b === null ? null : b / a - 1;
    };
    entries.push({
      date: change.date,
      signal: change.signal,
      close: close[d],
      return22: forward(22),
      return66: forward(66),
      indexReturn22: indexForward(22),
      indexReturn66: indexForward(66),
    });
  }
  return entries;
}

/** Position of `date` in ascending `dates`, -1 when absent. */
function findDate(dates: readonly string[], date: string): number {
  let lo = 0;
  let hi = dates.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (dates[mid] === date) return mid;
    if (dates[mid] < date) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The index close on `date` or the closest session before it, null when there is none. */
export function closeOnOrBefore(index: IndexCloses, date: string): number | null {
  let lo = 0;
  let hi = index.dates.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (index.dates[mid] <= date) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found < 0 ? null : index.close[found];
}

/** The index's sessions that count (volume 0 is kept: indexes are often published without volume). */
export function indexClosesFromBars(bars: readonly Bar[]): IndexCloses {
  const kept = bars.filter((b) => b.close > 0 && Number.isFinite(b.close));
  return { dates: kept.map((b) => b.date), close: Float64Array.from(kept, (b) => b.close) };
}

/** What a stored track record keeps to be resumed after new sessions. */
export interface TrackRecordState {
  /** The last session evaluated. */
  through: string;
  /** Its signal. */
  lastSignal: Signal | null;
  changes: readonly SignalChangePoint[];
}

export interface TrackRecord {
  entries: TrackRecordEntry[];
  summary: TrackRecordSummary;
  /** Null when the ticker has no session that counts. */
  state: TrackRecordState | null;
}

/**
 * Track record of one ticker and timeframe from its bars and its market's index. With `resume` (the
 * state stored after an earlier run on the same bars up to `resume.through`) only the sessions after
 * it are evaluated: since a signal depends only on the bars up to its day, the result is the same as
 * a full run. When `resume.through` is not a session of `bars` (history corrected), it runs in full.
 */
export function computeTrackRecord(
  bars: readonly Bar[],
  timeframe: Timeframe,
  index: IndexCloses | null,
  opts: { from?: number; resume?: TrackRecordState | null } = {},
): TrackRecord {
  const first = opts.from ?? TRACK_RECORD_FIRST_SESSION[timeframe];
  let from = first;
  let earlier: readonly SignalChangePoint[] = [];
  let previous: Signal | null = null;
  const resume = opts.resume;
  if (resume) {
    const prepared = prepareSeries(bars);
    const at = prepared ? findDate(prepared.dates, resume.through) : -1;
    if (at >= first) {
      from = at + 1;
      earlier = resume.changes.filter((c) => c.date <= resume.through);
      previous = resume.lastSignal;
    }
  }
  const series = computeSignalSeries(bars, timeframe, { from });
  const changes = [...earlier, ...findSignalChanges(series, previous)];
  const entries = trackRecordEntries(changes, series.dates, series.close, index);
  const n = series.dates.length;
  const lastSignal = n - 1 >= series.from ? series.signals[n - 1] : previous;
  const state: TrackRecordState | null =
    n === 0 ? null : { through: series.dates[n - 1], lastSignal, changes };
  return { entries, summary: summarizeTrackRecord(entries), state };
}
