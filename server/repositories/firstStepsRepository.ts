/** Whether a user has taken the first steps: three look-ups of one row each, all filtered by the user. */
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { portfolios, portfolioTransactions, watchlistItems } from '@/server/db/schema';

export interface FirstStepsRow {
  hasPortfolio: boolean;
  hasTransactions: boolean;
  hasWatchlist: boolean;
}

export async function readFirstSteps(db: Db, uid: string): Promise<FirstStepsRow> {
  const [portfolio, transaction, watched] = await Promise.all([
    db.select({ id: portfolios.id }).from(portfolios).where(eq(portfolios.userUid, uid)).limit(1),
    db
      .select({ id: portfolioTransactions.id })
      .from(portfolioTransactions)
      .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
      .where(eq(portfolios.userUid, uid))
      .limit(1),
    db
      .select({ tickerId: watchlistItems.tickerId })
      .from(watchlistItems)
      .where(eq(watchlistItems.userUid, uid))
      .limit(1),
  ]);
  return {
    hasPortfolio: portfolio.length > 0,
    hasTransactions: transaction.length > 0,
    hasWatchlist: watched.length > 0,
  };
}
