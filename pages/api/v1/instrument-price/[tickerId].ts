import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { setInstrumentPrice } from '@/server/services/portfolio';
import { idParamSchema, latestCalendarDate } from '@/lib/schemas/portfolio';
import { instrumentPriceSchema } from '@/lib/schemas/instrumentPrice';

export const config = { api: { bodyParser: false } };

/**
 * PUT { date, price }: a price the caller types for an instrument outside the universe that they
 * hold (issue 37); it values only the caller's holdings. 404 for a universe share, an unknown id
 * or an instrument the caller does not hold.
 */
export default apiHandler({
  PUT: rateLimited(
    'write',
    portfolioRoute((req, _res, auth) =>
      setInstrumentPrice(
        auth.db,
        auth.uid,
        validate(idParamSchema, queryValue(req.query.tickerId), 'ticker id'),
        validate(instrumentPriceSchema(latestCalendarDate()), req.body ?? {}, 'price'),
      ),
    ),
  ),
});
