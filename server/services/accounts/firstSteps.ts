/** The first-steps card on Home (issue 39 item 7): what the caller has done so far. */
import type { FirstStepsDto } from '@/lib/types/firstSteps';
import type { Db } from '@/server/db';
import { readFirstSteps } from '@/server/repositories/firstStepsRepository';

export async function getFirstSteps(db: Db, uid: string): Promise<FirstStepsDto> {
  const row = await readFirstSteps(db, uid);
  return {
    has_portfolio: row.hasPortfolio,
    has_transactions: row.hasTransactions,
    has_watchlist: row.hasWatchlist,
  };
}
