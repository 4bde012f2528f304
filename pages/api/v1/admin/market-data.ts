import { getDb } from '@/server/db';
import { apiHandler } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { marketDataOperations } from '@/server/services/market';

export default apiHandler({
  GET: withAuth(async () => marketDataOperations(await getDb()), { require: 'admin' }),
});
