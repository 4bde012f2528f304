import type Decimal from 'decimal.js';
import { divideOrZero, ONE, ZERO } from './decimal';
import { InsufficientHoldingError, InvalidTransactionError } from './errors';
import { applyEvent } from './events';
import { normalizeTransactions } from './transactions';
import type { LedgerEntry, Transaction } from './types';

/**
 * One ticker's position after its history, average-cost method (DESIGN §7). Amounts without a
 * suffix are in the ticker's currency; `*Base` amounts are in the portfolio's base currency, each
 * trade converted at its own trade-date rate.
 */
export interface Position {
  readonly tickerId: number;
  readonly quantity: Decimal;
  /** Cost basis of the shares held, buy and split fees included; exactly 0 whenever quantity is 0. */
  readonly cost: Decimal;
  /** cost / quantity, 0 when nothing is held. */
  readonly avgPrice: Decimal;
  /** Σ over sells of proceeds - fee - average cost of the shares sold. */
  readonly realized: Decimal;
  /** Σ shares × amount per share - fee over dividends. */
  readonly dividends: Decimal;
  /** Every fee paid on this ticker (buys, sells, dividends, splits). */
  readonly fees: Decimal;
  /** Σ cost put in, ever: buys (q × price + fee) and split fees (the denominator of total_return_pct). */
  readonly totalBought: Decimal;
  readonly costBase: Decimal;
  readonly realizedBase: Decimal;
  readonly dividendsBase: Decimal;
  readonly totalBoughtBase: Decimal;
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  readonly transactionCount: number;
}

/** Base-currency factor for a ticker's amounts on a date (1 when the ticker trades in the base currency). */
export type BaseRate = (tickerId: number, date: string) => Decimal;

export interface ApplyOptions {
  /** Converts trade amounts to the base currency at the trade date; without it base amounts equal local ones. */
  baseRate?: BaseRate;
}

/** A position with no history. */
export function createEmptyPosition(tickerId: number): Position {
  return {
    tickerId,
    quantity: ZERO,
    cost: ZERO,
    avgPrice: ZERO,
    realized: ZERO,
    dividends: ZERO,
    fees: ZERO,
    totalBought: ZERO,
    costBase: ZERO,
    realizedBase: ZERO,
    dividendsBase: ZERO,
    totalBoughtBase: ZERO,
    firstDate: null,
    lastDate: null,
    transactionCount: 0,
  };
}

/**
 * The quantity held after `tx` (DESIGN §7, see applyEvent). Throws InsufficientHoldingError when a
 * sell exceeds `held`.
 */
export function quantityAfter(held: Decimal, tx: Transaction): Decimal {
  return applyEvent(held, tx).quantity;
}

/**
 * Apply one transaction (already in canonical order) to its ticker's position and return the new
 * position (average-cost method on top of applyEvent); `rate` converts this trade's amounts to
 * the base currency. Throws InsufficientHoldingError when a sell exceeds the quantity held.
 */
export function applyTransaction(position: Position, tx: Transaction, rate: Decimal = ONE): Position {
  const next = step(position, tx, rate);
  return { ...next, avgPrice: divideOrZero(next.cost, next.quantity) };
}

/** The average price of a position: cost / quantity, 0 when nothing is held. */
function withAverage(position: Omit<Position, 'avgPrice'>): Position {
  return { ...position, avgPrice: divideOrZero(position.cost, position.quantity) };
}

/**
 * a + b and a − b, returning `a` itself when b is zero: a replay adds mostly zeros (a buy has no
 * proceeds, no cost out), and each Decimal made was garbage to collect (CPU profile, issue 26).
 * The value is the same: every amount here is already rounded to the decimals' precision.
 */
function plus(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.plus(b);
}

function minus(a: Decimal, b: Decimal): Decimal {
  return b.isZero() ? a : a.minus(b);
}

/**
 * applyTransaction without the average price: a replay divides once at the end, not once per
 * transaction (a 40-digit division per transaction was a fifth of a cold portfolio's results).
 * Amounts are converted to the base currency only when the rate is not exactly 1.
 */
function step(
  position: Omit<Position, 'avgPrice'>,
  tx: Transaction,
  rate: Decimal,
): Omit<Position, 'avgPrice'> {
  if (tx.tickerId !== position.tickerId) {
    throw new InvalidTransactionError(tx.id, `belongs to ticker ${tx.tickerId}, not ${position.tickerId}`);
  }
  const e = applyEvent(position.quantity, tx);
  // A sell takes the average cost of the shares sold; selling everything takes the whole cost
  // (no division, no residue), so the position restarts at 0.
  let costOut = ZERO;
  let costOutBase = ZERO;
  if (e.closes) {
    costOut = position.cost;
    costOutBase = position.costBase;
  } else if (e.quantityOut.gt(0)) {
    costOut = position.cost.mul(e.quantityOut).div(position.quantity);
    costOutBase = position.costBase.mul(e.quantityOut).div(position.quantity);
  }
  // A split fee with nothing held has no shares to attach to: it is a realised loss instead.
  const orphanFee = e.split !== null && position.quantity.isZero() ? e.costIn : ZERO;
  const costIn = e.costIn.minus(orphanFee);
  const unit = rate === ONE || rate.eq(ONE);
  const base = (d: Decimal) => (unit || d.isZero() ? d : d.mul(rate));
  const costInBase = base(costIn);
  return {
    tickerId: position.tickerId,
    quantity: e.quantity,
    cost: e.closes ? ZERO : minus(plus(position.cost, costIn), costOut),
    costBase: e.closes ? ZERO : minus(plus(position.costBase, costInBase), costOutBase),
    realized: minus(minus(plus(position.realized, e.proceeds), costOut), orphanFee),
    realizedBase: minus(minus(plus(position.realizedBase, base(e.proceeds)), costOutBase), base(orphanFee)),
    dividends: plus(position.dividends, e.dividendNet),
    dividendsBase: e.dividendNet.isZero()
      ? position.dividendsBase
      : position.dividendsBase.plus(base(e.dividendNet)),
    fees: plus(position.fees, e.fee),
    totalBought: plus(position.totalBought, costIn),
    totalBoughtBase: plus(position.totalBoughtBase, costInBase),
    firstDate: position.firstDate ?? tx.date,
    lastDate: tx.date,
    transactionCount: position.transactionCount + 1,
  };
}

/**
 * Replay a portfolio's history per ticker in (date, id) order (DESIGN §7) and return each ticker's
 * position, keyed by ticker id in ascending order. Throws InvalidTransactionError or
 * InsufficientHoldingError at the first violation.
 */
export function applyTransactions(
  inputs: readonly LedgerEntry[],
  options: ApplyOptions = {},
): Map<number, Position> {
  const positions = new Map<number, Omit<Position, 'avgPrice'>>();
  for (const tx of normalizeTransactions(inputs)) {
    const current = positions.get(tx.tickerId) ?? createEmptyPosition(tx.tickerId);
    const rate = options.baseRate ? options.baseRate(tx.tickerId, tx.date) : ONE;
    positions.set(tx.tickerId, step(current, tx, rate));
  }
  return new Map([...positions.entries()].sort((a, b) => a[0] - b[0]).map(([id, p]) => [id, withAverage(p)]));
}

/** The first rule a history breaks, as the typed error; null when the history is valid. */
export type HistoryViolation = InsufficientHoldingError | InvalidTransactionError;

/**
 * Check a whole history (e.g. the stored one with an edit applied or a transaction removed) and
 * return its first violation, or null: a malformed transaction first, else the first sell in
 * (date, id) order that exceeds its holding. Re-applying the changed history is what
 * catches an edit or delete that makes a later sell exceed the holding.
 */
export function validateHistory(inputs: readonly LedgerEntry[]): HistoryViolation | null {
  try {
    applyTransactions(inputs);
    return null;
  } catch (error) {
    if (error instanceof InsufficientHoldingError || error instanceof InvalidTransactionError) return error;
    throw error;
  }
}
