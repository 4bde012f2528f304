import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, noContent, queryValue, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { removeWatchlistItem, setWatchlistItemAlerts } from '@/server/services/portfolio';
import { idParamSchema } from '@/lib/schemas/portfolio';
import { watchlistAlertsSchema } from '@/lib/schemas/signals';

export const config = { api: { bodyParser: false } };

/**
 * DELETE: remove the ticker from the caller's watchlist (204; 404 when it is not on it).
 * PATCH { alerts }: signal alerts for it on or off (the entry; 404 when it is not on the list).
 */
export default apiHandler({
  PATCH: rateLimited(
    'write',
    withAuth(
      (req, _res, auth) =>
        setWatchlistItemAlerts(
          auth.db,
          auth.uid,
          validate(idParamSchema, queryValue(req.query.tickerId), 'ticker id'),
          validate(watchlistAlertsSchema, req.body ?? {}, 'body').alerts,
        ),
      { require: 'subscription' },
    ),
  ),
  DELETE: rateLimited(
    'write',
    withAuth(
      async (req, res, auth) => {
        await removeWatchlistItem(
          auth.db,
          auth.uid,
          validate(idParamSchema, queryValue(req.query.tickerId), 'ticker id'),
        );
        return noContent(res);
      },
      { require: 'subscription' },
    ),
  ),
});
