import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { listTickerTransactions } from '@/server/services/portfolio';
import { idParamSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET /portfolio/{portfolioId}/{tickerId}: the ticker's transactions in the caller's portfolio. */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) =>
    listTickerTransactions(
      auth.db,
      auth.uid,
      validate(idParamSchema, queryValue(req.query.id), 'portfolio id'),
      validate(idParamSchema, queryValue(req.query.tickerId), 'ticker id'),
    ),
  ),
});
