import { apiHandler } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { listJobs } from '@/server/services/jobService';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  GET: withAuth(() => listJobs(), { require: 'admin' }),
});
