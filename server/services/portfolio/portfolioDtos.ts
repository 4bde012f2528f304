/**
 * Map stored portfolio rows to their JSON shapes (DESIGN.md §5): snake_case; a transaction's own
 * amounts exactly as stored (see exactAmount), computed figures rounded to 6 decimals elsewhere.
 */
import { ACCOUNT_TYPES, toMarketCurrency, type AccountType, type EventId } from '@/lib/constants';
import type { ExactAmount, PortfolioCurrency, PortfolioDto, TransactionDto } from '@/lib/types/portfolio';
import type { NewTransactionInput } from '@/lib/schemas/portfolio';
import {
  toApiNumber,
  toDecimal,
  type TickerTransactionInput,
  type TransactionInput,
} from '@/server/domain/portfolio';
import type {
  LedgerMathRow,
  PortfolioRow,
  TransactionMathRow,
  TransactionRow,
} from '@/server/repositories/portfolioRepository';

/** A computed figure kept as a decimal string, as a JSON number rounded to 6 decimals. */
export function numericToApi(value: string): number {
  return toApiNumber(toDecimal(value));
}

/**
 * A stored amount (numeric(28, 10) text such as "10.1234567800") exactly as stored: the JSON
 * number whose shortest form is the canonical decimal (10.12345678), or, when no double is exactly
 * that decimal (more than 15 significant digits, possible only in rows older than that rule), the
 * canonical decimal text, so nothing is ever rounded on the way out.
 */
export function exactAmount(value: string): ExactAmount {
  const stored = toDecimal(value);
  const n = Number(stored.toFixed());
  // The double's shortest form ("1e-10" for 0.0000000001) must be the stored decimal exactly.
  return Number.isFinite(n) && toDecimal(String(n)).eq(stored) ? n : stored.toFixed();
}

export function toBaseCurrency(value: string): PortfolioCurrency {
  return toMarketCurrency(value);
}

export function toAccountType(value: string): AccountType {
  return (ACCOUNT_TYPES as readonly string[]).includes(value) ? (value as AccountType) : 'ordinary';
}

export function toPortfolioDto(row: PortfolioRow): PortfolioDto {
  return {
    portfolio_id: row.id,
    portfolio_name: row.name,
    description: row.description,
    subscription: row.subscription,
    base_currency: toBaseCurrency(row.baseCurrency),
    account_type: toAccountType(row.accountType),
    created_at: row.createdAt.toISOString(),
  };
}

export function toTransactionDto(row: TransactionRow): TransactionDto {
  return {
    portfolio_transaction_id: row.id,
    portfolio_id: row.portfolioId,
    date: row.date,
    event_id: row.eventId as EventId,
    ticker_id: row.tickerId,
    quantity: exactAmount(row.quantity),
    price: exactAmount(row.price),
    fee: exactAmount(row.fee),
    split_to: row.splitTo,
    split_from: row.splitFrom,
    withholding_tax: row.withholdingTax === null ? null : exactAmount(row.withholdingTax),
    fx_rate: row.fxRate === null ? null : exactAmount(row.fxRate),
    comment: row.comment,
  };
}

/** A stored ticker transaction as the domain's input (amounts stay decimal strings). */
/** The amounts every transaction request carries, in the API's snake_case (create, update, import). */
type RequestAmounts = Pick<
  NewTransactionInput,
  'date' | 'event_id' | 'quantity' | 'price' | 'split_to' | 'split_from' | 'withholding_tax' | 'fx_rate'
>;

/**
 * A transaction request's fields as the ledger and the table name them: the one mapping from the
 * API's snake_case body, for create, update and the import's rows (issue 27: it was written out
 * four times). `fee` is passed apart: an update without one keeps the stored fee.
 */
export function transactionFields<F>(input: RequestAmounts, fee: F) {
  return {
    date: input.date,
    eventId: input.event_id,
    quantity: input.quantity,
    price: input.price,
    fee,
    splitTo: input.split_to,
    splitFrom: input.split_from,
    withholdingTax: input.withholding_tax,
    fxRate: input.fx_rate,
  };
}

export function toTransactionInput(row: TransactionMathRow): TickerTransactionInput {
  return { ...toLedgerInput(row), tickerId: row.tickerId };
}

/** A stored ledger row (a cash event too) as the domain's input. */
export function toLedgerInput(row: LedgerMathRow): TransactionInput {
  return {
    id: row.id,
    tickerId: row.tickerId,
    date: row.date,
    eventId: row.eventId,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
    splitTo: row.splitTo,
    splitFrom: row.splitFrom,
    withholdingTax: row.withholdingTax,
    fxRate: row.fxRate,
  };
}
