import { notificationListQuerySchema } from '@/lib/schemas/signals';
import { withAuth } from '@/server/auth/withAuth';
import { apiHandler, validate } from '@/server/http';
import { getNotifications } from '@/server/services/alerts';

export const config = { api: { bodyParser: false } };

/**
 * GET /api/v1/notifications?unread=: the caller's notifications, newest first, and the unread count.
 * Alerts are a subscriber's feature (SPEC §6), like the bell and the page that call this.
 */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) =>
      getNotifications(auth.db, auth.uid, validate(notificationListQuerySchema, req.query, 'query')),
    { require: 'subscription' },
  ),
});
