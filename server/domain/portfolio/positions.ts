import type Decimal from 'decimal.js';
import { EVENT_BUY, EVENT_DIVIDEND, EVENT_SELL, EVENT_SPLIT } from '@/lib/constants';
import { divideOrZero, ONE, ZERO } from './decimal';
import { assertHolding, InsufficientHoldingError, InvalidTransactionError } from './errors';
import { normalizeTransactions } from './transactions';
import type { Transaction, TransactionInput } from './types';

/**
 * One ticker's position after its history, average-cost method (DESIGN §7). Amounts without a
 * suffix are in the ticker's currency; `*Base` amounts are in the portfolio's base currency, each
 * trade converted at its own trade-date rate.
 */
export interface Position {
  readonly tickerId: number;
  readonly quantity: Decimal;
  /** Cost basis of the shares held, buy fees included; exactly 0 whenever quantity is 0. */
  readonly cost: Decimal;
  /** cost / quantity, 0 when nothing is held. */
  readonly avgPrice: Decimal;
  /** Σ over sells of proceeds - fee - average cost of the shares sold (minus any split fee). */
  readonly realized: Decimal;
  /** Σ shares × amount per share - fee over dividends. */
  readonly dividends: Decimal;
  /** Every fee paid on this ticker (buys, sells, dividends, splits). */
  readonly fees: Decimal;
  /** Σ quantity × price + fee over all buys, ever (the denominator of total_return_pct). */
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
 * The quantity held after `tx` (DESIGN §7): a buy adds, a sell subtracts (selling everything leaves
 * exactly 0), a split multiplies by its ratio, a dividend changes nothing. Throws
 * InsufficientHoldingError when a sell exceeds `held`.
 */
export function quantityAfter(held: Decimal, tx: Transaction): Decimal {
  switch (tx.eventId) {
    case EVENT_BUY:
      return held.plus(tx.quantity);
    case EVENT_SELL:
      assertHolding(held, tx);
      return tx.quantity.eq(held) ? ZERO : held.minus(tx.quantity);
    case EVENT_DIVIDEND:
      return held;
    case EVENT_SPLIT:
      return held.mul(tx.quantity);
  }
}

/**
 * Apply one transaction (already in canonical order) to its ticker's position and return the new
 * position; `rate` converts this trade's amounts to the base currency. Throws
 * InsufficientHoldingError when a sell exceeds the quantity held.
 */
export function applyTransaction(position: Position, tx: Transaction, rate: Decimal = ONE): Position {
  if (tx.tickerId !== position.tickerId) {
    throw new InvalidTransactionError(tx.id, `belongs to ticker ${tx.tickerId}, not ${position.tickerId}`);
  }
  const q = tx.quantity;
  const fee = tx.fee;
  const dated = {
    firstDate: position.firstDate ?? tx.date,
    lastDate: tx.date,
    transactionCount: position.transactionCount + 1,
    fees: position.fees.plus(fee),
  };
  let next: Omit<Position, 'avgPrice'>;
  switch (tx.eventId) {
    case EVENT_BUY: {
      const amount = q.mul(tx.price).plus(fee);
      const amountBase = amount.mul(rate);
      next = {
        ...position,
        ...dated,
        quantity: quantityAfter(position.quantity, tx),
        cost: position.cost.plus(amount),
        totalBought: position.totalBought.plus(amount),
        costBase: position.costBase.plus(amountBase),
        totalBoughtBase: position.totalBoughtBase.plus(amountBase),
      };
      break;
    }
    case EVENT_SELL: {
      const quantity = quantityAfter(position.quantity, tx);
      // Selling everything takes the whole cost (no division, no residue): the position restarts at 0.
      const closing = q.eq(position.quantity);
      const costOut = closing ? position.cost : position.cost.mul(q).div(position.quantity);
      const costOutBase = closing ? position.costBase : position.costBase.mul(q).div(position.quantity);
      const proceeds = q.mul(tx.price).minus(fee);
      next = {
        ...position,
        ...dated,
        quantity,
        cost: closing ? ZERO : position.cost.minus(costOut),
        costBase: closing ? ZERO : position.costBase.minus(costOutBase),
        realized: position.realized.plus(proceeds).minus(costOut),
        realizedBase: position.realizedBase.plus(proceeds.mul(rate)).minus(costOutBase),
      };
      break;
    }
    case EVENT_DIVIDEND: {
      const net = q.mul(tx.price).minus(fee);
      next = {
        ...position,
        ...dated,
        dividends: position.dividends.plus(net),
        dividendsBase: position.dividendsBase.plus(net.mul(rate)),
      };
      break;
    }
    case EVENT_SPLIT: {
      // Cost is unchanged, so the average price divides by the ratio. A fee on a split (rare) is
      // a cost with nothing to show for it: it is booked as realized loss.
      next = {
        ...position,
        ...dated,
        quantity: quantityAfter(position.quantity, tx),
        realized: position.realized.minus(fee),
        realizedBase: position.realizedBase.minus(fee.mul(rate)),
      };
      break;
    }
  }
  return { ...next, avgPrice: divideOrZero(next.cost, next.quantity) };
}

/**
 * Replay a portfolio's history per ticker in (date, id) order (DESIGN §7) and return each ticker's
 * position, keyed by ticker id in ascending order. Throws InvalidTransactionError or
 * InsufficientHoldingError at the first violation.
 */
export function applyTransactions(
  inputs: readonly TransactionInput[],
  options: ApplyOptions = {},
): Map<number, Position> {
  const positions = new Map<number, Position>();
  for (const tx of normalizeTransactions(inputs)) {
    const current = positions.get(tx.tickerId) ?? createEmptyPosition(tx.tickerId);
    const rate = options.baseRate ? options.baseRate(tx.tickerId, tx.date) : ONE;
    positions.set(tx.tickerId, applyTransaction(current, tx, rate));
  }
  return new Map([...positions.entries()].sort((a, b) => a[0] - b[0]));
}

/** The first rule a history breaks, as the typed error; null when the history is valid. */
export type HistoryViolation = InsufficientHoldingError | InvalidTransactionError;

/**
 * Check a whole history (e.g. the stored one with an edit applied or a transaction removed) and
 * return its first violation, or null: a malformed transaction first, else the first sell in
 * (date, id) order that exceeds its holding. Re-applying the changed history is what
 * catches an edit or delete that makes a later sell exceed the holding.
 */
export function validateHistory(inputs: readonly TransactionInput[]): HistoryViolation | null {
  try {
    applyTransactions(inputs);
    return null;
  } catch (error) {
    if (error instanceof InsufficientHoldingError || error instanceof InvalidTransactionError) return error;
    throw error;
  }
}
