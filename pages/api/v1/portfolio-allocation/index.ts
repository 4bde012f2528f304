import { latestCalendarDate } from '@/lib/schemas/portfolio';
import { apiHandler } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getPersonAllocation } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/portfolio-allocation: the caller's allocation over all their portfolios (issue 41). */
export default apiHandler({
  GET: portfolioRoute((_req, _res, auth) => getPersonAllocation(auth.db, auth.uid, latestCalendarDate())),
});
