import { withAuth } from '@/server/auth/withAuth';
import { apiHandler } from '@/server/http';
import { getFirstSteps } from '@/server/services/accounts';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/user/first-steps — which of the first steps the caller has taken (any signed-in user). */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getFirstSteps(auth.db, auth.uid)),
});
