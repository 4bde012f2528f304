import { homeDashboardQuerySchema } from '@/lib/schemas/market';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { getHomeDashboard } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/tickers/homeDashboard/{marketId}?ticker_symbol=&timeframe= */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) => getHomeDashboard(auth.db, validate(homeDashboardQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
