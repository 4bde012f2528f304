import { marketTrackRecordQuerySchema } from '@/lib/schemas/signals';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { getMarketPatternRecord } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/signals/pattern-record?countryID=&timeframe=: the record per chart-pattern kind (issue 42). */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) =>
      getMarketPatternRecord(auth.db, validate(marketTrackRecordQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
