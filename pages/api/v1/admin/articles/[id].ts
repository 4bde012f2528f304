import { apiHandler, noContent, queryValue, validate } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { revalidateBlog } from '@/server/http/revalidateBlog';
import { deleteArticle, getArticleAdmin, updateArticle } from '@/server/services/articles';
import { articleIdSchema, articleUpdateSchema } from '@/lib/schemas/article';

export const config = { api: { bodyParser: false } };

const idOf = (value: string | string[] | undefined) =>
  validate(articleIdSchema, queryValue(value), 'article id');

/** GET: one article (drafts too). PUT: replace it (409 when `updated_at` is stale). DELETE: 204. */
export default apiHandler({
  GET: withAuth((req, _res, auth) => getArticleAdmin(auth.db, idOf(req.query.id)), { require: 'admin' }),
  PUT: rateLimited(
    'content',
    withAuth(
      async (req, res, auth) => {
        const id = idOf(req.query.id);
        const write = await updateArticle(
          auth.db,
          id,
          validate(articleUpdateSchema, req.body ?? {}, 'article'),
        );
        await revalidateBlog(res, write.paths);
        return write.result;
      },
      { require: 'admin' },
    ),
  ),
  DELETE: rateLimited(
    'content',
    withAuth(
      async (req, res, auth) => {
        const write = await deleteArticle(auth.db, idOf(req.query.id));
        await revalidateBlog(res, write.paths);
        return noContent(res);
      },
      { require: 'admin' },
    ),
  ),
});
