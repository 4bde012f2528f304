/**
 * The person-level tax report (issue 21): GET /api/v1/tax/{year}. Every amount is a JSON number in
 * NOK at the trade date's rate; a loss is a negative `gain`; null where a figure is not published.
 */
export interface PersonTaxSale {
  date: string;
  portfolio_id: number;
  ticker_id: number;
  symbol: string;
  isin: string | null;
  quantity: number;
  proceeds: number;
  cost: number;
  gain: number;
  shielding_used: number;
  /** The portfolios whose lots FIFO took (the sale's own and, when different, others). */
  lots_from_portfolios: number[];
}

/**
 * One dividend of the year as received, in NOK at its rate: `gross` is what is taxed (the tax
 * withheld abroad included), `net` = gross − withholding − fee (what reached the account).
 */
export interface PersonTaxDividend {
  date: string;
  portfolio_id: number;
  ticker_id: number;
  symbol: string;
  isin: string | null;
  quantity: number;
  gross: number;
  withholding: number;
  fee: number;
  net: number;
}

export interface PersonTaxSecurity {
  ticker_id: number;
  symbol: string;
  isin: string | null;
  dividends: number;
  withholding: number;
  withholding_credit: number;
  dividend_fees: number;
  dividends_net: number;
  shielding_used_dividends: number;
  quantity_end: number;
  value_end: number | null;
  wealth_value_end: number | null;
  shielding_year: number;
  shielding_carried: number;
}

export interface PersonTaxAsk {
  portfolio_id: number;
  deposits: number;
  value_end: number | null;
  shielding_base: number;
  shielding_year: number;
  shielding_carried: number;
  withdrawn_above_deposits: number;
  shielding_used: number;
  taxable: number;
  estimated_tax: number | null;
  /** Dividends received inside the account in the year: listed, never taxed (the ASK rule). */
  dividends: PersonTaxDividend[];
}

export interface PersonTaxReport {
  year: number;
  rates: {
    skjermingsrente: number | null;
    oppjusteringsfaktor: number | null;
    tax_rate: number | null;
    wealth_valuation: number | null;
    sources: Record<string, string>;
    /** Years whose shielding this report needed and for which no skjermingsrente is published (counted as 0). */
    missing_skjermingsrente_years: number[];
  };
  ordinary: {
    sales: PersonTaxSale[];
    /** Every dividend of the year in an ordinary portfolio, in date order. */
    dividends: PersonTaxDividend[];
    securities: PersonTaxSecurity[];
    totals: {
      gains: number;
      losses: number;
      dividends: number;
      shielding_used: number;
      withholding_credit: number;
      taxable: number;
      taxable_adjusted: number | null;
      estimated_tax: number | null;
    };
  };
  ask: PersonTaxAsk[];
}

/** The answer of GET /api/v1/tax/{year}. */
export type PersonTaxReportDto = PersonTaxReport;
