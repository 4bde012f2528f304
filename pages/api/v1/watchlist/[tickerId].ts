import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, noContent, queryValue, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { removeWatchlistItem } from '@/server/services/watchlistService';
import { idParamSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** DELETE: remove the ticker from the caller's watchlist (204; 404 when it is not on it). */
export default apiHandler({
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
