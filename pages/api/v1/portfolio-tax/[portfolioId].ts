import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioTax } from '@/server/services/portfolioAnalyticsService';
import { idParamSchema, taxQuerySchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET ?year=: FIFO realised gains in NOK for the year (default: this year). */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
    const { year } = validate(taxQuerySchema, { year: queryValue(req.query.year) || undefined }, 'query');
    return getPortfolioTax(auth.db, auth.uid, portfolioId, year ?? new Date().getUTCFullYear());
  }),
});
