import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, noContent, queryValue, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { idParamSchema } from '@/lib/schemas/portfolio';
import { rearmAlert, removePriceAlert } from '@/server/services/alerts';

export const config = { api: { bodyParser: false } };

/**
 * DELETE: remove the caller's price alert (204; 404 when it is not theirs).
 * PATCH: re-arm a triggered alert (the alert; 404 when it is not theirs). Subscribers only.
 */
export default apiHandler({
  DELETE: rateLimited(
    'write',
    withAuth(
      async (req, res, auth) => {
        await removePriceAlert(
          auth.db,
          auth.uid,
          validate(idParamSchema, queryValue(req.query.id), 'alert id'),
        );
        return noContent(res);
      },
      { require: 'subscription' },
    ),
  ),
  PATCH: rateLimited(
    'write',
    withAuth(
      (req, _res, auth) =>
        rearmAlert(auth.db, auth.uid, validate(idParamSchema, queryValue(req.query.id), 'alert id')),
      { require: 'subscription' },
    ),
  ),
});
