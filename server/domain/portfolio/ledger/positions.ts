import type Decimal from 'decimal.js';
import { divideOrZero, ONE, ZERO } from './decimal';
import { equalDecimals, isAboveZero } from './decimalCompare';
import { ExactSum } from './exactSum';
import { InsufficientHoldingError, InvalidTransactionError } from './errors';
import { applyEvent, EffectBuffer, type EventEffect } from './events';
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
 * A position being replayed: its fields are written in place (one object per ticker, not per
 * transaction), and its pure sums (fees, amounts bought, dividends, the ticker's cash) run in
 * ExactSum, in plain numbers while exact: a Decimal `plus` made two Decimals, and they were most of
 * a cold replay's time (CPU profile, issue 26). A base sum that is null is its local sum itself
 * (every rate so far exactly 1), the same value made once.
 */
class Replaying {
  readonly tickerId: number;
  quantity: Decimal;
  cost: Decimal;
  costBase: Decimal;
  realized: Decimal;
  realizedBase: Decimal;
  readonly fees: ExactSum;
  readonly totalBought: ExactSum;
  totalBoughtBase: ExactSum | null;
  readonly dividends: ExactSum;
  dividendsBase: ExactSum | null;
  /** Each transaction's effect, written over by the next (read before it). */
  readonly effect = new EffectBuffer();
  /** The ticker's part of the cash balance in the base currency (replayTickers with cashRate). */
  readonly cash = new ExactSum(ZERO);
  firstDate: string | null;
  lastDate: string | null;
  transactionCount: number;

  constructor(position: Position) {
    this.tickerId = position.tickerId;
    this.quantity = position.quantity;
    this.cost = position.cost;
    this.costBase = position.costBase;
    this.realized = position.realized;
    this.realizedBase = position.realizedBase;
    this.fees = new ExactSum(position.fees);
    this.totalBought = new ExactSum(position.totalBought);
    this.totalBoughtBase =
      position.totalBoughtBase === position.totalBought ? null : new ExactSum(position.totalBoughtBase);
    this.dividends = new ExactSum(position.dividends);
    this.dividendsBase =
      position.dividendsBase === position.dividends ? null : new ExactSum(position.dividendsBase);
    this.firstDate = position.firstDate;
    this.lastDate = position.lastDate;
    this.transactionCount = position.transactionCount;
  }

  /** The position replayed so far, with its average price (cost / quantity, 0 when nothing is held). */
  position(): Position {
    const totalBought = this.totalBought.value();
    const dividends = this.dividends.value();
    return {
      tickerId: this.tickerId,
      quantity: this.quantity,
      cost: this.cost,
      avgPrice: divideOrZero(this.cost, this.quantity),
      realized: this.realized,
      dividends,
      fees: this.fees.value(),
      totalBought,
      costBase: this.costBase,
      realizedBase: this.realizedBase,
      dividendsBase: this.dividendsBase?.value() ?? dividends,
      totalBoughtBase: this.totalBoughtBase?.value() ?? totalBought,
      firstDate: this.firstDate,
      lastDate: this.lastDate,
      transactionCount: this.transactionCount,
    };
  }
}

/**
 * Apply one transaction (already in canonical order) to its ticker's position and return the new
 * position (average-cost method on top of applyEvent); `rate` converts this trade's amounts to
 * the base currency. Throws InsufficientHoldingError when a sell exceeds the quantity held.
 */
export function applyTransaction(position: Position, tx: Transaction, rate: Decimal = ONE): Position {
  const next = new Replaying(position);
  step(next, tx, rate);
  return next.position();
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

/** An amount at `rate` (a local amount as it is when the rate is exactly 1 or the amount 0). */
function inBase(d: Decimal, unit: boolean, rate: Decimal): Decimal {
  return unit || d.isZero() ? d : d.mul(rate);
}

/**
 * applyTransaction without the average price, on `position` in place: a replay divides once at the
 * end, not once per transaction (a 40-digit division per transaction was a fifth of a cold
 * portfolio's results), and writes one object per ticker instead of one per transaction (the
 * garbage was a quarter of a cold replay; CPU profile, issue 26). Amounts are converted to the
 * base currency only when the rate is not exactly 1. Returns the event's effect.
 */
function step(position: Replaying, tx: Transaction, rate: Decimal): EventEffect {
  if (tx.tickerId !== position.tickerId) {
    throw new InvalidTransactionError(tx.id, `belongs to ticker ${tx.tickerId}, not ${position.tickerId}`);
  }
  const e = applyEvent(position.quantity, tx, position.effect);
  // ZERO and ONE read once (an imported binding is a getter under tsx, the benches; issue 26).
  const zero = ZERO;
  const one = ONE;
  const unit = rate === one || equalDecimals(rate, one);
  // At a rate of exactly 1 a base amount that is the very object of its local amount stays so: the
  // same sum is not made twice (most tickers trade in the base currency; the Decimals were most of a
  // cold replay's time, CPU profile, issue 26). Both start as ZERO (createEmptyPosition).
  const sameCost = unit && position.costBase === position.cost;
  // A sell takes the average cost of the shares sold; selling everything takes the whole cost
  // (no division, no residue), so the position restarts at 0.
  let costOut = zero;
  let costOutBase = zero;
  if (e.closes) {
    costOut = position.cost;
    costOutBase = position.costBase;
  } else if (isAboveZero(e.quantityOut)) {
    costOut = position.cost.mul(e.quantityOut).div(position.quantity);
    costOutBase = sameCost ? costOut : position.costBase.mul(e.quantityOut).div(position.quantity);
  }
  // A split fee with nothing held has no shares to attach to: it is a realised loss instead.
  const orphanFee = e.split !== null && position.quantity.isZero() ? e.costIn : zero;
  const costIn = orphanFee.isZero() ? e.costIn : e.costIn.minus(orphanFee);
  const costInBase = inBase(costIn, unit, rate);
  position.quantity = e.quantity;
  const cost = e.closes ? zero : minus(plus(position.cost, costIn), costOut);
  position.costBase = sameCost
    ? cost
    : e.closes
      ? zero
      : minus(plus(position.costBase, costInBase), costOutBase);
  position.cost = cost;
  const realized = minus(minus(plus(position.realized, e.proceeds), costOut), orphanFee);
  position.realizedBase =
    unit && position.realizedBase === position.realized && costOutBase === costOut
      ? realized
      : minus(
          minus(plus(position.realizedBase, inBase(e.proceeds, unit, rate)), costOutBase),
          inBase(orphanFee, unit, rate),
        );
  position.realized = realized;
  if (!e.dividendNet.isZero()) {
    // A rate other than 1 parts the base sum from the local one (from their common value so far).
    if (!unit) position.dividendsBase ??= position.dividends.copy();
    position.dividendsBase?.plus(inBase(e.dividendNet, unit, rate));
    position.dividends.plus(e.dividendNet);
  }
  position.fees.plus(e.fee);
  if (!costIn.isZero()) {
    if (!unit) position.totalBoughtBase ??= position.totalBought.copy();
    position.totalBoughtBase?.plus(costInBase);
    position.totalBought.plus(costIn);
  }
  position.firstDate ??= tx.date;
  position.lastDate = tx.date;
  position.transactionCount += 1;
  return e;
}

export interface ReplayOptions extends ApplyOptions {
  /**
   * Also book each transaction's cash (see cashSteps) into its ticker's part of the cash balance,
   * at this rate (cash.ts tradeRate: the trade's own rate, else the market's), in the same pass.
   */
  cashRate?: (tx: Transaction) => Decimal;
}

/** Each ticker's position and, with `cashRate`, its part of the cash balance in the base currency. */
export interface Replay {
  positions: Map<number, Position>;
  cash: Map<number, Decimal>;
}

/**
 * Replay a portfolio's history per ticker in (date, id) order (DESIGN §7): each ticker's position,
 * keyed by ticker id in ascending order, and with `cashRate` each ticker's cash (the sum cashSteps
 * forms over that ticker's events, in the same order) from the same pass. Throws
 * InvalidTransactionError or InsufficientHoldingError at the first violation.
 */
export function replayTickers(inputs: readonly LedgerEntry[], options: ReplayOptions = {}): Replay {
  const positions = new Map<number, Replaying>();
  const { baseRate, cashRate } = options;
  for (const tx of normalizeTransactions(inputs)) {
    let current = positions.get(tx.tickerId);
    if (!current) {
      current = new Replaying(createEmptyPosition(tx.tickerId));
      positions.set(tx.tickerId, current);
    }
    step(current, tx, baseRate ? baseRate(tx.tickerId, tx.date) : ONE);
    // The same currency's rate is ONE itself: no product to make (as cashSteps does).
    if (cashRate) current.effect.addCashTo(current.cash, cashRate(tx));
  }
  const sorted = [...positions.values()].sort((a, b) => a.tickerId - b.tickerId);
  return {
    positions: new Map(sorted.map((p) => [p.tickerId, p.position()])),
    cash: cashRate ? new Map([...positions.values()].map((p) => [p.tickerId, p.cash.value()])) : new Map(),
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
  return replayTickers(inputs, options).positions;
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
