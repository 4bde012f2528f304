import { marketTrackRecordQuerySchema } from '@/lib/schemas/signals';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { getMarketTrackRecord } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/signals/track-record?countryID=&timeframe=: the market's record over 1, 3 and 5 years. */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) =>
      getMarketTrackRecord(auth.db, validate(marketTrackRecordQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
