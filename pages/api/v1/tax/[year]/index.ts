import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getPersonTaxReport } from '@/server/services/tax';
import { taxYearSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET: the caller's person-level tax report for the income year, over every portfolio (issue 21). */
export default apiHandler({
  GET: portfolioRoute((req, _res, auth) => {
    const year = validate(taxYearSchema, queryValue(req.query.year), 'year');
    return getPersonTaxReport(auth.db, auth.uid, year);
  }),
});
