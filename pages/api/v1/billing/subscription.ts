import { withAuth } from '@/server/auth/withAuth';
import { apiHandler } from '@/server/http';
import { getOwnSubscription } from '@/server/services/billing';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/billing/subscription — `{ subscription }`, null when the caller has none. */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getOwnSubscription(auth.db, auth.uid)),
});
