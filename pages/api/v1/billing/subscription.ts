import { withAuth } from '@/server/auth/withAuth';
import { apiHandler } from '@/server/http';
import { getOwnSubscription } from '@/server/services/billing';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/billing/subscription — the caller's subscription, 404 when there is none. */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getOwnSubscription(auth.db, auth.uid)),
});
