/**
 * The Norwegian tax view of one portfolio (DESIGN.md §2 and §7): the person-level report of the
 * year (every portfolio of the user, one FIFO engine) filtered to this portfolio, so its lines,
 * numbers and rates are the year report's own.
 */
import type { Db } from '@/server/db';
import { portfolioTaxView } from '@/server/domain/portfolio';
import { EVENT_DIVIDEND, EVENT_SELL } from '@/lib/constants';
import type { TaxReportDto } from '@/lib/types/portfolio';
import { portfolioNotFound } from '@/server/services/portfolio';
import { loadPersonTaxInput, personTaxReportOf } from './personTaxService';

/**
 * GET /portfolio-tax/{id}?year=: the year's FIFO sale lines and totals of this portfolio.
 * Without a year: the latest year with a sale or a dividend, else `fallbackYear` (issue 24 item 9).
 * Another user's portfolio is not found.
 */
export async function getPortfolioTax(
  db: Db,
  uid: string,
  portfolioId: number,
  requested: number | { fallbackYear: number },
): Promise<TaxReportDto> {
  const probeYear = typeof requested === 'number' ? requested : requested.fallbackYear;
  const input = await loadPersonTaxInput(db, uid, probeYear);
  const portfolio = input.portfolios.find((p) => p.id === portfolioId);
  if (!portfolio) throw portfolioNotFound();
  const eventYears = [
    ...new Set(
      portfolio.ledger
        .filter((t) => t.eventId === EVENT_SELL || t.eventId === EVENT_DIVIDEND)
        .map((t) => Number(t.date.slice(0, 4))),
    ),
  ].sort((a, b) => b - a);
  const year = typeof requested === 'number' ? requested : (eventYears[0] ?? requested.fallbackYear);
  const report = personTaxReportOf({ ...input, year });
  return portfolioTaxView(report, portfolioId, {
    eventYears,
    longNameOf: (id) => input.names.get(id) ?? '',
  });
}
