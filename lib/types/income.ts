/** Issue 41: dividends, income and allocation as the API returns them. */

/** GET /api/v1/ticker/{id}/dividends: one row per ex-date, ascending. */
export interface TickerDividendDto {
  ex_date: string;
  pay_date: string | null;
  amount: number;
  currency: string;
}

export type IncomeStatus = 'paid' | 'announced' | 'estimated';

export interface ExpectedIncomeDto {
  ticker_id: number;
  symbol: string;
  ex_date: string;
  pay_date: string | null;
  per_share: number;
  quantity: number;
  amount: number;
  currency: string;
  amount_nok: number | null;
  status: IncomeStatus;
}

/** GET /api/v1/portfolio-income/{portfolioId}?months=12. */
export interface PortfolioIncomeDto {
  received: { month: string; amount_nok: number }[];
  expected: ExpectedIncomeDto[];
  totals: {
    trailing_12m_nok: number;
    next_12m_nok: number;
    yield_on_cost: number;
    yield_on_value: number;
  };
}

export interface AllocationRowDto {
  key: string;
  value_nok: number;
  weight: number;
}

export type AllocationRuleId = 'holding' | 'sector' | 'currency';

export interface AllocationRuleDto {
  id: AllocationRuleId;
  threshold: number;
  value: number;
  breached: boolean;
}

/** GET /api/v1/portfolio-allocation/{portfolioId} and /api/v1/allocation (every portfolio of the caller). */
export interface AllocationDto {
  by_holding: AllocationRowDto[];
  by_sector: AllocationRowDto[];
  by_country: AllocationRowDto[];
  by_currency: AllocationRowDto[];
  by_kind: AllocationRowDto[];
  rules: AllocationRuleDto[];
}

/** GET / PUT /api/v1/income/settings. */
export interface IncomeSettingsDto {
  holding_limit: number;
  sector_limit: number;
  currency_limit: number;
  ex_date_alerts: boolean;
}

/** GET /api/v1/income/next-dividends: the next ex-dates of held and watched shares. */
export interface NextDividendDto {
  ticker_id: number;
  symbol: string;
  long_name: string;
  ex_date: string;
  pay_date: string | null;
  amount: number;
  currency: string;
  owned: boolean;
  watched: boolean;
  /** True when the dividend comes from the demo schedule (not the company's real one). */
  demo: boolean;
}

/** POST /api/v1/portfolio-income/{portfolioId}/book: the booked dividend transaction's id. */
export interface BookedDividendDto {
  portfolio_transaction_id: number;
}
