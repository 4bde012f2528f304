/**
 * An import's rows on their way into a portfolio (issue 26 item 4). PGlite has one connection: an
 * open transaction makes every other query wait, and one statement that writes 10,000 rows holds
 * it for 0,2–0,7 s (measured). So an import claims a mark in `import_staging`, writes its rows into
 * `portfolio_transactions` in short statements of its own (no transaction around them), each row
 * carrying the mark's id in `staged_import`, and publishes them by deleting the mark in one short
 * transaction. Every reader filters with `publishedRow` / `publishedSql`: a row whose mark still
 * exists is not seen, so a half import never is.
 */
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { importStaging, portfolioTransactions } from '@/server/db/schema';

/**
 * A mark older than this belongs to an import that died (a crash in the middle); the next import
 * removes it and its rows. A 10,000-row import writes in seconds.
 */
export const STALE_STAGING_MINUTES = 15;

/** Rows deleted per statement when an import's rows are removed (given up, or left by a crash). */
const DISCARD_BATCH = 1000;

/** Drizzle condition: the transaction row is published (not part of an import still being written). */
export const publishedRow: SQL = sql`not exists (select 1 from ${importStaging} s where s.import_id = ${portfolioTransactions.stagedImport})`;

/** The same condition for raw SQL that names `portfolio_transactions` by an alias. */
export function publishedSql(alias: string): SQL {
  return sql`not exists (select 1 from ${importStaging} s where s.import_id = ${sql.raw(alias)}.staged_import)`;
}

/**
 * Claim the portfolio for one import: false when another import of it is being written (one at a
 * time per portfolio, so two imports of the same file can never both add their rows).
 */
export async function claimImport(db: Db, importId: string, portfolioId: number): Promise<boolean> {
  const rows = await db
    .insert(importStaging)
    .values({ importId, portfolioId })
    .onConflictDoNothing()
    .returning({ importId: importStaging.importId });
  return rows.length === 1;
}

/**
 * Publish a claimed import: delete its mark. Call inside the transaction that holds the
 * portfolio's lock (with the revision bump); false when the mark is gone.
 */
export async function publishImport(tx: Db, importId: string): Promise<boolean> {
  const rows = await tx
    .delete(importStaging)
    .where(eq(importStaging.importId, importId))
    .returning({ importId: importStaging.importId });
  return rows.length === 1;
}

/**
 * Remove an unpublished import: its rows in bounded statements (nobody sees them, so the steps
 * need no transaction), then its mark. `yieldBetween` gives the event loop its turn.
 */
export async function discardImport(
  db: Db,
  importId: string,
  portfolioId: number,
  yieldBetween: () => Promise<void>,
): Promise<void> {
  for (;;) {
    const deleted = await db.execute(sql`
      delete from ${portfolioTransactions}
      where id in (select t.id from ${portfolioTransactions} t
                   where t.portfolio_id = ${portfolioId} and t.staged_import = ${importId}
                   limit ${DISCARD_BATCH})
        and exists (select 1 from ${importStaging} s where s.import_id = ${importId})
      returning id`);
    const n = (deleted as unknown as { rows: unknown[] }).rows.length;
    if (n < DISCARD_BATCH) break;
    await yieldBetween();
  }
  await db.delete(importStaging).where(eq(importStaging.importId, importId));
}

/** Remove the imports a crash left half written (marks older than STALE_STAGING_MINUTES); returns how many. */
export async function discardStaleImports(
  db: Db,
  yieldBetween: () => Promise<void>,
  now: Date = new Date(),
): Promise<number> {
  const before = new Date(now.getTime() - STALE_STAGING_MINUTES * 60_000);
  const stale = await db
    .select({ importId: importStaging.importId, portfolioId: importStaging.portfolioId })
    .from(importStaging)
    .where(lt(importStaging.createdAt, before));
  for (const s of stale) await discardImport(db, s.importId, s.portfolioId, yieldBetween);
  return stale.length;
}

/** The rows an import wrote that are still unpublished (tests and checks). */
export async function unpublishedCount(db: Db, portfolioId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portfolioTransactions)
    .where(and(eq(portfolioTransactions.portfolioId, portfolioId), sql`not (${publishedRow})`));
  return Number(rows[0]?.n ?? 0);
}
