import { getDb } from '@/server/db';
import { rateLimited } from '@/server/http/rateLimit';
import { apiHandler } from '@/server/http';
import { getPublicTopSignals } from '@/server/services/market';

export const config = { api: { bodyParser: false } };

/** GET /api/v1/public/top-signals — public: the strongest buy and sell candidates of both markets. */
export default apiHandler({ GET: rateLimited('public', async () => getPublicTopSignals(await getDb())) });
