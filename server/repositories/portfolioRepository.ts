/**
 * Portfolios and their transactions (DESIGN.md §4), by concern under ./portfolio/: the portfolio
 * rows and their revision (portfolios.ts), the transaction rows and their writes
 * (transactions.ts), the reads that feed the mathematics and the digests that key its caches
 * (math.ts). Every query that reads or changes a user's data takes the user's uid and filters on it
 * (STYLE.md: ownership is a query filter, ./portfolio/ownership.ts): a portfolio or transaction of
 * someone else is simply not found.
 */
export * from './portfolio/portfolios';
export * from './portfolio/transactions';
export * from './portfolio/math';
