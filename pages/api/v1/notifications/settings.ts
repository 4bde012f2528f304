import { notificationSettingsSchema } from '@/lib/schemas/signals';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { rateLimited } from '@/server/http/rateLimit';
import { getSettings, updateSettings } from '@/server/services/alerts';

export const config = { api: { bodyParser: false } };

/** GET / PUT { in_app?, email?, language? }: the caller's notification settings and e-mail language. */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => getSettings(auth.db, auth.uid)),
  PUT: rateLimited(
    'write',
    withAuth((req, _res, auth) =>
      updateSettings(auth.db, auth.uid, validate(notificationSettingsSchema, req.body ?? {}, 'body')),
    ),
  ),
});
