import { apiHandler, validate } from '@/server/http';
import { getDb } from '@/server/db';
import { listPublished } from '@/server/services/articles';
import { publicArticleQuerySchema } from '@/lib/schemas/article';

export const config = { api: { bodyParser: false } };

/** GET ?language=&page=&tag=: published articles (scheduled ones once due), newest first. Public. */
export default apiHandler({
  GET: async (req) => listPublished(await getDb(), validate(publicArticleQuerySchema, req.query, 'query')),
});
