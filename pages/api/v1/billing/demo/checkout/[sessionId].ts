import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, queryValue, validate } from '@/server/http';
import { getDemoSession } from '@/server/services/billing';
import { demoSessionIdSchema } from '@/lib/schemas/billing';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/billing/demo/checkout/{sessionId} — the caller's demo checkout session (demo provider only). */
export default apiHandler({
  GET: withAuth((req, _res, auth) =>
    getDemoSession(
      auth.db,
      auth.uid,
      validate(demoSessionIdSchema, queryValue(req.query.sessionId), 'session id'),
    ),
  ),
});
