import { apiHandler } from '@/server/http';
import { checkHealth } from '@/server/services/healthService';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  GET: async (_req, res) => {
    const health = await checkHealth();
    res.status(health.status === 'ok' ? 200 : 503);
    return health;
  },
});
