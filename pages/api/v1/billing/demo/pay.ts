import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, validate } from '@/server/http';
import { payDemoSession } from '@/server/services/billing';
import { demoSessionSchema } from '@/lib/schemas/billing';

export const config = { api: { bodyParser: false } };

/** POST /api/v1/billing/demo/pay { session_id } — "Pay" on the demo checkout page (demo provider only). */
export default apiHandler({
  POST: rateLimited(
    'billing',
    withAuth((req, _res, auth) =>
      payDemoSession(auth.db, auth.uid, validate(demoSessionSchema, req.body ?? {}, 'payment').session_id),
    ),
  ),
});
