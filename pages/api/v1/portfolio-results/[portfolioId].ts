import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import {
  getPortfolioResults,
  getPortfolioResultsWithTotals,
} from '@/server/services/portfolioAnalyticsService';
import { idParamSchema, latestCalendarDate, resultsQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * GET ?includeSold=true: one row per ticker of the caller's portfolio; with &totals=true the
 * answer is `{ rows, totals }` (the same rows and the portfolio's totals, summed in decimals).
 */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
    const { includeSold, totals } = validate(
      resultsQuerySchema,
      { includeSold: queryValue(req.query.includeSold), totals: queryValue(req.query.totals) },
      'query',
    );
    const options = { includeSold, asOf: latestCalendarDate() };
    return totals
      ? getPortfolioResultsWithTotals(auth.db, auth.uid, portfolioId, options)
      : getPortfolioResults(auth.db, auth.uid, portfolioId, options);
  }),
});
