import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler, noContent, queryValue, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { deleteMapping, listMappings } from '@/server/services/import';
import { brokerNameSchema } from '@/lib/schemas/importMapping';

export const config = { api: { bodyParser: false } };

/**
 * GET: the caller's saved CSV import mappings, one per broker (issue 22 item 4).
 * DELETE ?broker=NAME: forget the mapping for that broker (204; 404 when there is none).
 * A mapping is saved by a successful mapped import (POST /portfolio-import/{id}?format=mapped).
 */
export default apiHandler({
  GET: withAuth((_req, _res, auth) => listMappings(auth.db, auth.uid), { require: 'subscription' }),
  DELETE: rateLimited(
    'write',
    withAuth(
      async (req, res, auth) => {
        await deleteMapping(
          auth.db,
          auth.uid,
          validate(brokerNameSchema, queryValue(req.query.broker), 'broker'),
        );
        return noContent(res);
      },
      { require: 'subscription' },
    ),
  ),
});
