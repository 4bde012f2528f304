import { apiHandler, queryValue } from '@/server/http';
import { getDb } from '@/server/db';
import { getPublished } from '@/server/services/articles';
import { articleLanguageSchema, articleSlugSchema } from '@/lib/schemas/article';
import { notFound } from '@/server/http/errors';

export const config = { api: { bodyParser: false } };

/** GET: one public article by language and slug (404 for drafts and scheduled ones not yet due). */
export default apiHandler({
  GET: async (req) => {
    const language = articleLanguageSchema.safeParse(queryValue(req.query.language));
    const slug = articleSlugSchema.safeParse(queryValue(req.query.slug));
    if (!language.success || !slug.success) throw notFound('Article not found');
    return getPublished(await getDb(), language.data, slug.data);
  },
});
