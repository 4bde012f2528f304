import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, validate } from '@/server/http';
import { cancelDemoSubscription } from '@/server/services/billing';
import { demoCancelSchema } from '@/lib/schemas/billing';

export const config = { api: { bodyParser: false } };

/** POST /api/v1/billing/demo/cancel { when: 'period_end' | 'now' } — the demo portal (demo provider only). */
export default apiHandler({
  POST: rateLimited(
    'billing',
    withAuth((req, _res, auth) =>
      cancelDemoSubscription(auth.db, auth.uid, validate(demoCancelSchema, req.body ?? {}, 'cancellation')),
    ),
  ),
});
