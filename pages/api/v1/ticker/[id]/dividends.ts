import { idParamSchema } from '@/lib/schemas/portfolio';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, queryValue, validate } from '@/server/http';
import { getTickerDividends } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/ticker/{id}/dividends -> [{ ex_date, pay_date, amount, currency }] (issue 41). */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) =>
      getTickerDividends(auth.db, validate(idParamSchema, queryValue(req.query.id), 'ticker id')),
    { require: 'subscription' },
  ),
});
