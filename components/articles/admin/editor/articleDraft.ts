/**
 * The article editor's form state as plain data: the draft of the fields, how a saved article
 * becomes a draft, how a draft becomes the API input, and the slug that follows the title. Pure, so
 * the hooks and the form parts share one copy and the rules are tested without rendering.
 */
import { slugify } from '@/lib/slug';
import type { ArticleDto, ArticleLanguage, ArticleStatus } from '@/lib/types/article';
import type { ArticleInput } from '@/services/articlesService';

export interface Draft {
  language: ArticleLanguage;
  title: string;
  slug: string;
  summary: string;
  tags: string;
  cover_image_id: string | null;
  body_markdown: string;
}

/** The fields that can carry an error message next to them. */
export type Field = 'title' | 'slug' | 'summary' | 'tags' | 'body_markdown' | 'publish_at' | 'cover_image_id';

export type FieldErrors = Partial<Record<Field, string>>;

export const emptyDraft = (language: ArticleLanguage): Draft => ({
  language,
  title: '',
  slug: '',
  summary: '',
  tags: '',
  cover_image_id: null,
  body_markdown: '',
});

export const draftOf = (a: ArticleDto): Draft => ({
  language: a.language,
  title: a.title,
  slug: a.slug,
  summary: a.summary,
  tags: a.tags.join(', '),
  cover_image_id: a.cover_image_id,
  body_markdown: a.body_markdown,
});

/** "Teknisk analyse, RSI ," → ["teknisk analyse", "rsi"]. */
export const parseTags = (tags: string): string[] =>
  tags
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);

/** `datetime-local` value (local time, minutes) of an ISO time; '' for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/**
 * The draft with one field changed. The slug follows the title until it is edited by hand (or the
 * article was saved): `slugTouched`.
 */
export function withChange<K extends keyof Draft>(
  draft: Draft,
  key: K,
  value: Draft[K],
  slugTouched: boolean,
): Draft {
  const next = { ...draft, [key]: value };
  if (key === 'title' && !slugTouched) next.slug = slugify(String(value));
  return next;
}

/** True when the draft differs from what was saved (or from an empty article when nothing was). */
export function isDirty(saved: ArticleDto | null, draft: Draft): boolean {
  const baseline = saved ? draftOf(saved) : emptyDraft(draft.language);
  return JSON.stringify(baseline) !== JSON.stringify(draft);
}

/** The API input of a draft saved with `status` (and `publishAt` for a scheduled one). */
export function draftInput(draft: Draft, status: ArticleStatus, publishAt: string | null): ArticleInput {
  return {
    language: draft.language,
    title: draft.title.trim(),
    slug: draft.slug.trim() || undefined,
    summary: draft.summary.trim(),
    body_markdown: draft.body_markdown,
    tags: parseTags(draft.tags),
    cover_image_id: draft.cover_image_id,
    status,
    publish_at: publishAt,
  };
}
