import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, validate } from '@/server/http';
import { appOrigin, billingConfig, openPortal } from '@/server/services/billing';
import { portalSchema } from '@/lib/schemas/billing';

export const config = { api: { bodyParser: false } };

/** POST /api/v1/billing/portal { locale } → { url } of the customer portal. */
export default apiHandler({
  POST: rateLimited(
    'billing',
    withAuth((req, _res, auth) =>
      openPortal(
        auth.db,
        auth.uid,
        validate(portalSchema, req.body ?? {}, 'portal'),
        appOrigin(billingConfig(), req.headers),
      ),
    ),
  ),
});
