import { z } from 'zod';
import { latestCalendarDate } from '@/lib/schemas/portfolio';
import { apiHandler } from '@/server/http';
import { portfolioQuery, portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioAllocation } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/** GET: the caller's portfolio by holding, sector, country, currency and kind with the concentration rules (issue 41). */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const { portfolioId } = portfolioQuery(req, z.object({}), []);
    return getPortfolioAllocation(auth.db, auth.uid, portfolioId, latestCalendarDate());
  }),
});
