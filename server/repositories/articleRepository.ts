/**
 * Articles and their images. Articles are not user data (every admin edits every article), so
 * these queries take no user id; the routes let only admins write. Public reads apply the one
 * visibility rule of server/domain/articles/visibility.ts with the database clock (or an injected
 * `now` for tests), so a scheduled article appears at its time without a job.
 */
import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db';
import {
  articles,
  images,
  users,
  type ArticleRow,
  type ImageRow,
  type NewArticleRow,
} from '@/server/db/schema';

export type ArticleWithAuthor = ArticleRow & { authorName: string };

const clock = (now?: Date): SQL => (now ? sql`${now.toISOString()}::timestamptz` : sql`now()`);

/** The SQL form of isPublicAt. */
export function publicCondition(now?: Date): SQL {
  return sql`(${articles.status} = 'published' or (${articles.status} = 'scheduled' and ${articles.publishAt} <= ${clock(now)}))`;
}

/** Newest first: the time it went (or goes) public, then the id. */
const newestFirst = [
  desc(sql`coalesce(${articles.publishedAt}, ${articles.publishAt}, ${articles.createdAt})`),
  desc(articles.id),
];

const authorName = sql<string>`coalesce(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

export async function insertArticle(db: Db, values: NewArticleRow): Promise<ArticleRow> {
  const [row] = await db.insert(articles).values(values).returning();
  return row;
}

export async function findArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.select().from(articles).where(eq(articles.id, id)).limit(1);
  return row;
}

/**
 * Update an article only if it still has the `updated_at` the writer read (to the millisecond,
 * what the API shows); undefined when it does not (stale) or is gone.
 */
export async function updateArticleIfCurrent(
  db: Db,
  id: number,
  expectedUpdatedAt: Date,
  values: Partial<NewArticleRow>,
): Promise<ArticleRow | undefined> {
  const [row] = await db
    .update(articles)
    .set(values)
    .where(
      and(
        eq(articles.id, id),
        sql`date_trunc('milliseconds', ${articles.updatedAt}) = ${expectedUpdatedAt.toISOString()}::timestamptz`,
      ),
    )
    .returning();
  return row;
}

/** Point `id` at its other-language version (or at nothing). */
export async function setTranslation(db: Db, id: number, translationOf: number | null): Promise<void> {
  await db.update(articles).set({ translationOf }).where(eq(articles.id, id));
}

export async function deleteArticle(db: Db, id: number): Promise<ArticleRow | undefined> {
  const [row] = await db.delete(articles).where(eq(articles.id, id)).returning();
  return row;
}

/** Is `slug` used by another article of the language? */
export async function slugTaken(db: Db, language: string, slug: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: articles.id })
    .from(articles)
    .where(
      and(
        eq(articles.language, language),
        eq(articles.slug, slug),
        exceptId === undefined ? undefined : ne(articles.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** One page of articles (`rows` reads it) and the count of every article matching `where`. */
async function pageWithTotal<T>(
  db: Db,
  where: SQL | undefined,
  opts: { page: number; pageSize: number },
  rows: (limit: number, offset: number) => Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  const [list, [{ total }]] = await Promise.all([
    rows(opts.pageSize, (opts.page - 1) * opts.pageSize),
    db.select({ total: count() }).from(articles).where(where),
  ]);
  return { rows: list, total };
}

/** The admin table: every article, drafts too, with its author's name; newest first. */
export async function listArticlesForAdmin(
  db: Db,
  opts: { status?: string; language?: string; page: number; pageSize: number },
): Promise<{ rows: ArticleWithAuthor[]; total: number }> {
  const where = and(
    opts.status ? eq(articles.status, opts.status) : undefined,
    opts.language ? eq(articles.language, opts.language) : undefined,
  );
  const { rows, total } = await pageWithTotal(db, where, opts, (limit, offset) =>
    db
      .select({ article: articles, authorName })
      .from(articles)
      .leftJoin(users, eq(users.uid, articles.authorUid))
      .where(where)
      .orderBy(desc(articles.updatedAt), desc(articles.id))
      .limit(limit)
      .offset(offset),
  );
  return { rows: rows.map((r) => ({ ...r.article, authorName: r.authorName ?? '' })), total };
}

/** Public articles of a language, newest first, optionally with a tag. */
export async function listPublicArticles(
  db: Db,
  opts: { language: string; tag?: string; page: number; pageSize: number; now?: Date },
): Promise<{ rows: ArticleRow[]; total: number }> {
  const where = and(
    eq(articles.language, opts.language),
    publicCondition(opts.now),
    opts.tag ? sql`${opts.tag} = any(${articles.tags})` : undefined,
  );
  return pageWithTotal(db, where, opts, (limit, offset) =>
    db
      .select()
      .from(articles)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),
  );
}

/** A public article by language and slug, with its author's name. */
export async function findPublicArticle(
  db: Db,
  language: string,
  slug: string,
  now?: Date,
): Promise<ArticleWithAuthor | undefined> {
  const [row] = await db
    .select({ article: articles, authorName })
    .from(articles)
    .leftJoin(users, eq(users.uid, articles.authorUid))
    .where(and(eq(articles.language, language), eq(articles.slug, slug), publicCondition(now)))
    .limit(1);
  return row ? { ...row.article, authorName: row.authorName ?? '' } : undefined;
}

/** A public article by id (the other-language version of a public article, for hreflang). */
export async function findPublicArticleById(db: Db, id: number, now?: Date): Promise<ArticleRow | undefined> {
  const [row] = await db
    .select()
    .from(articles)
    .where(and(eq(articles.id, id), publicCondition(now)))
    .limit(1);
  return row;
}

/** Every public article's language, slug and last change (the sitemap). */
export function listPublicSlugs(
  db: Db,
  now?: Date,
): Promise<{ id: number; language: string; slug: string; translationOf: number | null; updatedAt: Date }[]> {
  return db
    .select({
      id: articles.id,
      language: articles.language,
      slug: articles.slug,
      translationOf: articles.translationOf,
      updatedAt: articles.updatedAt,
    })
    .from(articles)
    .where(publicCondition(now))
    .orderBy(...newestFirst);
}

/** Store an image unless the same bytes are stored already; the stored row either way. */
export async function insertImage(
  db: Db,
  values: Omit<ImageRow, 'createdAt'>,
): Promise<Pick<ImageRow, 'id' | 'contentType' | 'size' | 'sha256'>> {
  const columns = {
    id: images.id,
    contentType: images.contentType,
    size: images.size,
    sha256: images.sha256,
  };
  const [inserted] = await db
    .insert(images)
    .values(values)
    .onConflictDoNothing({ target: images.sha256 })
    .returning(columns);
  if (inserted) return inserted;
  const [existing] = await db.select(columns).from(images).where(eq(images.sha256, values.sha256)).limit(1);
  return existing;
}

export async function findImage(db: Db, id: string): Promise<ImageRow | undefined> {
  const [row] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  return row;
}

export async function imageExists(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: images.id }).from(images).where(eq(images.id, id)).limit(1);
  return rows.length > 0;
}
