/**
 * Portfolios: the user's portfolio rows, the write lock and the revision every write bumps.
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { portfolios, portfolioTransactions } from '@/server/db/schema';
import { ownPortfolio } from './ownership';

export type PortfolioRow = typeof portfolios.$inferSelect;

/** The user's portfolios, oldest first. */
export function listPortfolios(db: Db, uid: string): Promise<PortfolioRow[]> {
  return db.select().from(portfolios).where(eq(portfolios.userUid, uid)).orderBy(asc(portfolios.id));
}

/** The user's portfolio, or undefined when it does not exist or belongs to someone else. */
export async function findPortfolio(
  db: Db,
  uid: string,
  portfolioId: number,
): Promise<PortfolioRow | undefined> {
  const rows = await db.select().from(portfolios).where(ownPortfolio(uid, portfolioId)).limit(1);
  return rows[0];
}

/**
 * Inside a database transaction: lock the user's portfolio row so that writes to one portfolio
 * run one after another (two sells at once cannot both pass the holding check).
 */
export async function lockPortfolio(
  tx: Db,
  uid: string,
  portfolioId: number,
): Promise<PortfolioRow | undefined> {
  const rows = await tx.select().from(portfolios).where(ownPortfolio(uid, portfolioId)).for('update');
  return rows[0];
}

/**
 * A text that changes with every write to the portfolio or its transactions (`updated_at` at
 * microsecond precision, bumped by `touchPortfolio`); caches of computed results key on it.
 */
export async function portfolioRevision(
  db: Db,
  uid: string,
  portfolioId: number,
): Promise<{ portfolio: PortfolioRow; revision: string } | undefined> {
  const rows = await db
    .select({ portfolio: portfolios, revision: sql<string>`${portfolios.updatedAt}::text` })
    .from(portfolios)
    .where(ownPortfolio(uid, portfolioId))
    .limit(1);
  return rows[0];
}

/** Mark the portfolio as changed (its transactions were written); returns its new revision. */
export async function touchPortfolio(tx: Db, portfolioId: number): Promise<string | undefined> {
  const rows = await tx
    .update(portfolios)
    .set({ updatedAt: sql`clock_timestamp()` })
    .where(eq(portfolios.id, portfolioId))
    .returning({ revision: sql<string>`${portfolios.updatedAt}::text` });
  return rows[0]?.revision;
}

export async function insertPortfolio(
  db: Db,
  uid: string,
  values: {
    name: string;
    description: string;
    subscription: boolean;
    baseCurrency: string;
    accountType?: string;
  },
): Promise<PortfolioRow> {
  const rows = await db
    .insert(portfolios)
    .values({ ...values, userUid: uid })
    .returning();
  return rows[0];
}

/** Update the user's portfolio; undefined when it is not theirs. */
export async function updatePortfolio(
  db: Db,
  uid: string,
  portfolioId: number,
  patch: { name: string; description?: string; subscription?: boolean; accountType?: string },
): Promise<PortfolioRow | undefined> {
  const rows = await db
    .update(portfolios)
    .set({ ...patch, updatedAt: sql`clock_timestamp()` })
    .where(ownPortfolio(uid, portfolioId))
    .returning();
  return rows[0];
}

/** Delete the user's portfolio and its transactions in one database transaction; false when it is not theirs. */
export async function deletePortfolio(db: Db, uid: string, portfolioId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const portfolio = await lockPortfolio(tx, uid, portfolioId);
    if (!portfolio) return false;
    await tx.delete(portfolioTransactions).where(eq(portfolioTransactions.portfolioId, portfolioId));
    await tx.delete(portfolios).where(ownPortfolio(uid, portfolioId));
    return true;
  });
}
