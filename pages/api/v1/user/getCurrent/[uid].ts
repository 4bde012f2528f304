import { apiHandler, queryValue } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { getCurrentUser } from '@/server/services/accounts';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  GET: withAuth((req, _res, auth) => getCurrentUser(auth.db, auth, queryValue(req.query.uid) ?? '')),
});
