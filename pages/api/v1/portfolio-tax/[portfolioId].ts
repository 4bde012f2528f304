import { apiHandler } from '@/server/http';
import { portfolioQuery, portfolioRoute } from '@/server/http/portfolioRoute';
import { getPortfolioTax } from '@/server/services/tax';
import { taxQuerySchema, yearInTimeZone } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * GET ?year=&tz=: FIFO realised gains in NOK for the year (default: the latest year with a sale or
 * a dividend, else this year in the user's time zone).
 */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const { portfolioId, query } = portfolioQuery(req, taxQuerySchema, ['year', 'tz']);
    return getPortfolioTax(
      auth.db,
      auth.uid,
      portfolioId,
      query.year ?? { fallbackYear: yearInTimeZone(new Date(), query.tz) },
    );
  }),
});
