import { z } from 'zod';
import { apiHandler, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { runJob } from '@/server/jobs/jobService';

export const config = { api: { bodyParser: false } };

const params = z.object({ name: z.string().trim().min(1).max(40) });

export default apiHandler({
  POST: withAuth(
    async (req, res) => {
      const { name } = validate(params, { name: req.query.name }, 'job name');
      const status = await runJob(name);
      res.status(202);
      return status;
    },
    { require: 'admin' },
  ),
});
