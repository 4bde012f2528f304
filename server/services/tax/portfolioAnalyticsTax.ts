/**
 * The Norwegian FIFO tax view of one portfolio (DESIGN.md §7): realised gains and dividends in NOK
 * for an income year, from the same loaded histories as every other portfolio figure.
 */
import type { Db } from '@/server/db';
import { computeTaxReport, createFxRateOn, toTaxReportDto } from '@/server/domain/portfolio';
import { findTickerRefs } from '@/server/repositories/marketRepository';
import { EVENT_DIVIDEND, EVENT_SELL } from '@/lib/constants';
import type { TaxReportDto } from '@/lib/types/portfolio';
import { loadFx, loadHistories, loadRevision } from '@/server/services/portfolio';
import { domainFailure } from '@/server/services/portfolio';

/** A year without a sale or a dividend. */
const NO_TAX_TOTALS: TaxReportDto['totals'] = {
  sale_count: 0,
  proceeds_nok: 0,
  cost_nok: 0,
  gain_nok: 0,
  gains_nok: 0,
  losses_nok: 0,
  dividends_gross_nok: 0,
  dividend_fees_nok: 0,
  dividends_nok: 0,
};

/**
 * GET /portfolio-tax/{id}?year=: FIFO realised gains in NOK for the year, per sale and in total.
 * Without a year: the latest year with a sale or a dividend, else `fallbackYear` (issue 24 item 9).
 */
export async function getPortfolioTax(
  db: Db,
  uid: string,
  portfolioId: number,
  requested: number | { fallbackYear: number },
): Promise<TaxReportDto> {
  const read = await loadRevision(db, uid, portfolioId);
  const { tickerIds } = read;
  const [histories, refs] = await Promise.all([
    loadHistories(db, uid, read, tickerIds),
    findTickerRefs(db, tickerIds),
  ]);
  const eventYears = [
    ...new Set(
      [...histories.values()].flatMap((h) =>
        h.transactions
          .filter((t) => t.eventId === EVENT_SELL || t.eventId === EVENT_DIVIDEND)
          .map((t) => Number(t.date.slice(0, 4))),
      ),
    ),
  ].sort((a, b) => b - a);
  const year = typeof requested === 'number' ? requested : (eventYears[0] ?? requested.fallbackYear);
  const needsFx = [...refs.values()].some((r) => r.currency !== 'NOK');
  const fxRateOn = needsFx ? (await loadFx(db)).fxRateOn : createFxRateOn([]);
  let report;
  try {
    report = toTaxReportDto(
      computeTaxReport({
        transactions: [...histories.values()].flatMap((h) => h.transactions),
        tickers: new Map(tickerIds.map((id) => [id, { currency: refs.get(id)?.currency ?? 'NOK' }])),
        fxRateOn,
        year,
      }),
    );
  } catch (error) {
    domainFailure(error);
  }
  const { year: _year, ...totals } = report.years.find((y) => y.year === year) ?? {
    year,
    ...NO_TAX_TOTALS,
  };
  return {
    year,
    event_years: eventYears,
    sales: report.sales.map((sale) => ({
      ...sale,
      symbol: refs.get(sale.ticker_id)?.symbol ?? '',
      long_name: refs.get(sale.ticker_id)?.name ?? '',
    })),
    totals,
  };
}
