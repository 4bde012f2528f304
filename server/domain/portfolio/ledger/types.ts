import type Decimal from 'decimal.js';
import type { CashEventId, TickerEventId } from '@/lib/constants';
import type { DecimalInput } from './decimal';

/** Currencies the portfolio domain converts between (tickers trade in NOK or USD; SPEC §3). */
export type CurrencyCode = 'NOK' | 'USD';

/**
 * A transaction as the service hands it over (DESIGN §5): `date` is an ISO calendar date, `id` is
 * portfolio_transaction_id (it orders same-day transactions). For a dividend `quantity` is the
 * number of shares and `price` the amount per share. A split is `splitTo` new shares for every
 * `splitFrom` old ones (two whole numbers, DESIGN §5); without them its `quantity` is read as the
 * exact ratio new per old. A split's `price` is ignored. A cash event (5 deposit, 6 withdrawal) has
 * `tickerId` null, `quantity` 1 and `price` = the amount in the portfolio's base currency.
 */
export interface TransactionInput {
  id: number;
  tickerId: number | null;
  date: string;
  eventId: number;
  quantity: DecimalInput;
  price: DecimalInput;
  fee?: DecimalInput | null;
  splitTo?: number | null;
  splitFrom?: number | null;
  /** A dividend's total tax withheld abroad, in the ticker's currency. */
  withholdingTax?: DecimalInput | null;
  /** The trade's own rate: base-currency units per one unit of the ticker's currency. */
  fxRate?: DecimalInput | null;
}

/** A ticker transaction's input (events 1–4): its ticker is known. */
export type TickerTransactionInput = TransactionInput & { tickerId: number };

/** A validated ticker transaction (events 1–4) with decimal fields (see `normalizeTransactions`). */
export interface Transaction {
  readonly id: number;
  readonly tickerId: number;
  readonly date: string;
  readonly eventId: TickerEventId;
  readonly quantity: Decimal;
  readonly price: Decimal;
  readonly fee: Decimal;
  /** A split's ratio as two whole numbers (new shares `to` for every `from` old ones); null otherwise. */
  readonly split: { readonly to: Decimal; readonly from: Decimal } | null;
  /** A dividend's total withholding tax in the ticker's currency; 0 when none was recorded. */
  readonly withholdingTax: Decimal;
  /** The trade's own rate (base-currency units per ticker-currency unit); null: use the market's. */
  readonly fxRate: Decimal | null;
}

/** A validated cash event (5 deposit, 6 withdrawal): `amount` in the portfolio's base currency. */
export interface CashTransaction {
  readonly id: number;
  readonly tickerId: null;
  readonly date: string;
  readonly eventId: CashEventId;
  readonly amount: Decimal;
  readonly fee: Decimal;
}

/** Any event of a portfolio's ledger (see `normalizeLedger`). */
export type LedgerTransaction = Transaction | CashTransaction;

export function isCashTransaction(tx: LedgerTransaction): tx is CashTransaction {
  return tx.tickerId === null;
}

/** One close of a price series (ticker or index), in the series' own currency. */
export interface PricePoint {
  date: string;
  close: DecimalInput;
}

/**
 * A price series (ticker or index) in columns, ascending by date, in the series' own currency:
 * `closes[i]` is the close of `dates[i]`. The database's series come as a Float64Array of closes
 * (getCloseSeries); `priceSeries` makes one from points. Columns and not one object per close: a
 * cold portfolio reads some 130,000 closes, and those objects were a good part of its
 * garbage-collection pauses (issue 26).
 */
export interface PriceSeries {
  readonly dates: readonly string[];
  readonly closes: ArrayLike<DecimalInput>;
}

/** A price series in either form (points are read as columns, see asPriceSeries). */
export type Prices = PriceSeries | readonly PricePoint[];

/** What the caller knows about a ticker: its trading currency and, for results, the last close. */
export interface TickerInfo {
  currency: CurrencyCode;
  /** Last close in the ticker's currency; null or absent when the ticker has no price yet. */
  lastPrice?: DecimalInput | null;
  /** The close before the last one, in the ticker's currency; null or absent when there is none. */
  previousClose?: DecimalInput | null;
}

/** USD/NOK (NOK per USD) on or before `date`. */
export type FxRateOn = (date: string) => Decimal;

/**
 * What the computations take: raw inputs (validated on the way in) or transactions already
 * validated by normalizeTransactions, which pass through unchanged (validation happens once).
 */
export type LedgerEntry = TransactionInput | Transaction;
