import { apiHandler } from '@/server/http';
import { portfolioQuery, portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioResults, getPortfolioResultsWithTotals } from '@/server/services/portfolio';
import { latestCalendarDate, resultsQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * GET ?includeSold=true: one row per ticker of the caller's portfolio; with &totals=true the
 * answer is `{ rows, totals }` (the same rows and the portfolio's totals, summed in decimals).
 */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const { portfolioId, query } = portfolioQuery(req, resultsQuerySchema, ['includeSold', 'totals']);
    const options = { includeSold: query.includeSold, asOf: latestCalendarDate() };
    return query.totals
      ? getPortfolioResultsWithTotals(auth.db, auth.uid, portfolioId, options)
      : getPortfolioResults(auth.db, auth.uid, portfolioId, options);
  }),
});
