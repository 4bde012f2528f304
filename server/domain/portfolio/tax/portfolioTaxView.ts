/**
 * The per-portfolio tax view (GET /api/v1/portfolio-tax/{id}, DESIGN §2: one tax engine) is the
 * person-level report filtered to one portfolio: the same sale lines with the same numbers, the
 * same rates, each trade at its own rate. Nothing is computed again here; it only selects and sums
 * the report's own lines.
 */
import type { TaxReportDto } from '@/lib/types/portfolio';
import type { PersonTaxReport } from '@/lib/types/personTax';
import { sumDecimals, toDecimal } from '../ledger/decimal';
import { money } from './personTaxInput';

export interface PortfolioTaxNames {
  /** The years with a sale or a dividend in this portfolio, newest first. */
  eventYears: number[];
  longNameOf: (tickerId: number) => string;
}

/** The report's lines of `portfolioId`, in the per-portfolio view's shape. */
export function portfolioTaxView(
  report: PersonTaxReport,
  portfolioId: number,
  names: PortfolioTaxNames,
): TaxReportDto {
  const sales = report.ordinary.sales.filter((s) => s.portfolio_id === portfolioId);
  const dividends = [...report.ordinary.dividends, ...report.ask.flatMap((a) => a.dividends)].filter(
    (d) => d.portfolio_id === portfolioId,
  );
  const sum = (values: number[]) => money(sumDecimals(values.map((v) => toDecimal(v))));
  return {
    year: report.year,
    event_years: names.eventYears,
    rates: report.rates,
    sales: sales.map((s) => ({
      transaction_id: s.transaction_id,
      date: s.date,
      ticker_id: s.ticker_id,
      symbol: s.symbol,
      long_name: names.longNameOf(s.ticker_id),
      quantity: s.quantity,
      proceeds_nok: s.proceeds,
      cost_nok: s.cost,
      gain_nok: s.gain,
      shielding_used_nok: s.shielding_used,
      lots_from_portfolios: s.lots_from_portfolios,
    })),
    totals: {
      sale_count: sales.length,
      proceeds_nok: sum(sales.map((s) => s.proceeds)),
      cost_nok: sum(sales.map((s) => s.cost)),
      gain_nok: sum(sales.map((s) => s.gain)),
      gains_nok: sum(sales.filter((s) => s.gain > 0).map((s) => s.gain)),
      losses_nok: sum(sales.filter((s) => s.gain < 0).map((s) => s.gain)),
      shielding_used_nok: sum(sales.map((s) => s.shielding_used)),
      dividends_gross_nok: sum(dividends.map((d) => d.gross)),
      dividend_fees_nok: sum(dividends.map((d) => d.fee)),
      dividends_nok: sum(dividends.map((d) => d.net)),
    },
    ask: report.ask.find((a) => a.portfolio_id === portfolioId) ?? null,
  };
}
