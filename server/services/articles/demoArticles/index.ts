/**
 * The six demo articles (three topics in nb and en), seeded once on the first start by the demo
 * admin and linked as translations. A row in sync_state remembers the seeding, so an admin who
 * deletes or edits them is not overruled on the next start.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { articles, syncState, users } from '@/server/db/schema';
import { demoAccount } from '@/lib/demoAccounts';
import { scoreEn, scoreNb } from './score';
import { taxEn, taxNb } from './tax';
import { volumeEn, volumeNb } from './volume';

interface DemoArticle {
  slug: string;
  title: string;
  summary: string;
  tags: string[];
  body: string;
}

export const DEMO_ARTICLES: readonly { nb: DemoArticle; en: DemoArticle }[] = [
  { nb: scoreNb, en: scoreEn },
  { nb: volumeNb, en: volumeEn },
  { nb: taxNb, en: taxEn },
];

const SEED_KEY = { provider: 'seed', key: 'demo-articles' } as const;

/** Seed the demo articles unless they were seeded before; answers how many were written. */
export async function ensureDemoArticles(db: Db, now: Date = new Date()): Promise<number> {
  const done = await db
    .select({ key: syncState.key })
    .from(syncState)
    .where(and(eq(syncState.provider, SEED_KEY.provider), eq(syncState.key, SEED_KEY.key)))
    .limit(1);
  if (done.length > 0) return 0;
  const admin = demoAccount('admin');
  const [author] = await db.select({ uid: users.uid }).from(users).where(eq(users.uid, admin.uid)).limit(1);
  let written = 0;
  await db.transaction(async (tx) => {
    // Staggered publish times, oldest topic first, so the blog's order is stable.
    for (const [i, pair] of DEMO_ARTICLES.entries()) {
      const publishedAt = new Date(now.getTime() - (DEMO_ARTICLES.length - i) * 86_400_000);
      const ids: Partial<Record<'nb' | 'en', number>> = {};
      for (const language of ['nb', 'en'] as const) {
        const a = pair[language];
        const [row] = await tx
          .insert(articles)
          .values({
            language,
            slug: a.slug,
            title: a.title,
            summary: a.summary,
            bodyMarkdown: a.body,
            tags: a.tags,
            status: 'published',
            publishedAt,
            authorUid: author?.uid ?? null,
            createdAt: publishedAt,
            updatedAt: publishedAt,
          })
          .onConflictDoNothing({ target: [articles.language, articles.slug] })
          .returning({ id: articles.id });
        if (row) {
          ids[language] = row.id;
          written += 1;
        }
      }
      if (ids.nb && ids.en) {
        await tx
          .update(articles)
          .set({ translationOf: ids.en })
          .where(and(eq(articles.id, ids.nb), isNull(articles.translationOf)));
        await tx
          .update(articles)
          .set({ translationOf: ids.nb })
          .where(and(eq(articles.id, ids.en), isNull(articles.translationOf)));
      }
    }
    await tx
      .insert(syncState)
      .values({ ...SEED_KEY, updatedAt: now })
      .onConflictDoNothing();
  });
  return written;
}
