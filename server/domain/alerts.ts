/**
 * Signal alerts (issue 17): which signal changes matter and who is told. Pure.
 *
 * A change matters when a refresh moves a ticker's overall signal or its medium-term (timeframe 2)
 * signal. A user is told about a ticker they hold in a portfolio whose `subscription` flag is on, or
 * have on the watchlist with alerts on, once per ticker and session.
 */
import { signalForScore, type Signal, type Timeframe } from '@/lib/constants';
import { quantityAfter, ZERO, type Transaction } from './portfolio';

/** A change of one ticker's signal in a refresh (the refresh hook's shape). */
export interface SignalChange {
  tickerId: number;
  /** 'overall' or a timeframe; only 'overall' and 2 are alerted. */
  timeframe: Timeframe | 'overall';
  previousSignal: Signal;
  signal: Signal;
}

/** What a refresh reports: the market, the session it reached and the signals that changed. */
export interface SignalRefresh {
  marketId: number;
  session: string;
  changes: readonly SignalChange[];
  /**
   * The price alerts this session triggered (issue 25): already stored as notification lines; the
   * delivery puts them in the same e-mail digest as the signal changes.
   */
  priceAlerts?: readonly TriggeredPriceAlert[];
}

/** A triggered price alert as the digest shows it. */
export interface TriggeredPriceAlert {
  uid: string;
  tickerId: number;
  alertId: number;
  direction: 'above' | 'below';
  price: number;
  close: number;
}

/** The alerted part of a ticker's latest analysis: the medium-term signal and the overall score. */
export interface AlertedSignals {
  signal: Signal;
  overallScore: number;
}

/**
 * The alerted changes between the latest analysis before a refresh and after it: overall first,
 * then medium term. None when there was no analysis before (a first sync tells nobody anything).
 */
export function signalChangesBetween(
  tickerId: number,
  before: AlertedSignals | undefined,
  after: AlertedSignals,
): SignalChange[] {
  if (!before) return [];
  const changes: SignalChange[] = [];
  const [was, now] = [signalForScore(before.overallScore), signalForScore(after.overallScore)];
  if (was !== now) changes.push({ tickerId, timeframe: 'overall', previousSignal: was, signal: now });
  if (before.signal !== after.signal) {
    changes.push({ tickerId, timeframe: 2, previousSignal: before.signal, signal: after.signal });
  }
  return changes;
}

/** The changes of a refresh that alerts are about (overall or medium term, the signal really moved), by ticker. */
export function alertedChangesByTicker(changes: readonly SignalChange[]): Map<number, SignalChange[]> {
  const out = new Map<number, SignalChange[]>();
  for (const change of changes) {
    if (change.timeframe !== 'overall' && change.timeframe !== 2) continue;
    if (change.previousSignal === change.signal) continue;
    const list = out.get(change.tickerId) ?? [];
    // One entry per timeframe: a repeated one replaces the earlier.
    const kept = list.filter((c) => c.timeframe !== change.timeframe);
    kept.push(change);
    out.set(change.tickerId, kept);
  }
  return out;
}

/** True when the transactions of one ticker in one portfolio (in (date, id) order) leave shares held. */
export function holdsShares(transactions: readonly Transaction[]): boolean {
  let held = ZERO;
  for (const tx of transactions) held = quantityAfter(held, tx);
  return held.gt(0);
}

/** Per-user notification settings; a user without stored settings has both on. */
export interface AlertSettings {
  inApp: boolean;
  email: boolean;
}

export const DEFAULT_ALERT_SETTINGS: AlertSettings = { inApp: true, email: true };

/** One user's alert about one ticker. */
export interface PlannedAlert {
  uid: string;
  tickerId: number;
  changes: SignalChange[];
}

/**
 * Who is told what: every (user, ticker) where the user holds the ticker in a subscribed portfolio
 * or watches it with alerts on, each pair once, in user then ticker order.
 */
export function planAlerts(
  changesByTicker: ReadonlyMap<number, SignalChange[]>,
  interested: Iterable<{ uid: string; tickerId: number }>,
): PlannedAlert[] {
  const seen = new Set<string>();
  const out: PlannedAlert[] = [];
  for (const { uid, tickerId } of interested) {
    const changes = changesByTicker.get(tickerId);
    const key = `${uid}\u0000${tickerId}`;
    if (!changes || seen.has(key)) continue;
    seen.add(key);
    out.push({ uid, tickerId, changes });
  }
  return out.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : a.tickerId - b.tickerId));
}
