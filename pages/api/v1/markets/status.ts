import { apiHandler } from '@/server/http';
import { getDb } from '@/server/db';
import { appClock } from '@/server/jobs/clock';
import { marketHealth } from '@/server/services/operations';

export const config = { api: { bodyParser: false } };

// How fresh each market's data is ("Data as of …" and the stale notice). Public, like /api/health.
export default apiHandler({
  GET: async () => marketHealth(await getDb(), appClock().now()),
});
