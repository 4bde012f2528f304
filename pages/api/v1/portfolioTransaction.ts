import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, created, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { addTransaction } from '@/server/services/portfolio';
import { withWarnings } from '@/server/services/portfolio';
import { createTransactionSchema, latestCalendarDate } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/**
 * POST: add a transaction to one of the caller's portfolios (201); a sell of more than held is 409.
 * The answer carries `warnings` (not a session, price far outside the day's range); nothing is refused for them.
 */
export default apiHandler({
  POST: rateLimited(
    'write',
    portfolioRoute(async (req, res, auth) => {
      const input = validate(createTransactionSchema(latestCalendarDate()), req.body ?? {}, 'transaction');
      return created(res, await withWarnings(auth.db, await addTransaction(auth.db, auth.uid, input)));
    }),
  ),
});
