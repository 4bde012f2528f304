/** Map stored portfolio rows to their JSON shapes (DESIGN.md §5): snake_case, numbers rounded to 6 decimals. */
import type { EventId } from '@/lib/constants';
import type { PortfolioCurrency, PortfolioDto, TransactionDto } from '@/lib/types/portfolio';
import { toApiNumber, toDecimal, type TransactionInput } from '@/server/domain/portfolio';
import type {
  PortfolioRow,
  TransactionMathRow,
  TransactionRow,
} from '@/server/repositories/portfolioRepository';

/** A stored numeric (a decimal string) as a JSON number. */
export function numericToApi(value: string): number {
  return toApiNumber(toDecimal(value));
}

export function toBaseCurrency(value: string): PortfolioCurrency {
  return value === 'USD' ? 'USD' : 'NOK';
}

export function toPortfolioDto(row: PortfolioRow): PortfolioDto {
  return {
    portfolio_id: row.id,
    portfolio_name: row.name,
    description: row.description,
    subscription: row.subscription,
    base_currency: toBaseCurrency(row.baseCurrency),
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
    quantity: numericToApi(row.quantity),
    price: numericToApi(row.price),
    fee: numericToApi(row.fee),
    comment: row.comment,
  };
}

/** A stored transaction as the domain's input (amounts stay decimal strings). */
export function toTransactionInput(row: TransactionMathRow): TransactionInput {
  return {
    id: row.id,
    tickerId: row.tickerId,
    date: row.date,
    eventId: row.eventId,
    quantity: row.quantity,
    price: row.price,
    fee: row.fee,
  };
}
