import { bookDividendSchema } from '@/lib/schemas/income';
import { idParamSchema, latestCalendarDate } from '@/lib/schemas/portfolio';
import { apiHandler, created, queryValue, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { rateLimited } from '@/server/http/rateLimit';
import { bookExpectedDividend } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/**
 * POST { ticker_id, ex_date, withholding_rate? }: book a passed dividend of the income view as the
 * ledger's dividend event (201 { portfolio_transaction_id }); 404 not the caller's portfolio or no
 * such dividend, 409 not paid yet, already booked or not held at the ex-date.
 */
export default apiHandler({
  POST: rateLimited(
    'write',
    portfolioRoute(async (req, res, auth) => {
      const portfolioId = validate(idParamSchema, queryValue(req.query.portfolioId), 'portfolio id');
      const input = validate(bookDividendSchema, req.body ?? {}, 'body');
      return created(
        res,
        await bookExpectedDividend(auth.db, auth.uid, portfolioId, input, latestCalendarDate()),
      );
    }),
  ),
});
