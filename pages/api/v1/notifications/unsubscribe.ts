import { unsubscribeSchema } from '@/lib/schemas/signals';
import { getDb } from '@/server/db';
import { apiHandler, validate } from '@/server/http';
import { rateLimited } from '@/server/http/rateLimit';
import { unsubscribe } from '@/server/services/alerts';

export const config = { api: { bodyParser: false } };

/** POST { token }: the link in alert e-mails; no sign-in, the signed token names the user. */
export default apiHandler({
  POST: rateLimited('unsubscribe', async (req) =>
    unsubscribe(await getDb(), validate(unsubscribeSchema, req.body ?? {}, 'body').token),
  ),
});
