import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, created, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { priceAlertCreateSchema } from '@/lib/schemas/priceAlerts';
import { createPriceAlert, getPriceAlerts } from '@/server/services/alerts';

export const config = { api: { bodyParser: false } };

/**
 * GET: the caller's price alerts. POST { ticker_id, direction: 'above'|'below', price, note? }:
 * create one (201; 400 bad input such as price <= 0; 404 unknown ticker; 409 PRICE_ALERT_LIMIT at
 * 100). Subscribers only (issue 25).
 */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getPriceAlerts(auth.db, auth.uid), { require: 'subscription' }),
  POST: rateLimited(
    'write',
    withAuth(
      async (req, res, auth) =>
        created(
          res,
          await createPriceAlert(
            auth.db,
            auth.uid,
            validate(priceAlertCreateSchema, req.body ?? {}, 'price alert'),
          ),
        ),
      { require: 'subscription' },
    ),
  ),
});
