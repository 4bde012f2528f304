import { indexListQuerySchema } from '@/lib/schemas/market';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { listIndexes } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/indexes/list?countryID=&timeframe= */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) => listIndexes(auth.db, validate(indexListQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
