import { apiHandler } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { listJobs } from '@/server/jobs/jobService';

export const config = { api: { bodyParser: false } };

export default apiHandler({
  GET: withAuth(() => listJobs(), { require: 'admin' }),
});
