import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, noContent, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { deletePortfolio, listOwnPortfolios } from '@/server/services/portfolio';
import { idParamSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * SPEC §7 puts two routes on this path: GET /portfolios/{userId} lists the user's portfolios (403
 * unless it is the caller), DELETE /portfolios/{portfolioId} deletes one with its transactions (204).
 */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) =>
    listOwnPortfolios(auth.db, auth.uid, queryValue(req.query.id) ?? ''),
  ),
  DELETE: rateLimited(
    'write',
    portfolioRoute(async (req, res, auth) => {
      await deletePortfolio(
        auth.db,
        auth.uid,
        validate(idParamSchema, queryValue(req.query.id), 'portfolio id'),
      );
      return noContent(res);
    }),
  ),
});
