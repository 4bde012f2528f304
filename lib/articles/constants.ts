/**
 * Article constants shared by the server, the schemas and the components. No zod here: the blog's
 * pages import these, and the validation library stays out of their first load.
 */
export const ARTICLE_LANGUAGES = ['nb', 'en'] as const;
export const ARTICLE_STATUSES = ['draft', 'scheduled', 'published'] as const;
/** Public list pages (the blog, /articles/list). */
export const ARTICLE_PAGE_SIZE = 12;
/** The admin table. */
export const ADMIN_ARTICLE_PAGE_SIZE = 20;
/** Uploaded images: at most 5 MB (413 above). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Article bodies: at most this many characters of Markdown (images are uploaded separately). */
export const ARTICLE_BODY_MAX_CHARS = 60_000;
/** Where our images are served: the only image source besides https the renderer allows. */
export const IMAGE_URL_PREFIX = '/api/v1/images/';

export const imageUrl = (imageId: string) => `${IMAGE_URL_PREFIX}${imageId}`;
