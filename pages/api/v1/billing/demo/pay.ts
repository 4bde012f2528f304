import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { payDemoSession } from '@/server/services/billing/demoBilling';
import { demoSessionSchema } from '@/lib/schemas/billing';

export const config = { api: { bodyParser: false } };

/** POST /api/v1/billing/demo/pay { session_id } — "Pay" on the demo checkout page (demo provider only). */
export default apiHandler({
  POST: withAuth((req, _res, auth) =>
    payDemoSession(auth.db, auth.uid, validate(demoSessionSchema, req.body ?? {}, 'payment').session_id),
  ),
});
