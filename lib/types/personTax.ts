/**
 * The person-level tax report (issue 21): GET /api/v1/tax/{year}. Every amount is a JSON number in
 * NOK at the trade date's rate; a loss is a negative `gain`; null where a figure is not published.
 */
export interface PersonTaxSale {
  /** The sell transaction (its portfolio_transaction_id). */
  transaction_id: number;
  date: string;
  portfolio_id: number;
  ticker_id: number;
  symbol: string;
  isin: string | null;
  quantity: number;
  proceeds: number;
  cost: number;
  gain: number;
  /** The part of the gain taxed as interest (a fund's interest part, 22 % without factor); 0 for a share. */
  interest_part: number;
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
  /** The part of the dividends taxed as interest (a fund's interest part). */
  dividends_interest_part: number;
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
  /**
   * True when the account held no shares and no cash on 31.12 (closed that year): what was left of
   * the deposits is a deductible loss (`loss_on_closing`, ≤ 0), counted in `taxable`.
   */
  closed: boolean;
  loss_on_closing: number;
  taxable: number;
  estimated_tax: number | null;
  /** Wealth value on 31.12: shares at the year's valuation, cash in full; null without a price or rate. */
  wealth_value_end: number | null;
  /** Dividends received inside the account in the year: listed, never taxed (the ASK rule). */
  dividends: PersonTaxDividend[];
}

export interface PersonTaxReport {
  year: number;
  rates: {
    skjermingsrente: number | null;
    oppjusteringsfaktor: number | null;
    /** A factor that applies from a date inside the year (2022: 1.72 from 6 October). */
    oppjusteringsfaktor_from: { date: string; value: number }[];
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
    /**
     * Data the engine could not reconcile (two portfolios recording different splits) or had to
     * assume (a fund held or sold this year whose share part is not known: taxed as shares).
     */
    warnings: (
      | { code: 'SPLIT_CONFLICT'; ticker_id: number; portfolio_id: number; date: string }
      | { code: 'FUND_SHARE_PART_UNKNOWN'; ticker_id: number }
    )[];
    totals: {
      gains: number;
      losses: number;
      dividends: number;
      shielding_used: number;
      /** The credit for tax withheld abroad this year, the carried-in part included. */
      withholding_credit: number;
      /** Unused credit of the five earlier years used this year. */
      withholding_credit_carried_in: number;
      /** Unused credit carried forward to later years (usable for five years). */
      withholding_credit_carried_forward: number;
      /** Share income: gains + losses + dividends − their interest parts − shielding used. */
      taxable: number;
      taxable_adjusted: number | null;
      /** Interest on cash (event 10, ordinary portfolios and ASK cash). */
      interest: number;
      /** The interest parts of fund gains and distributions. */
      fund_interest: number;
      /** (interest + fund_interest) × the tax rate: no factor, no shielding. */
      interest_tax: number | null;
      estimated_tax: number | null;
    };
  };
  ask: PersonTaxAsk[];
}

/**
 * The answer of GET /api/v1/tax/{year}: the report and the years with published rates (what the
 * year picker offers).
 */
export type PersonTaxReportDto = PersonTaxReport & { published_years: number[] };

/** GET /api/v1/tax/simulate: what a sale would realise and cost in tax (NOK), changing nothing. */
export interface SaleSimulationDto {
  lots: { portfolio_id: number; date: string; quantity: number; cost: number }[];
  proceeds: number;
  cost: number;
  gain: number;
  shielding_used: number;
  taxable: number;
  /** This sale's own tax (share part × factor × rate + a fund's interest part × rate); 0 in an ASK. */
  estimated_tax: number;
  /** In an aksjesparekonto: nothing is taxed now; a withdrawal of the proceeds above what is left of the deposits and the shielding would be. */
  ask: {
    taxable_now: number;
    tax_free_withdrawal: number;
    withdrawal_taxable: number;
    withdrawal_estimated_tax: number;
  } | null;
}

/**
 * GET /api/v1/tax/harvest?date= (issue 38 item 5): an ordinary holding whose sale on the date at
 * the last close would realise a loss. Amounts in NOK.
 */
export interface LossHarvestCandidateDto {
  ticker_id: number;
  symbol: string;
  quantity: number;
  /** Market value at the last close on or before the date. */
  value: number;
  cost: number;
  /** The loss a sale of the whole holding would realise (negative). */
  loss: number;
  /** The tax the loss would save this year (loss × factor × rate, as a positive amount). */
  tax_saved: number;
  /** Unused shielding carried with the shares that a sale at a loss lets lapse. */
  shielding_lapsing: number;
}

export interface LossHarvestDto {
  /** Largest loss first. */
  items: LossHarvestCandidateDto[];
  /**
   * The income year whose factor and tax rate the estimate used: the date's year, or the latest
   * earlier one while the date's year has none published; null when no recent year has them.
   */
  rates_year: number | null;
}
