import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { getPersonTaxReport, personTaxCsv } from '@/server/services/tax';
import { taxYearSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET: the same report as a CSV file to keep beside the tax return (issue 21). */
export default apiHandler({
  GET: portfolioRoute(async (req, res, auth) => {
    const year = validate(taxYearSchema, queryValue(req.query.year), 'year');
    const csv = personTaxCsv(await getPersonTaxReport(auth.db, auth.uid, year));
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="trendvakt-skatt-${year}.csv"`);
    res.status(200).send(csv);
  }),
});
