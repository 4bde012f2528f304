import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, validate } from '@/server/http';
import { declineDemoSession } from '@/server/services/billing';
import { demoSessionSchema } from '@/lib/schemas/billing';

export const config = { api: { bodyParser: false } };

/** POST /api/v1/billing/demo/decline { session_id } — "Decline" on the demo checkout page (demo provider only). */
export default apiHandler({
  POST: rateLimited(
    'billing',
    withAuth((req, _res, auth) =>
      declineDemoSession(
        auth.db,
        auth.uid,
        validate(demoSessionSchema, req.body ?? {}, 'payment').session_id,
      ),
    ),
  ),
});
