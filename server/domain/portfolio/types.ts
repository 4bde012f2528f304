import type Decimal from 'decimal.js';
import type { EventId } from '@/lib/constants';
import type { DecimalInput } from './decimal';

/** Currencies the portfolio domain converts between (tickers trade in NOK or USD; SPEC §3). */
export type CurrencyCode = 'NOK' | 'USD';

/**
 * A transaction as the service hands it over (DESIGN §5): `date` is an ISO calendar date, `id` is
 * portfolio_transaction_id (it orders same-day transactions). For a dividend `quantity` is the
 * number of shares and `price` the amount per share. A split is `splitTo` new shares for every
 * `splitFrom` old ones (two whole numbers, DESIGN §5); without them its `quantity` is read as the
 * exact ratio new per old. A split's `price` is ignored.
 */
export interface TransactionInput {
  id: number;
  tickerId: number;
  date: string;
  eventId: number;
  quantity: DecimalInput;
  price: DecimalInput;
  fee?: DecimalInput | null;
  splitTo?: number | null;
  splitFrom?: number | null;
}

/** A validated transaction with decimal fields (see `normalizeTransactions`). */
export interface Transaction {
  readonly id: number;
  readonly tickerId: number;
  readonly date: string;
  readonly eventId: EventId;
  readonly quantity: Decimal;
  readonly price: Decimal;
  readonly fee: Decimal;
  /** A split's ratio as two whole numbers (new shares `to` for every `from` old ones); null otherwise. */
  readonly split: { readonly to: Decimal; readonly from: Decimal } | null;
}

/** One close of a price series (ticker or index), in the series' own currency. */
export interface PricePoint {
  date: string;
  close: DecimalInput;
}

/** What the caller knows about a ticker: its trading currency and, for results, the last close. */
export interface TickerInfo {
  currency: CurrencyCode;
  /** Last close in the ticker's currency; null or absent when the ticker has no price yet. */
  lastPrice?: DecimalInput | null;
}

/** USD/NOK (NOK per USD) on or before `date`. */
export type FxRateOn = (date: string) => Decimal;

/**
 * What the computations take: raw inputs (validated on the way in) or transactions already
 * validated by normalizeTransactions, which pass through unchanged (validation happens once).
 */
export type LedgerEntry = TransactionInput | Transaction;
