/**
 * Ownership as a query filter (STYLE.md): every portfolio query of the portfolio repository
 * filters on the user's uid, so someone else's portfolio or transaction is simply not found.
 */
import { and, eq } from 'drizzle-orm';
import { portfolios, portfolioTransactions } from '@/server/db/schema';
import { publishedRow } from '../importStagingRepository';

/** The user's portfolio `portfolioId`: ownership is part of every portfolio query. */
export function ownPortfolio(uid: string, portfolioId: number) {
  return and(eq(portfolios.id, portfolioId), eq(portfolios.userUid, uid));
}

/**
 * Published transactions of the user's portfolio (optionally one ticker's); the query joins
 * `portfolios`. An import still being written is not seen (importStagingRepository.ts).
 */
export function inOwnPortfolio(uid: string, portfolioId: number, tickerId?: number) {
  return and(
    eq(portfolioTransactions.portfolioId, portfolioId),
    eq(portfolios.userUid, uid),
    tickerId === undefined ? undefined : eq(portfolioTransactions.tickerId, tickerId),
    publishedRow,
  );
}
