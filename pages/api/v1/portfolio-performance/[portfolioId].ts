import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioPerformance } from '@/server/services/portfolioAnalyticsService';
import { idParamSchema, latestCalendarDate, performanceQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET ?from=&to=[&countryID=]: daily value and time-weighted return against the main index. */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const today = latestCalendarDate();
    const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
    const query = validate(
      performanceQuerySchema(today),
      {
        from: queryValue(req.query.from) || undefined,
        to: queryValue(req.query.to) || undefined,
        countryID: queryValue(req.query.countryID) || undefined,
      },
      'query',
    );
    return getPortfolioPerformance(auth.db, auth.uid, portfolioId, {
      from: query.from,
      to: query.to ?? today,
      countryId: query.countryID,
    });
  }),
});
