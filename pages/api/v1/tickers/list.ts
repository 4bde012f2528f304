import { tickerListQuerySchema } from '@/lib/schemas/market';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { listTickers } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/tickers/list?countryID=&timeframe=&page=&pageSize=&sort=&order=&*_gte=&*_lte= */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) => listTickers(auth.db, validate(tickerListQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
