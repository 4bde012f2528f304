import { tickerDetailQuerySchema } from '@/lib/schemas/market';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, sendJsonText, validate } from '@/server/http';
import { getTickerDetailJson } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/**
 * GET /api/v1/ticker/{id}?timeframe=: the analysis page's call, served from the answer serialised
 * once per market-data version, with its ETag. The browser may keep it (private: a subscriber's
 * answer) but must ask again each time (no-cache); If-None-Match with the current tag gets 304.
 */
export default apiHandler({
  GET: withAuth(
    async (req, res, auth) => {
      const answer = await getTickerDetailJson(
        auth.db,
        validate(tickerDetailQuerySchema, req.query, 'query'),
      );
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('ETag', answer.etag);
      if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === answer.etag)) {
        res.status(304).end();
        return;
      }
      sendJsonText(req, res, 200, answer.body, answer);
    },
    { require: 'subscription' },
  ),
});
