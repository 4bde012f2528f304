import { incomeQuerySchema } from '@/lib/schemas/income';
import { latestCalendarDate } from '@/lib/schemas/portfolio';
import { apiHandler } from '@/server/http';
import { portfolioQuery, portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioIncome } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/** GET ?months=12: the caller's portfolio's dividends received and expected, in NOK (issue 41); 404 when not theirs. */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const { portfolioId, query } = portfolioQuery(req, incomeQuerySchema, ['months']);
    return getPortfolioIncome(auth.db, auth.uid, portfolioId, {
      months: query.months,
      today: latestCalendarDate(),
    });
  }),
});
