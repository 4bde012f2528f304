import { withAuth } from '@/server/auth/withAuth';
import { apiHandler } from '@/server/http';
import { exportOwnData } from '@/server/services/accounts';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/user/export — everything stored about the caller, as JSON (any signed-in user). */
export default apiHandler({
  GET: withAuth(async (_req, res, auth) => {
    res.setHeader('Content-Disposition', 'attachment; filename="trendvakt-my-data.json"');
    return exportOwnData(auth.db, auth.uid);
  }),
});
