import { rateLimited } from '@/server/http/rateLimit';
import { autocompleteQuerySchema } from '@/lib/schemas/market';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { autocompleteTickers } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/tickers/autocomplete?search=&countryID= — any signed-in user (DESIGN.md §4). */
export default apiHandler({
  GET: rateLimited(
    'search',
    withAuth((req, _res, auth) =>
      autocompleteTickers(auth.db, validate(autocompleteQuerySchema, req.query, 'query')),
    ),
  ),
});
