import type Decimal from 'decimal.js';
import { EVENT_WITHDRAWAL } from '@/lib/constants';
import { ONE, ZERO } from './decimal';
import { applyEvent, EffectBuffer } from './events';
import { conversionFactor } from './fx';
import { MissingTickerError, PortfolioDomainError } from './errors';
import type { CurrencyCode, FxRateOn, LedgerTransaction, Transaction } from './types';

/** What the cash balance needs beyond the ledger: the base currency, each ticker's currency, USD/NOK. */
export interface CashContext {
  baseCurrency: CurrencyCode;
  currencyOf: (tickerId: number) => CurrencyCode;
  fxRateOn: FxRateOn;
}

/**
 * Base-currency units per unit of the ticker's currency for this trade: its own rate (a broker's
 * exchange rate) when recorded, else the market's USD/NOK on its date (1 for the same currency).
 */
export function tradeRate(tx: Transaction, context: CashContext): Decimal {
  const from = context.currencyOf(tx.tickerId);
  if (from === context.baseCurrency) return conversionFactor(from, from, context.fxRateOn, tx.date);
  return tx.fxRate ?? conversionFactor(from, context.baseCurrency, context.fxRateOn, tx.date);
}

/** The ticker currencies of a ticker map, as `currencyOf` (throws MissingTickerError for an unknown ticker). */
export function currencyLookup(tickers: ReadonlyMap<number, { currency: CurrencyCode }>) {
  return (tickerId: number): CurrencyCode => {
    const info = tickers.get(tickerId);
    if (!info) throw new MissingTickerError(tickerId);
    return info.currency;
  };
}

/** The cash balance after each event of a ledger (canonical order), in the base currency. */
export interface CashStep {
  readonly transaction: LedgerTransaction;
  /** The balance just before this event and just after it. */
  readonly before: Decimal;
  readonly after: Decimal;
}

/**
 * Walk the ledger (already in canonical order) and book each event's cash (see `applyEvent`):
 * deposits − withdrawals − buys incl. fees + sells net of fees + dividends net of fee and
 * withholding − split fees, each ticker event at its trade's rate into the base currency.
 */
export function cashSteps(ledger: readonly LedgerTransaction[], context: CashContext): CashStep[] {
  const held = new Map<number, Decimal>();
  const steps: CashStep[] = [];
  // One effect written over by each event (read before the next): no object per event.
  const buffer = new EffectBuffer();
  let balance = ZERO;
  for (const tx of ledger) {
    const before = balance;
    if (tx.tickerId === null) {
      balance = balance.plus(applyEvent(ZERO, tx, buffer).cash);
    } else {
      const effect = applyEvent(held.get(tx.tickerId) ?? ZERO, tx, buffer);
      held.set(tx.tickerId, effect.quantity);
      // The same currency's rate is ONE itself: no product to make (a Decimal × 1 is the same value).
      const rate = tradeRate(tx, context);
      balance = balance.plus(rate === ONE ? effect.cash : effect.cash.mul(rate));
    }
    steps.push({ transaction: tx, before, after: balance });
  }
  return steps;
}

/** The cash balance after the whole ledger, in the base currency. */
export function cashBalance(ledger: readonly LedgerTransaction[], context: CashContext): Decimal {
  const steps = cashSteps(ledger, context);
  return steps.length === 0 ? ZERO : steps[steps.length - 1].after;
}

/** A withdrawal (amount and fee) larger than the cash held just before it. The API answers 409. */
export class InsufficientCashError extends PortfolioDomainError {
  readonly code = 'INSUFFICIENT_CASH' as const;
  readonly date: string;
  readonly transactionId: number;
  readonly available: Decimal;
  readonly requested: Decimal;

  constructor(args: { date: string; transactionId: number; available: Decimal; requested: Decimal }) {
    super(
      `Withdrawing ${args.requested.toString()} on ${args.date} (transaction ${args.transactionId}) ` +
        `but the cash balance is ${args.available.toString()}`,
    );
    this.name = 'InsufficientCashError';
    this.date = args.date;
    this.transactionId = args.transactionId;
    this.available = args.available;
    this.requested = args.requested;
  }
}

/**
 * The withdrawal `transactionId` of the ledger must not exceed the cash held just before it
 * (its amount plus its fee). Other events may take the balance below zero: a portfolio whose
 * deposits were never recorded still books its trades. Returns the violation, or null.
 */
export function withdrawalViolation(
  ledger: readonly LedgerTransaction[],
  transactionId: number,
  context: CashContext,
): InsufficientCashError | null {
  for (const step of cashSteps(ledger, context)) {
    const tx = step.transaction;
    if (tx.id !== transactionId || tx.tickerId !== null || tx.eventId !== EVENT_WITHDRAWAL) continue;
    const requested = tx.amount.plus(tx.fee);
    if (requested.gt(step.before))
      return new InsufficientCashError({
        date: tx.date,
        transactionId: tx.id,
        available: step.before,
        requested,
      });
  }
  return null;
}
