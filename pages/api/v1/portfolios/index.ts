import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, created, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { createPortfolio, updatePortfolio } from '@/server/services/portfolio';
import { createPortfolioSchema, updatePortfolioSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** POST: create one of the caller's portfolios (201). PUT: rename it or change its description and subscription. */
export default apiHandler({
  POST: rateLimited(
    'write',
    portfolioRoute(async (req, res, auth) => {
      const input = validate(createPortfolioSchema, req.body ?? {}, 'portfolio');
      return created(res, await createPortfolio(auth.db, auth.uid, input));
    }),
  ),
  PUT: rateLimited(
    'write',
    portfolioRoute((req, _res, auth) =>
      updatePortfolio(auth.db, auth.uid, validate(updatePortfolioSchema, req.body ?? {}, 'portfolio')),
    ),
  ),
});
