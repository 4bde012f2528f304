import { apiHandler, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { exportPortfolioCsv } from '@/server/services/import';
import { idParamSchema, latestCalendarDate } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** GET: the caller's portfolio as a Nordnet-style CSV file that portfolio-import reads back (our addition). */
export default apiHandler({
  GET: portfolioRoute(async (req, res, auth) => {
    const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
    const { filename, bytes } = await exportPortfolioCsv(
      auth.db,
      auth.uid,
      portfolioId,
      latestCalendarDate(),
    );
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
    res.status(200).send(Buffer.from(bytes));
  }),
});
