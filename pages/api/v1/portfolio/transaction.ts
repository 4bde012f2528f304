import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, validate } from '@/server/http';
import { portfolioRoute } from '@/server/http/portfolioRoute';
import { updateTransaction } from '@/server/services/portfolio';
import { withWarnings } from '@/server/services/portfolio';
import { latestCalendarDate, updateTransactionSchema } from '@/lib/schemas/portfolio';

export const config = { api: { bodyParser: false } };

/** PUT: edit one of the caller's transactions; no portfolio_transaction_id is 400 (SPEC §5). Answers `warnings` like POST. */
export default apiHandler({
  PUT: rateLimited(
    'write',
    portfolioRoute(async (req, _res, auth) =>
      withWarnings(
        auth.db,
        await updateTransaction(
          auth.db,
          auth.uid,
          validate(updateTransactionSchema(latestCalendarDate()), req.body ?? {}, 'transaction'),
        ),
      ),
    ),
  ),
});
