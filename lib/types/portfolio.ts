import type { AccountType, EventId, InstrumentKind, MarketId, Signal } from '@/lib/constants';
import type { DayBar, TransactionWarning } from '@/lib/transactionSanity';
import type { ExactAmount } from './exactAmount';
import type { PersonTaxAsk, PersonTaxReport } from './personTax';

// The import's answers and the exact amount live in their own files; this module stays the one door.
export * from './exactAmount';
export * from './portfolioImport';

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
