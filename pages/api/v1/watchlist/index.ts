import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, created, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { addWatchlistItem, getWatchlist } from '@/server/services/portfolio';
import { watchlistAddSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET: the caller's watchlist. POST { ticker_id }: add (201; 200 when already there; 404 unknown ticker). */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getWatchlist(auth.db, auth.uid), { require: 'subscription' }),
  POST: rateLimited(
    'write',
    withAuth(
      async (req, res, auth) => {
        const { ticker_id } = validate(watchlistAddSchema, req.body ?? {}, 'watchlist entry');
        const { item, created: isNew } = await addWatchlistItem(auth.db, auth.uid, ticker_id);
        return isNew ? created(res, item) : item;
      },
      { require: 'subscription' },
    ),
  ),
});
