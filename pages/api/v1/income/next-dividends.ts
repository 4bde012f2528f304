import { latestCalendarDate } from '@/lib/schemas/portfolio';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler } from '@/server/http';
import { getNextDividends } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/** GET: the next dividends of the shares the caller owns or watches (issue 41, the dashboard). */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getNextDividends(auth.db, auth.uid, latestCalendarDate()), {
    require: 'subscription',
  }),
});
