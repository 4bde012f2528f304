import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { updateOwnProfile } from '@/server/services/userService';
import { updateUserSchema } from '@/lib/schemas/user';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  PUT: rateLimited(
    'write',
    withAuth((req, _res, auth) =>
      updateOwnProfile(auth.db, auth.uid, validate(updateUserSchema, req.body ?? {}, 'profile')),
    ),
  ),
});
