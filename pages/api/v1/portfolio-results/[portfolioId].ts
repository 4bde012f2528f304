import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioResults } from '@/server/services/portfolioAnalyticsService';
import { idParamSchema, latestCalendarDate, resultsQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET ?includeSold=true: one row per ticker of the caller's portfolio. */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
    const { includeSold } = validate(
      resultsQuerySchema,
      { includeSold: queryValue(req.query.includeSold) },
      'query',
    );
    return getPortfolioResults(auth.db, auth.uid, portfolioId, { includeSold, asOf: latestCalendarDate() });
  }),
});
