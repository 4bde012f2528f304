import { incomeSettingsSchema } from '@/lib/schemas/income';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { rateLimited } from '@/server/http/rateLimit';
import { getIncomeSettings, updateIncomeSettings } from '@/server/services/income';

export const config = { api: { bodyParser: false } };

/** GET / PUT { holding_limit?, sector_limit?, currency_limit?, ex_date_alerts? }: the caller's income settings (issue 41). */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getIncomeSettings(auth.db, auth.uid)),
  PUT: rateLimited(
    'write',
    withAuth((req, _res, auth) =>
      updateIncomeSettings(auth.db, auth.uid, validate(incomeSettingsSchema, req.body ?? {}, 'body')),
    ),
  ),
});
