import { tickerDetailQuerySchema } from '@/lib/schemas/market';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { getTickerDetail } from '@/server/services/marketService';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/ticker/{id}?timeframe= */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) => getTickerDetail(auth.db, validate(tickerDetailQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
