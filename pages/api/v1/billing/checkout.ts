import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, validate } from '@/server/http';
import { appOrigin, billingConfig, startCheckout } from '@/server/services/billing';
import { checkoutSchema } from '@/lib/schemas/billing';

export const config = { api: { bodyParser: false } };

/** POST /api/v1/billing/checkout { plan, locale } → { url } (409 for an active subscriber). */
export default apiHandler({
  POST: rateLimited(
    'billing',
    withAuth((req, _res, auth) =>
      startCheckout(
        auth.db,
        { uid: auth.uid, email: auth.email },
        validate(checkoutSchema, req.body ?? {}, 'checkout'),
        appOrigin(billingConfig(), req.headers),
      ),
    ),
  ),
});
