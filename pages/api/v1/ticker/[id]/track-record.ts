import { trackRecordQuerySchema } from '@/lib/schemas/signals';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { getTickerTrackRecord } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/ticker/{id}/track-record?timeframe= */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) => getTickerTrackRecord(auth.db, validate(trackRecordQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
