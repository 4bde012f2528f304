import { apiHandler, queryValue } from '@/server/http';
import { getDb } from '@/server/db';
import { notFound } from '@/server/http/errors';
import { getImage } from '@/server/services/articles';
import { imageIdSchema } from '@/lib/schemas/article';

export const config = { api: { bodyParser: false } };

/**
 * GET: an uploaded image with its stored content type. Images never change (a new upload is a new
 * id), so they are cached for a year as immutable, with the sha256 as ETag (304 on a match);
 * nosniff and a sandboxing CSP stop a browser from treating the bytes as anything but an image.
 */
export default apiHandler({
  GET: async (req, res) => {
    const id = imageIdSchema.safeParse(queryValue(req.query.id));
    if (!id.success) throw notFound('Image not found');
    const image = await getImage(await getDb(), id.data);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('ETag', image.etag);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === image.etag)) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('Content-Length', image.data.length);
    res.status(200).end(image.data);
  },
});
