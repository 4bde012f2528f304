import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioTax } from '@/server/services/portfolioAnalyticsService';
import { idParamSchema, taxQuerySchema, yearInTimeZone } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * GET ?year=&tz=: FIFO realised gains in NOK for the year (default: the latest year with a sale or
 * a dividend, else this year in the user's time zone).
 */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
    const { year, tz } = validate(
      taxQuerySchema,
      { year: queryValue(req.query.year) || undefined, tz: queryValue(req.query.tz) || undefined },
      'query',
    );
    return getPortfolioTax(
      auth.db,
      auth.uid,
      portfolioId,
      year ?? { fallbackYear: yearInTimeZone(new Date(), tz) },
    );
  }),
});
