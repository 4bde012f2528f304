/**
 * Articles (issue 12): admins write them, subscribers read them in the app, visitors on the
 * public blog. Routes stay thin: they validate with lib/schemas/article and call these functions.
 * Writes answer the article and the public paths whose static pages must be regenerated.
 */
import crypto from 'node:crypto';
import type { Db } from '@/server/db';
import type { ArticleRow } from '@/server/db/schema';
import { isPublicAt } from '@/server/domain/articles/visibility';
import { sniffImageType } from '@/server/domain/articles/imageType';
import { DomainError, conflictError, invalid, notFoundError } from '@/server/services/errors';
import {
  deleteArticle as deleteArticleRow,
  findArticle,
  findImage,
  findPublicArticle,
  findPublicArticleById,
  imageExists,
  insertArticle,
  insertImage,
  listArticlesForAdmin,
  listPublicArticles,
  listPublicSlugs,
  setTranslation,
  slugTaken,
  updateArticleIfCurrent,
} from '@/server/repositories/articleRepository';
import {
  ADMIN_ARTICLE_PAGE_SIZE,
  ARTICLE_PAGE_SIZE,
  imageUrl,
  type ArticleUpdateInput,
  type ArticleWriteInput,
} from '@/lib/schemas/article';
import { slugify } from '@/lib/slug';
import type {
  AdminArticleRowDto,
  ArticleDto,
  ArticleLanguage,
  ArticleStatus,
  ArticleSummaryDto,
  Paged,
  PublicArticleDto,
  UploadedImageDto,
} from '@/lib/types/article';

/** What a write answers: the article, and the public pages that show it (to regenerate). */
export interface ArticleWrite<T> {
  result: T;
  paths: string[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** When the article went (or goes) public. */
function effectivePublishedAt(row: ArticleRow): Date | null {
  return row.publishedAt ?? (row.status === 'scheduled' ? row.publishAt : null);
}

export function toArticleDto(row: ArticleRow): ArticleDto {
  return {
    article_id: row.id,
    language: row.language as ArticleLanguage,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    body_markdown: row.bodyMarkdown,
    tags: row.tags,
    cover_image_id: row.coverImageId,
    status: row.status as ArticleStatus,
    publish_at: iso(row.publishAt),
    published_at: iso(effectivePublishedAt(row)),
    author_uid: row.authorUid,
    translation_of: row.translationOf,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toSummaryDto(row: ArticleRow): ArticleSummaryDto {
  const {
    body_markdown: _body,
    author_uid: _author,
    status: _status,
    publish_at: _at,
    ...rest
  } = toArticleDto(row);
  return rest;
}

/** The blog's public path of an article or of a language's index (nb has no prefix). */
export function blogPath(language: string, slug?: string): string {
  const prefix = language === 'en' ? '/en' : '';
  return `${prefix}/blog${slug ? `/${slug}` : ''}`;
}

const articleNotFound = () => new DomainError('not_found', 'ARTICLE_NOT_FOUND', 'Article not found');

/** The slug locks once the article has been public: links to it must keep working. */
function slugLocked(row: ArticleRow, now: Date): boolean {
  return row.publishedAt !== null || isPublicAt(row, now);
}

async function checkSlug(db: Db, language: string, slug: string, exceptId?: number): Promise<void> {
  if (await slugTaken(db, language, slug, exceptId)) {
    throw conflictError('SLUG_TAKEN', `The address "${slug}" is already used by another article`, {
      field: 'slug',
    });
  }
}

async function checkCover(db: Db, coverImageId: string | null): Promise<void> {
  if (coverImageId && !(await imageExists(db, coverImageId))) {
    throw invalid('BAD_REQUEST', 'Unknown cover image', [
      { path: 'cover_image_id', message: 'Unknown image' },
    ]);
  }
}

/** publish_at / published_at for a status at `now`; published_at is the first time it went public. */
function publication(
  input: Pick<ArticleWriteInput, 'status' | 'publish_at'>,
  previous: ArticleRow | null,
  now: Date,
) {
  const publishAt = input.status === 'scheduled' && input.publish_at ? new Date(input.publish_at) : null;
  const publishedAt =
    previous?.publishedAt ??
    (input.status === 'published'
      ? previous && previous.status === 'scheduled' && previous.publishAt && previous.publishAt <= now
        ? previous.publishAt
        : now
      : null);
  return { publishAt, publishedAt };
}

function slugFrom(input: { slug?: string; title: string }): string {
  const slug = input.slug || slugify(input.title);
  if (!slug)
    throw invalid('BAD_REQUEST', 'The title gives no address', [{ path: 'slug', message: 'Required' }]);
  return slug;
}

/** Paths to regenerate after a write touching these rows (before and after). */
function pathsOf(...rows: (Pick<ArticleRow, 'language' | 'slug'> | null | undefined)[]): string[] {
  const paths = new Set<string>();
  for (const row of rows) {
    if (!row) continue;
    paths.add(blogPath(row.language));
    paths.add(blogPath(row.language, row.slug));
  }
  return [...paths];
}

// Writes use the app's clock with millisecond precision: the `updated_at` a client sends back is
// compared to the millisecond.
const nowMs = () => new Date(Math.floor(Date.now()));

export async function listArticlesAdmin(
  db: Db,
  query: { status?: string; language?: string; page: number },
  now: Date = new Date(),
): Promise<Paged<AdminArticleRowDto>> {
  const { rows, total } = await listArticlesForAdmin(db, { ...query, pageSize: ADMIN_ARTICLE_PAGE_SIZE });
  return {
    items: rows.map((row) => {
      const { body_markdown: _body, ...rest } = toArticleDto(row);
      return { ...rest, author_name: row.authorName, is_public: isPublicAt(row, now) };
    }),
    total,
    page: query.page,
    pageSize: ADMIN_ARTICLE_PAGE_SIZE,
  };
}

export async function getArticleAdmin(db: Db, id: number): Promise<ArticleDto> {
  const row = await findArticle(db, id);
  if (!row) throw articleNotFound();
  return toArticleDto(row);
}

/** POST: a new article by `authorUid`. With `translation_of`, both versions link to each other. */
export async function createArticle(
  db: Db,
  authorUid: string,
  input: ArticleWriteInput,
): Promise<ArticleWrite<ArticleDto>> {
  const now = nowMs();
  const slug = slugFrom(input);
  await checkSlug(db, input.language, slug);
  await checkCover(db, input.cover_image_id);
  let original: ArticleRow | undefined;
  if (input.translation_of !== null) {
    original = await findArticle(db, input.translation_of);
    if (!original)
      throw invalid('BAD_REQUEST', 'Unknown article to translate', [
        { path: 'translation_of', message: 'Unknown article' },
      ]);
    if (original.language === input.language) {
      throw invalid('BAD_REQUEST', 'A translation must be in the other language', [
        { path: 'language', message: 'Same language as the original' },
      ]);
    }
    if (original.translationOf !== null) {
      throw conflictError('TRANSLATION_EXISTS', 'That article already has a version in the other language', {
        article_id: original.translationOf,
      });
    }
  }
  const row = await insertArticle(db, {
    language: input.language,
    slug,
    title: input.title,
    summary: input.summary,
    bodyMarkdown: input.body_markdown,
    tags: input.tags,
    coverImageId: input.cover_image_id,
    status: input.status,
    ...publication(input, null, now),
    authorUid,
    translationOf: original?.id ?? null,
    createdAt: now,
    updatedAt: now,
  }).catch(rethrowSlugClash(slug));
  if (original) await setTranslation(db, original.id, row.id);
  return { result: toArticleDto(row), paths: pathsOf(row, original) };
}

/**
 * PUT: replace the writable fields if `updated_at` is still current (else 409 STALE_ARTICLE). The
 * translation link is set when a version is created and kept here.
 */
export async function updateArticle(
  db: Db,
  id: number,
  input: ArticleUpdateInput,
): Promise<ArticleWrite<ArticleDto>> {
  const now = nowMs();
  const previous = await findArticle(db, id);
  if (!previous) throw articleNotFound();
  if (input.language !== previous.language) {
    throw invalid('BAD_REQUEST', 'The language of an article cannot change', [
      { path: 'language', message: 'Create the other language version instead' },
    ]);
  }
  const slug = slugFrom(input);
  if (slug !== previous.slug && slugLocked(previous, now)) {
    throw conflictError('SLUG_LOCKED', 'The address of a published article cannot change', { field: 'slug' });
  }
  await checkSlug(db, previous.language, slug, id);
  await checkCover(db, input.cover_image_id);
  const row = await updateArticleIfCurrent(db, id, new Date(input.updated_at), {
    slug,
    title: input.title,
    summary: input.summary,
    bodyMarkdown: input.body_markdown,
    tags: input.tags,
    coverImageId: input.cover_image_id,
    status: input.status,
    ...publication(input, previous, now),
    updatedAt: now > previous.updatedAt ? now : new Date(previous.updatedAt.getTime() + 1),
  }).catch(rethrowSlugClash(slug));
  if (!row) {
    const current = await findArticle(db, id);
    if (!current) throw articleNotFound();
    throw conflictError('STALE_ARTICLE', 'Someone else changed this article after you opened it', {
      updated_at: current.updatedAt.toISOString(),
    });
  }
  const other = row.translationOf ? await findArticle(db, row.translationOf) : undefined;
  return { result: toArticleDto(row), paths: pathsOf(previous, row, other) };
}

/** DELETE: the article goes; its other-language version stays, unlinked. */
export async function deleteArticle(db: Db, id: number): Promise<ArticleWrite<undefined>> {
  const row = await deleteArticleRow(db, id);
  if (!row) throw articleNotFound();
  const other = row.translationOf ? await findArticle(db, row.translationOf) : undefined;
  return { result: undefined, paths: pathsOf(row, other) };
}

function rethrowSlugClash(slug: string) {
  return (err: unknown): never => {
    // Two admins saving the same new slug at once: the unique index decides.
    const code =
      (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (code === '23505') {
      throw conflictError('SLUG_TAKEN', `The address "${slug}" is already used by another article`, {
        field: 'slug',
      });
    }
    throw err;
  };
}

/** GET /articles: public articles of a language, newest first. */
export async function listPublished(
  db: Db,
  query: { language: ArticleLanguage; page: number; tag?: string },
  now?: Date,
): Promise<Paged<ArticleSummaryDto>> {
  const { rows, total } = await listPublicArticles(db, { ...query, pageSize: ARTICLE_PAGE_SIZE, now });
  return { items: rows.map(toSummaryDto), total, page: query.page, pageSize: ARTICLE_PAGE_SIZE };
}

/** GET /articles/{language}/{slug}: a public article (404 for drafts and articles not yet due). */
export async function getPublished(
  db: Db,
  language: ArticleLanguage,
  slug: string,
  now?: Date,
): Promise<PublicArticleDto> {
  const row = await findPublicArticle(db, language, slug, now);
  if (!row) throw articleNotFound();
  const other = row.translationOf ? await findPublicArticleById(db, row.translationOf, now) : undefined;
  const { author_uid: _author, status: _status, publish_at: _at, ...rest } = toArticleDto(row);
  return {
    ...rest,
    author_name: row.authorName,
    translation: other ? { language: other.language as ArticleLanguage, slug: other.slug } : null,
  };
}

/** Every public article (the sitemap): language, slug, last change, and its translation's slug. */
export async function listPublishedSlugs(
  db: Db,
  now?: Date,
): Promise<{ language: ArticleLanguage; slug: string; updated_at: string; translation: string | null }[]> {
  const rows = await listPublicSlugs(db, now);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows.map((r) => ({
    language: r.language as ArticleLanguage,
    slug: r.slug,
    updated_at: r.updatedAt.toISOString(),
    translation: r.translationOf ? (byId.get(r.translationOf)?.slug ?? null) : null,
  }));
}

/** POST /admin/images: store PNG, JPEG or WebP bytes (type from the bytes; else 415). */
export async function uploadImage(db: Db, uid: string, bytes: Buffer): Promise<UploadedImageDto> {
  if (bytes.length === 0) throw invalid('BAD_REQUEST', 'The request has no image');
  const contentType = sniffImageType(bytes);
  if (!contentType) {
    throw new DomainError(
      'unsupported',
      'UNSUPPORTED_IMAGE_TYPE',
      'Only PNG, JPEG and WebP images can be uploaded',
    );
  }
  const stored = await insertImage(db, {
    id: crypto.randomBytes(16).toString('hex'),
    contentType,
    size: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
    data: bytes,
    uploadedBy: uid,
  });
  return { image_id: stored.id, url: imageUrl(stored.id) };
}

/** GET /images/{id}: the bytes with their stored type and an ETag (the sha256). */
export async function getImage(
  db: Db,
  id: string,
): Promise<{ contentType: string; data: Buffer; etag: string }> {
  const row = await findImage(db, id);
  if (!row) throw notFoundError('Image not found');
  return { contentType: row.contentType, data: row.data, etag: `"${row.sha256}"` };
}
