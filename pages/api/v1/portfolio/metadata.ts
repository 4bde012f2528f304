import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getTickerMetadata } from '@/server/services/portfolio';
import { metadataQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET ?portfolioID=&tickerID=: one ticker's position in the caller's portfolio. */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const query = validate(
      metadataQuerySchema,
      { portfolioID: queryValue(req.query.portfolioID), tickerID: queryValue(req.query.tickerID) },
      'query',
    );
    return getTickerMetadata(auth.db, auth.uid, query.portfolioID, query.tickerID);
  }),
});
