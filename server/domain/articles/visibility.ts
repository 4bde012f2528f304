import type { ArticleStatus } from '@/lib/types/article';

/**
 * Is an article public at `now`? Published ones are; a scheduled one once its publish time has
 * passed; drafts never. The queries apply the same rule with the database clock.
 */
export function isPublicAt(
  article: { status: ArticleStatus | string; publishAt: Date | null },
  now: Date,
): boolean {
  if (article.status === 'published') return true;
  return article.status === 'scheduled' && article.publishAt !== null && article.publishAt <= now;
}
