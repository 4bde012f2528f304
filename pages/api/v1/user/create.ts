import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, created, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { createOwnUser } from '@/server/services/accounts';
import { createUserSchema } from '@/lib/schemas/user';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  POST: rateLimited(
    'signup',
    withAuth(async (req, res, auth) => {
      const input = validate(createUserSchema, req.body ?? {}, 'user');
      const { user, created: isNew } = await createOwnUser(auth.db, auth, input);
      return isNew ? created(res, user) : user;
    }),
  ),
});
