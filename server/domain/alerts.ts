/**
 * Signal alerts (issue 17): which signal changes matter and who is told. Pure.
 *
 * A change matters when a refresh moves a ticker's overall signal or its medium-term (timeframe 2)
 * signal. A user is told about a ticker they hold in a portfolio whose `subscription` flag is on, or
 * have on the watchlist with alerts on, once per ticker and session.
 */
import type Decimal from 'decimal.js';
import { signalForScore, type Signal, type Timeframe } from '@/lib/constants';
import type { PatternDirection, PatternKind, PatternStatus } from '@/lib/patterns';
import type { ExDateChangeDto, PatternChangeDto } from '@/lib/types/signals';
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
  /** Issue 42: chart patterns (medium term) that completed in the sessions this refresh brought. */
  patterns?: readonly CompletedPattern[];
  /** Issue 41: the market's dividends going ex in the sessions this refresh brought. */
  exDividends?: readonly ExDividend[];
}

/** A chart pattern that broke out (issue 42), as the alerts tell it. */
export interface CompletedPattern {
  tickerId: number;
  kind: PatternKind;
  direction: PatternDirection;
  breakoutDate: string;
  targetZone: [number, number];
  invalidation: number;
}

/** A dividend going ex (issue 41): per share, in the company's payment currency. */
export interface ExDividend {
  tickerId: number;
  exDate: string;
  payDate: string | null;
  amount: number;
  currency: string;
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
  return perInterestedPair(changesByTicker, interested);
}

/** Each interested (user, ticker) with the ticker's changes, each pair once, in user then ticker order. */
function perInterestedPair<C>(
  changesByTicker: ReadonlyMap<number, C[]>,
  interested: Iterable<{ uid: string; tickerId: number }>,
): { uid: string; tickerId: number; changes: C[] }[] {
  const seen = new Set<string>();
  const out: { uid: string; tickerId: number; changes: C[] }[] = [];
  for (const { uid, tickerId } of interested) {
    const changes = changesByTicker.get(tickerId);
    const key = `${uid}\u0000${tickerId}`;
    if (!changes || seen.has(key)) continue;
    seen.add(key);
    out.push({ uid, tickerId, changes });
  }
  return out.sort((a, b) => (a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : a.tickerId - b.tickerId));
}

/** The pattern fields the alerts read (the snapshot's PatternDto has them). */
export interface PatternFacts {
  kind: PatternKind;
  direction: PatternDirection;
  status: PatternStatus;
  breakout_date: string | null;
  target_zone: [number, number];
  invalidation: number;
}

/**
 * The patterns of one ticker that completed in the sessions a refresh brought: status completed
 * and a breakout after `since` (the session of the snapshot before the refresh) up to `until` (the
 * session it reached). Detection has no look-ahead, so a pattern's kind and breakout date do not
 * change when later sessions come: the pair names one alert.
 */
export function patternsCompletedBetween(
  tickerId: number,
  patterns: readonly PatternFacts[],
  since: string,
  until: string,
): CompletedPattern[] {
  const out: CompletedPattern[] = [];
  for (const p of patterns) {
    if (p.status !== 'completed' || p.breakout_date === null) continue;
    if (p.breakout_date <= since || p.breakout_date > until) continue;
    if (out.some((o) => o.kind === p.kind && o.breakoutDate === p.breakout_date)) continue;
    out.push({
      tickerId,
      kind: p.kind,
      direction: p.direction,
      breakoutDate: p.breakout_date,
      targetZone: [p.target_zone[0], p.target_zone[1]],
      invalidation: p.invalidation,
    });
  }
  return out;
}

export function toPatternChange(p: CompletedPattern): PatternChangeDto {
  return {
    kind: 'pattern',
    pattern: p.kind,
    direction: p.direction,
    breakout_date: p.breakoutDate,
    target_zone: p.targetZone,
    invalidation: p.invalidation,
  };
}

/**
 * Shares held at the start of `exDate` (entitled to its dividend: the events dated before it, the
 * income view's rule), summed over the user's portfolios; each portfolio's events in (date, id) order.
 */
export function quantityBeforeExDate(
  portfolios: readonly (readonly Transaction[])[],
  exDate: string,
): Decimal {
  let total = ZERO;
  for (const transactions of portfolios) {
    let held = ZERO;
    for (const tx of transactions) {
      if (tx.date >= exDate) break;
      held = quantityAfter(held, tx);
    }
    total = total.plus(held);
  }
  return total;
}

/** One user's holding of one share: the events of each portfolio that holds it. */
export interface ExDateHolding {
  uid: string;
  tickerId: number;
  portfolios: readonly (readonly Transaction[])[];
}

/** One user's ex-date line about one share. */
export interface PlannedExDateAlert {
  uid: string;
  tickerId: number;
  change: ExDateChangeDto;
}

/**
 * Who is told about which ex-date (issue 41): every user (the caller passes only those who turned
 * ex-date alerts on) holding the share before its ex-date, once per share and ex-date, in user then
 * ticker order. A user holding nothing then (sold before, bought on or after the ex-date) is told nothing.
 */
export function planExDateAlerts(
  dividends: readonly ExDividend[],
  holdings: readonly ExDateHolding[],
): PlannedExDateAlert[] {
  const out: PlannedExDateAlert[] = [];
  const seen = new Set<string>();
  for (const holding of holdings) {
    for (const d of dividends) {
      if (d.tickerId !== holding.tickerId) continue;
      const key = `${holding.uid}\u0000${d.tickerId}\u0000${d.exDate}`;
      if (seen.has(key)) continue;
      const quantity = quantityBeforeExDate(holding.portfolios, d.exDate);
      if (quantity.lte(0)) continue;
      seen.add(key);
      out.push({
        uid: holding.uid,
        tickerId: d.tickerId,
        change: {
          kind: 'ex_date',
          ex_date: d.exDate,
          pay_date: d.payDate,
          amount: d.amount,
          currency: d.currency,
          quantity: quantity.toNumber(),
        },
      });
    }
  }
  return out.sort((a, b) =>
    a.uid !== b.uid
      ? a.uid < b.uid
        ? -1
        : 1
      : a.tickerId !== b.tickerId
        ? a.tickerId - b.tickerId
        : a.change.ex_date < b.change.ex_date
          ? -1
          : 1,
  );
}

/** One user's pattern lines about one share. */
export interface PlannedPatternAlert {
  uid: string;
  tickerId: number;
  changes: PatternChangeDto[];
}

/**
 * Who is told about which completed pattern (issue 42): like the signal alerts, every (user, ticker)
 * where the user holds the share in a portfolio with alerts on or watches it with alerts on, each
 * pair once with each (kind, breakout date) once, in user then ticker order.
 */
export function planPatternAlerts(
  completed: readonly CompletedPattern[],
  interested: Iterable<{ uid: string; tickerId: number }>,
): PlannedPatternAlert[] {
  const byTicker = new Map<number, PatternChangeDto[]>();
  for (const p of completed) {
    const list = byTicker.get(p.tickerId) ?? [];
    if (!list.some((c) => c.pattern === p.kind && c.breakout_date === p.breakoutDate)) {
      list.push(toPatternChange(p));
    }
    byTicker.set(p.tickerId, list);
  }
  return perInterestedPair(byTicker, interested);
}
