import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, noContent, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { deleteTransaction } from '@/server/services/portfolio';
import { idParamSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** DELETE /portfolio/{transactionId} (204); 409 when a later sell would then exceed the holding. */
export default apiHandler({
  DELETE: rateLimited(
    'write',
    portfolioRoute(async (req, res, auth) => {
      await deleteTransaction(
        auth.db,
        auth.uid,
        validate(idParamSchema, queryValue(req.query.id), 'transaction id'),
      );
      return noContent(res);
    }),
  ),
});
