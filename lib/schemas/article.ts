import './zodConfig';
import { z } from 'zod';
import { cappedString, NO_NUL_MESSAGE, NO_NUL_PATTERN } from './text';
import { SLUG_PATTERN } from '@/lib/slug';

import { ARTICLE_BODY_MAX_CHARS, ARTICLE_LANGUAGES, ARTICLE_STATUSES } from '@/lib/articles/constants';

export * from '@/lib/articles/constants';

const tag = cappedString(40)
  .trim()
  .toLowerCase()
  .min(1)
  .max(40, 'At most 40 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, 'Letters, digits, spaces and dashes only');

// Capped before the date-time pattern runs (the longest valid one is about 35 characters).
const isoDateTime = z
  .string()
  .max(40, { error: 'At most 40 characters', abort: true })
  .pipe(z.iso.datetime({ offset: true }));

/** The writable fields of an article (POST and PUT). */
export const articleWriteSchema = z.object({
  language: z.enum(ARTICLE_LANGUAGES),
  slug: cappedString(80)
    .trim()
    .max(80, 'At most 80 characters')
    .regex(SLUG_PATTERN, 'Lower-case letters, digits and dashes')
    .optional(),
  title: cappedString(200)
    .trim()
    .min(1, 'Required')
    .max(200, 'At most 200 characters')
    .regex(NO_NUL_PATTERN, NO_NUL_MESSAGE),
  summary: cappedString(400)
    .trim()
    .max(400, 'At most 400 characters')
    .regex(NO_NUL_PATTERN, NO_NUL_MESSAGE)
    .default(''),
  body_markdown: z
    .string()
    .max(ARTICLE_BODY_MAX_CHARS, { error: 'The article is too long', abort: true })
    .regex(NO_NUL_PATTERN, NO_NUL_MESSAGE)
    .default(''),
  tags: z
    .array(tag)
    .max(10, 'At most 10 tags')
    .default([])
    .transform((tags) => [...new Set(tags)]),
  cover_image_id: cappedString(64).trim().max(64).nullable().default(null),
  status: z.enum(ARTICLE_STATUSES).default('draft'),
  publish_at: isoDateTime.nullable().default(null),
  translation_of: z.number().int().positive().nullable().default(null),
});
export type ArticleWriteInput = z.infer<typeof articleWriteSchema>;

export const articleCreateSchema = articleWriteSchema.refine(
  (a) => a.status !== 'scheduled' || a.publish_at !== null,
  { message: 'A scheduled article needs a publish time', path: ['publish_at'] },
);

/** PUT carries the `updated_at` it was read with: a stale one is 409. */
export const articleUpdateSchema = articleWriteSchema
  .extend({ updated_at: isoDateTime })
  .refine((a) => a.status !== 'scheduled' || a.publish_at !== null, {
    message: 'A scheduled article needs a publish time',
    path: ['publish_at'],
  });
export type ArticleUpdateInput = z.infer<typeof articleUpdateSchema>;

const page = z.coerce.number().int().min(1).max(10_000).default(1);

export const adminArticleQuerySchema = z.object({
  view: z.literal('list').optional(),
  status: z.enum(ARTICLE_STATUSES).optional(),
  language: z.enum(ARTICLE_LANGUAGES).optional(),
  page,
});

export const publicArticleQuerySchema = z.object({
  language: z.enum(ARTICLE_LANGUAGES).default('nb'),
  page,
  tag: tag.optional(),
});

export const articleIdSchema = z.coerce.number().int().positive();
export const articleLanguageSchema = z.enum(ARTICLE_LANGUAGES);
export const articleSlugSchema = cappedString(80, { trimmed: false }).regex(SLUG_PATTERN);
export const imageIdSchema = cappedString(32, { trimmed: false }).regex(/^[0-9a-f]{32}$/);
