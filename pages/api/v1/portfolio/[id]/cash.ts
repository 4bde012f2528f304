import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { listCashTransactions } from '@/server/services/portfolio';
import { idParamSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET /portfolio/{portfolioId}/cash: the deposits and withdrawals in the caller's portfolio (issue 21). */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) =>
    listCashTransactions(
      auth.db,
      auth.uid,
      validate(idParamSchema, queryValue(req.query.id), 'portfolio id'),
    ),
  ),
});
