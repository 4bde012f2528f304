import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getLossCandidates } from '@/server/services/tax';
import { taxHarvestQuerySchema } from '@/lib/schemas/tax';

export const config = { api: { bodyParser: false } };

/** GET ?date=: the holdings a sale on that date would realise at a loss (issue 38 item 5). */
export default apiHandler({
  GET: portfolioRoute(async (req, _res, auth) => {
    const { date } = validate(
      taxHarvestQuerySchema,
      { date: queryValue(req.query.date) || undefined },
      'query',
    );
    return getLossCandidates(auth.db, auth.uid, date);
  }),
});
