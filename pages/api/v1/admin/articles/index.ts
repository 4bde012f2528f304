import { apiHandler, created, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { revalidateBlog } from '@/server/http/revalidateBlog';
import { createArticle, listArticlesAdmin } from '@/server/services/articles';
import { adminArticleQuerySchema, articleCreateSchema } from '@/lib/schemas/article';

export const config = { api: { bodyParser: false } };

/** GET ?view=list&status=&language=&page=: every article, drafts too. POST: a new article (201). */
export default apiHandler({
  GET: withAuth(
    (req, _res, auth) => listArticlesAdmin(auth.db, validate(adminArticleQuerySchema, req.query, 'query')),
    {
      require: 'admin',
    },
  ),
  POST: rateLimited(
    'content',
    withAuth(
      async (req, res, auth) => {
        const write = await createArticle(
          auth.db,
          auth.uid,
          validate(articleCreateSchema, req.body ?? {}, 'article'),
        );
        await revalidateBlog(res, write.paths);
        return created(res, write.result);
      },
      { require: 'admin' },
    ),
  ),
});
