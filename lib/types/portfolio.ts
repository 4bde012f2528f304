import type { PersonTaxAsk, PersonTaxReport } from './personTax';
import type { AccountType, EventId, InstrumentKind, MarketId, Signal } from '@/lib/constants';
import type { DayBar, TransactionWarning } from '@/lib/transactionSanity';
import type { ImportWarningDto } from './importWarnings';

/** Currencies a portfolio can be kept in and tickers trade in (SPEC §3). */
export type PortfolioCurrency = 'NOK' | 'USD';

/** A portfolio as the API returns it (DESIGN.md §5). `subscription`: notify me when a holding's signal changes. */
export interface PortfolioDto {
  portfolio_id: number;
  portfolio_name: string;
  description: string;
  subscription: boolean;
  base_currency: PortfolioCurrency;
  /** 'ordinary' or 'ask' (aksjesparekonto); changeable only while the portfolio has no transactions. */
  account_type: AccountType;
  created_at: string;
}

/**
 * A stored amount exactly as kept (DESIGN.md §5): a JSON number when the number is exactly the
 * stored decimal (always for amounts entered under the 15-significant-digit rule), else the
 * decimal text, so nothing is ever rounded on the way out.
 */
export type ExactAmount = number | string;

/**
 * A transaction (DESIGN.md §5). Dividend: quantity = shares, price = amount per share. Split:
 * `split_to` new shares for every `split_from` old ones (null for other events), quantity the
 * ratio as stored, price 0. Deposit (5) and withdrawal (6): `ticker_id` null, quantity 1, price =
 * the amount in the portfolio's base currency.
 */
export interface TransactionDto {
  portfolio_transaction_id: number;
  portfolio_id: number;
  date: string;
  event_id: EventId;
  ticker_id: number | null;
  quantity: ExactAmount;
  price: ExactAmount;
  fee: ExactAmount;
  split_to: number | null;
  split_from: number | null;
  /** A dividend's total tax withheld abroad, in the ticker's currency; null when none was recorded. */
  withholding_tax: ExactAmount | null;
  /** The trade's own rate (base-currency units per ticker-currency unit); null: the market's USD/NOK. */
  fx_rate: ExactAmount | null;
  comment: string;
}

/**
 * One row of portfolio-results (DESIGN.md §5). Amounts without a suffix are in the ticker's
 * currency, `*_base` in the portfolio's base currency; `*_pct` are percentages (12.5 = 12.5 %),
 * `weight` a fraction of the portfolio's market value. `cost_base`, `total_bought_base` and
 * `realized_and_dividends` are our additions, so that the client never adds amounts itself.
 */
/** Issue 37: where a holding's price comes from: the provider's close, the user's own trade, a price the user typed. */
export type PriceSource = 'market' | 'trade' | 'user';

export interface PortfolioResultRowDto {
  ticker_id: number;
  symbol: string;
  long_name: string;
  /** Issue 37: the security's ISIN (null when not known) and kind. */
  isin: string | null;
  kind: InstrumentKind;
  /** Issue 37: false for an instrument outside the analysis universe (no signal or score: "no analysis"). */
  in_universe: boolean;
  /** Issue 37: the date and source of `last_price`; null when no price is known (last_price is then the average price). */
  price_date: string | null;
  price_source: PriceSource | null;
  currency: PortfolioCurrency;
  country_id: MarketId;
  quantity: number;
  avg_price: number;
  cost: number;
  last_price: number;
  /** False when the ticker has no close yet: last_price then shows the average price. */
  price_available: boolean;
  market_value: number;
  unrealized: number;
  unrealized_pct: number;
  realized: number;
  dividends: number;
  fees: number;
  total_return: number;
  total_return_pct: number;
  weight: number;
  market_value_base: number;
  total_return_base: number;
  cost_base: number;
  total_bought_base: number;
  /** realized + dividends in the ticker's currency, summed in decimals (the "realised and dividends" column). */
  realized_and_dividends: number;
  /** Price change since the previous close on the shares held, in the base currency at today's rate; null without two closes (issue 24 item 8). */
  today_base: number | null;
  /** Return in the base currency − return in the ticker's currency at today's rate: the currency effect (issue 24 item 8). */
  currency_effect_base: number;
  signal: Signal | null;
  technical_score: number | null;
}

/**
 * The whole portfolio in its base currency, summed in decimals on the server from the rows shown
 * (portfolio-results?totals=true). `total_return_pct` is a percentage (12.5 = 12.5 %).
 */
export interface PortfolioResultTotalsDto {
  market_value_base: number;
  cost_base: number;
  /** market_value_base − cost_base. */
  unrealized_base: number;
  total_return_base: number;
  total_bought_base: number;
  total_return_pct: number;
  /** Sum of the rows' today_base. */
  today_base: number;
  /** Sum of the rows' currency_effect_base. */
  currency_effect_base: number;
}

/** portfolio-results?totals=true: the same rows as without it, and their totals. */
export interface PortfolioResultsDto {
  rows: PortfolioResultRowDto[];
  totals: PortfolioResultTotalsDto & {
    /**
     * The portfolio's cash in its base currency (issue 21): deposits − withdrawals − buys incl. fees
     * + sells net of fees + dividends net of fee and withholding. Negative when trades were recorded
     * without their deposits.
     */
    cash_base: number;
  };
}

/** portfolio/metadata (DESIGN.md §5), amounts in the ticker's currency. */
export interface TransactionMetadataDto {
  quantity: number;
  avg_price: number;
  cost: number;
  realized: number;
  dividends: number;
  fees: number;
  first_date: string | null;
  last_date: string | null;
  transaction_count: number;
}

/** One day of portfolio-performance (DESIGN.md §5); `twr` and `index_twr` are fractions (0.1 = 10 %). */
export interface PerformancePointDto {
  date: string;
  value_base: number;
  invested_base: number;
  twr: number;
  index_twr: number | null;
}

/** portfolio-performance answer: the daily series plus which index it is measured against. */
export interface PerformanceDto {
  base_currency: PortfolioCurrency;
  index: { ticker_id: number; symbol: string; long_name: string; country_id: MarketId } | null;
  from: string | null;
  to: string;
  points: PerformancePointDto[];
}

/**
 * portfolio-tax: the person-level report (GET /tax/{year}) filtered to one portfolio (DESIGN.md §2:
 * one tax engine): its FIFO sale lines in NOK at each trade's own rate, the year's rates, and for
 * an aksjesparekonto the account's own lines.
 */
export interface TaxReportDto {
  year: number;
  /** The years with a sale or a dividend in this portfolio, newest first (issue 24 item 9). */
  event_years: number[];
  rates: PersonTaxReport['rates'];
  /** The account's year when the portfolio is an aksjesparekonto (its sales are not taxable lines). */
  ask: PersonTaxAsk | null;
  sales: {
    transaction_id: number;
    date: string;
    ticker_id: number;
    symbol: string;
    long_name: string;
    quantity: number;
    proceeds_nok: number;
    cost_nok: number;
    gain_nok: number;
    shielding_used_nok: number;
    /** The portfolios whose lots FIFO over the person's portfolios took. */
    lots_from_portfolios: number[];
  }[];
  totals: {
    sale_count: number;
    proceeds_nok: number;
    cost_nok: number;
    gain_nok: number;
    gains_nok: number;
    losses_nok: number;
    shielding_used_nok: number;
    /** Dividends before fees, the fees on them, and net (gross − fee: the figure the results show). */
    dividends_gross_nok: number;
    dividend_fees_nok: number;
    dividends_nok: number;
  };
}

/** A row the import would write (or wrote), for the dry-run preview. */
export interface ImportPreviewRow {
  line: number;
  external_id: string | null;
  date: string;
  event_id: EventId;
  /**
   * Null for a cash event (deposit, withdrawal, interest, fee), with `symbol` and `long_name` "";
   * null too for an instrument the import would create (`new_instrument`).
   */
  ticker_id: number | null;
  symbol: string;
  long_name: string;
  /** Issue 37: the security's ISIN and kind (null for a cash event). */
  isin: string | null;
  kind: InstrumentKind | null;
  /** Issue 37: a security the universe does not list, created as an instrument when imported. */
  new_instrument: boolean;
  quantity: ExactAmount;
  price: ExactAmount;
  fee: ExactAmount;
  split_to: number | null;
  split_from: number | null;
  withholding_tax: ExactAmount | null;
  fx_rate: ExactAmount | null;
  /**
   * Issue 39 item 8: the currency of `price`, `fee` and `withholding_tax` (the security's; for a
   * cash event the account's), so the preview shows every amount with its currency.
   */
  currency?: string | null;
}

/**
 * A file row the import cannot map (an unknown type, a corporate-action leg without its pair, tax
 * withheld without its dividend): the user accepts it as a holding change at a stated total cost
 * (`accept=<line>:<cost>` on the next request) or leaves it out.
 */
export interface ImportReviewRow extends ImportReviewReason {
  line: number;
  date: string | null;
  transaction_type: string;
  isin: string | null;
  name: string | null;
  quantity: string | null;
  amount: string | null;
  currency: string | null;
  direction: 'in' | 'out' | null;
  /** Issue 37: the cost the file states for the row (what `accept=LINE:` takes); null when none. */
  file_cost: string | null;
  /**
   * Issue 39 item 8: `amount` read as a number (a canonical decimal, signed as the file has it:
   * negative = money out of the account), in `currency`; null or absent when the row states none.
   */
  amount_value?: string | null;
}

/** Why a row needs review: in English, and as a code with its parameters. */
export interface ImportReviewReason {
  /** English, for API users; the UI shows `portfolio.json` `importReview.<code>` with `params`. */
  reason: string;
  code: ImportReviewCode;
  params?: Record<string, string | number>;
}

/** Why a file row needs review (each has an `importReview` text in nb and en). */
export const IMPORT_REVIEW_CODES = [
  /** A Nordnet Transaksjonstype the parser does not know. Params: type. */
  'UNKNOWN_TYPE',
  /** A mapped CSV's type word the mapping does not name. Params: type. */
  'UNMAPPED_TYPE',
  /** A split leg (shares out or in) without its other leg on the same day. Params: type. */
  'SPLIT_LEG_ALONE',
  /** An exchange leg (merger, ticker change) without its other leg on the same day. Params: type. */
  'EXCHANGE_LEG_ALONE',
  /** Tax withheld with no dividend of the same security within `days` days. Params: type, days. */
  'WITHHOLDING_ALONE',
  /** Issue 37: a redemption's shares out without the cash paid for them within 14 days. Params: type. */
  'REDEMPTION_LEG_ALONE',
  /**
   * Issue 37: the file starts after shares it sells were bought: an opening position of
   * `quantity` on `date` (before the file's first date) at the cost the file states. Params: quantity, date.
   */
  'OPENING_POSITION',
  /**
   * Issue 39: the row's share may not be held in an aksjesparekonto (lib/askEligibility.ts); it is
   * never imported into an ASK. Params: symbol, name, rule (the refusal code), home_state.
   */
  'ASK_NOT_ELIGIBLE',
] as const;
export type ImportReviewCode = (typeof IMPORT_REVIEW_CODES)[number];

/** Why a file row is left out on purpose (each has an `importSkipped` text in nb and en). */
export const IMPORT_SKIP_CODES = [
  /** Cancelled by the broker (Nordnet's Makuleringsdato). Params: type, date. */
  'CANCELLED',
  /** A Nordnet row that changes neither a holding nor the cash here. Params: type. */
  'NO_EFFECT',
  /** A mapped CSV's type word the user mapped to "ignore". Params: type. */
  'MAPPED_IGNORE',
  /** The row's Id is already in this portfolio (an earlier import). Params: id. */
  'ALREADY_IMPORTED',
  /** A row without an Id whose date, type, security and amounts are already in this portfolio. */
  'ALREADY_IMPORTED_SAME_ROW',
  /** The same Id appears on an earlier line of the file. Params: id. */
  'DUPLICATE_IN_FILE',
] as const;
export type ImportSkipCode = (typeof IMPORT_SKIP_CODES)[number];

/** A file row left out on purpose: `reason` in English for API users, `code` and `params` for the UI. */
export interface ImportSkippedRowDto {
  line: number;
  reason: string;
  code: ImportSkipCode;
  params?: Record<string, string | number>;
}

/**
 * A row (line 1: the file) that cannot be imported. `message` is English; `code` (when the parser
 * gave one) and `params` are for the UI, which shows `portfolio.json` `importErrors.<code>`.
 */
export interface ImportErrorDto {
  line: number;
  message: string;
  code?: ImportErrorCode;
  params?: Record<string, string | number>;
}

/** The codes of the import's file and row errors (each has an `importErrors` text in nb and en). */
export const IMPORT_ERROR_CODES = [
  'AMBIGUOUS_DATE',
  'FILE_EMPTY',
  'NO_SEPARATOR',
  'HEADER_UNREADABLE',
  'MISSING_COLUMNS',
  'LINE_TOO_LONG',
  'CELL_TOO_LONG',
  'QUOTE_NOT_CLOSED',
  'UNREADABLE_FROM_HERE',
  'FIELD_MISSING',
  'NOT_A_NUMBER',
  'NOT_A_DATE',
  'NO_RATE',
  'NO_SECURITY',
  'ZERO',
  'NO_PRICE',
  'SPLIT_RATIO',
] as const;
export type ImportErrorCode = (typeof IMPORT_ERROR_CODES)[number];

/**
 * portfolio-import answer (DESIGN.md §5: `{ imported, skipped, errors }`). `imported` is what was
 * written (or, in a dry run, what would be); `skipped` counts rows left out on purpose (cash
 * movements, rows already imported); `errors` are rows that cannot be used, by line. The rest are
 * our additions for the preview.
 */
export interface ImportResultDto {
  dry_run: boolean;
  imported: number;
  skipped: number;
  errors: ImportErrorDto[];
  skipped_rows: ImportSkippedRowDto[];
  rows: ImportPreviewRow[];
  /** Rows for the user to accept (with a cost) or skip; never written until accepted. */
  review: ImportReviewRow[];
  /** The file's last Saldo (the broker's cash after its newest row), when it states one. */
  file_balance: string | null;
  /** Numbers that cannot be right, by line (a mapped CSV's; lib/types/importWarnings.ts). */
  warnings?: ImportWarningDto[];
  /**
   * Issue 37: a Nordnet file's accounts (its Portefølje column), each with its rows, last Saldo and
   * currency; every account of the file even when `account=` picked one. Absent for other formats.
   */
  accounts?: ImportAccountDto[];
}

/** One account of a broker file: its data rows, its last Saldo (in `currency`) and its currency. */
export interface ImportAccountDto {
  account: string;
  rows: number;
  balance: string | null;
  currency: string | null;
}

/** One watchlist entry with the ticker's last close, change and latest analysis (timeframe 2). */
export interface WatchlistItemDto {
  ticker_id: number;
  symbol: string;
  long_name: string;
  img: string;
  country_id: MarketId;
  currency: PortfolioCurrency;
  last_price: number | null;
  change_pct: number | null;
  date: string | null;
  technical_score: number | null;
  signal: Signal | null;
  /** Notify me when the signal changes (issue 17). */
  alerts: boolean;
  added_at: string;
}

/** GET /ticker/{id}/day: is the date a session, and the bar of that session (or the last before). */
export interface TickerDayDto {
  date: string;
  is_session: boolean;
  reference: DayBar | null;
}

/** POST /portfolioTransaction and PUT /portfolio/transaction: the stored row and its sanity warnings. */
export type TransactionWriteDto = TransactionDto & { warnings: TransactionWarning[] };
