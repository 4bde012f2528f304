import { apiHandler, created } from '@/server/http';
import { withAuth } from '@/server/auth/withAuth';
import { rateLimited } from '@/server/http/rateLimit';
import { uploadImage } from '@/server/services/articles';
import { IMAGE_MAX_BYTES } from '@/lib/schemas/article';

export const config = { api: { bodyParser: false } };

/** POST, body: the image's bytes (PNG, JPEG or WebP by its bytes, else 415; over 5 MB 413) → 201 { image_id, url }. */
export default apiHandler(
  {
    POST: rateLimited(
      'content',
      withAuth(
        async (req, res, auth) =>
          created(
            res,
            await uploadImage(auth.db, auth.uid, req.readBody ? await req.readBody() : req.rawBody),
          ),
        {
          require: 'admin',
        },
      ),
    ),
  },
  { rawBody: true, readBodyAfterAuth: true, bodyLimit: IMAGE_MAX_BYTES },
);
