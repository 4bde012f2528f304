import { markReadSchema } from '@/lib/schemas/signals';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { rateLimited } from '@/server/http/rateLimit';
import { markNotificationsRead } from '@/server/services/alerts';

export const config = { api: { bodyParser: false } };

/** POST /api/v1/notifications/read { ids } | { all: true } -> { updated, unread } */
export default apiHandler({
  POST: rateLimited(
    'write',
    withAuth(
      (req, _res, auth) =>
        markNotificationsRead(auth.db, auth.uid, validate(markReadSchema, req.body ?? {}, 'body')),
      { require: 'subscription' },
    ),
  ),
});
