import {
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * `bytea` as a Buffer on both drivers: `pg` answers a Buffer, PGlite a Uint8Array; both accept a
 * Buffer (a Uint8Array) as a parameter.
 */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType() {
    return 'bytea';
  },
  toDriver(value) {
    return value;
  },
  fromDriver(value) {
    return Buffer.isBuffer(value) ? value : Buffer.from(value);
  },
});

/**
 * Uploaded images (articles' covers and inline pictures) live in the database, not on disk, so
 * several app instances on one PostgreSQL serve the same files. `id` is random (not guessable);
 * `sha256` makes an identical second upload answer the first one.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.uid, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('images_sha256_uq').on(t.sha256)],
);

/**
 * Articles (nb or en). `slug` is unique per language and stable once published; `translation_of`
 * links the nb and en versions of one article both ways. A `scheduled` article is public once
 * `publish_at` has passed (decided in the queries, so it appears without a job).
 */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    language: text('language').notNull(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    bodyMarkdown: text('body_markdown').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    coverImageId: text('cover_image_id').references(() => images.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('draft'),
    publishAt: timestamp('publish_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    authorUid: text('author_uid').references(() => users.uid, { onDelete: 'set null' }),
    translationOf: integer('translation_of').references((): AnyPgColumn => articles.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('articles_language_slug_uq').on(t.language, t.slug),
    index('articles_public_idx').on(t.language, t.status, t.publishAt),
  ],
);

export type ArticleRow = typeof articles.$inferSelect;
export type NewArticleRow = typeof articles.$inferInsert;
export type ImageRow = typeof images.$inferSelect;
