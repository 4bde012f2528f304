import { apiHandler } from '@/server/http';
import { portfolioQuery, portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioPerformance } from '@/server/services/portfolioAnalyticsService';
import { latestCalendarDate, performanceQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET ?from=&to=[&countryID=]: daily value and time-weighted return against the main index. */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const today = latestCalendarDate();
    const { portfolioId, query } = portfolioQuery(req, performanceQuerySchema(today), [
      'from',
      'to',
      'countryID',
    ]);
    return getPortfolioPerformance(auth.db, auth.uid, portfolioId, {
      from: query.from,
      to: query.to ?? today,
      countryId: query.countryID,
    });
  }),
});
