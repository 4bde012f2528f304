import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, noContent, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { updateOwnProfile } from '@/server/services/accounts';
import { deleteOwnAccount } from '@/server/services/accounts';
import { adminAuth } from '@/server/auth/firebaseAdmin';
import { clearAuthCaches } from '@/server/auth/authCache';
import { updateUserSchema } from '@/lib/schemas/user';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  PUT: rateLimited(
    'write',
    withAuth((req, _res, auth) =>
      updateOwnProfile(auth.db, auth.uid, validate(updateUserSchema, req.body ?? {}, 'profile')),
    ),
  ),
  /** DELETE /api/v1/user — the caller's account and every row of theirs (recent sign-in); 204. */
  DELETE: rateLimited(
    'write',
    withAuth(async (_req, res, auth) => {
      await deleteOwnAccount(auth.db, auth.token, {
        deleteIdentity: (uid) => adminAuth().deleteUser(uid),
        // Cached tokens of this uid must not outlive the account.
        forget: () => clearAuthCaches(),
      });
      return noContent(res);
    }),
  ),
});
