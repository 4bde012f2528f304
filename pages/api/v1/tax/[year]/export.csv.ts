import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { loadPersonTaxInput, personTaxCsv, personTaxReportOf } from '@/server/services/tax';
import { taxYearSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * GET ?lang=nb|en: the same report as a CSV file to keep beside the tax return (issue 21), in the
 * user's language: Norwegian (the default) with semicolons and decimal commas, English with commas
 * and decimal points (issue 39 item 3).
 */
export default apiHandler({
  GET: portfolioRoute(async (req, res, auth) => {
    const year = validate(taxYearSchema, queryValue(req.query.year), 'year');
    const language = queryValue(req.query.lang) === 'en' ? 'en' : 'nb';
    const input = await loadPersonTaxInput(auth.db, auth.uid, year);
    const csv = personTaxCsv(personTaxReportOf(input), language, {
      tickerName: (id) => input.names.get(id) ?? '',
      portfolioName: (id) => input.portfolioNames.get(id) ?? '',
    });
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="trendvakt-skatt-${year}.csv"`);
    res.status(200).send(csv);
  }),
});
