import { apiHandler, sendJsonText } from '@/server/http';
import { portfolioQuery, portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioPerformanceJson } from '@/server/services/portfolio';
import { latestCalendarDate, performanceQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * GET ?from=&to=[&countryID=]: daily value and time-weighted return against the main index. An
 * unchanged answer is sent as it was serialised and compressed the last time.
 */
export default apiHandler({
  GET: portfolioRoute(async (req, res, auth) => {
    const today = latestCalendarDate();
    const { portfolioId, query } = portfolioQuery(req, performanceQuerySchema(today), [
      'from',
      'to',
      'countryID',
    ]);
    const answer = await getPortfolioPerformanceJson(auth.db, auth.uid, portfolioId, {
      from: query.from,
      to: query.to ?? today,
      countryId: query.countryID,
    });
    sendJsonText(req, res, 200, answer.body, answer);
  }),
});
