import { tickerDayQuerySchema, latestCalendarDate } from '@/lib/schemas/portfolio';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { getTickerDay } from '@/server/services/portfolio';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/ticker/{id}/day?date=: session check and the day's bar for the transaction form. */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) => {
      const { id, date } = validate(tickerDayQuerySchema(latestCalendarDate()), req.query, 'query');
      return getTickerDay(auth.db, id, date);
    },
    { require: 'subscription' },
  ),
});
