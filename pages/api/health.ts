import { apiHandler } from '@/server/http';
import { checkHealth } from '@/server/services/operations';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  GET: async (_req, res) => {
    const health = await checkHealth();
    // Stale market data degrades the service but it still serves: only a dead dependency is a 503.
    res.status(health.db === 'up' && health.auth === 'up' ? 200 : 503);
    return health;
  },
});
