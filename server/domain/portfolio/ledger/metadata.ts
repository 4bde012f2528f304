import type { TransactionMetadataDto } from '@/lib/types/portfolio';
import type Decimal from 'decimal.js';
import { toApiQuantity, toApiNumber } from './decimal';
import { applyTransactions, createEmptyPosition, type Position } from './positions';
import type { LedgerEntry } from './types';

/** portfolio/metadata for one ticker (DESIGN §5), decimals inside. */
export interface TickerMetadata {
  quantity: Decimal;
  avgPrice: Decimal;
  cost: Decimal;
  realized: Decimal;
  dividends: Decimal;
  fees: Decimal;
  firstDate: string | null;
  lastDate: string | null;
  transactionCount: number;
}

/** The JSON shape is the client's (lib/types, the one API contract). */
export type TickerMetadataDto = TransactionMetadataDto;

/** Metadata of one ticker from the portfolio's history (other tickers' rows are ignored); zeros and null dates when it has none. */
export function computeTickerMetadata(
  transactions: readonly LedgerEntry[],
  tickerId: number,
): TickerMetadata {
  const own = transactions.filter((t) => t.tickerId === tickerId);
  const position: Position = applyTransactions(own).get(tickerId) ?? createEmptyPosition(tickerId);
  return {
    quantity: position.quantity,
    avgPrice: position.avgPrice,
    cost: position.cost,
    realized: position.realized,
    dividends: position.dividends,
    fees: position.fees,
    firstDate: position.firstDate,
    lastDate: position.lastDate,
    transactionCount: position.transactionCount,
  };
}

/** Map metadata to its snake_case JSON shape. */
export function toTickerMetadataDto(meta: TickerMetadata): TickerMetadataDto {
  return {
    quantity: toApiQuantity(meta.quantity),
    avg_price: toApiNumber(meta.avgPrice),
    cost: toApiNumber(meta.cost),
    realized: toApiNumber(meta.realized),
    dividends: toApiNumber(meta.dividends),
    fees: toApiNumber(meta.fees),
    first_date: meta.firstDate,
    last_date: meta.lastDate,
    transaction_count: meta.transactionCount,
  };
}
