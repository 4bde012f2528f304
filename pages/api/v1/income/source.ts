import { withAuth } from '@/server/auth/withAuth';
import { apiHandler } from '@/server/http';
import { getDividendSource } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/** GET -> { demo }: true when the stored dividends come from the demo schedule (issue 41). */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getDividendSource(auth.db)),
});
