/**
 * A portfolio's transaction rows: read them whole, write them (inside the portfolio's lock) and
 * look up the ids an import already has.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { portfolios, portfolioTransactions } from '@/server/db/schema';
import { publishedRow, publishedSql } from '../importStagingRepository';
import { inOwnPortfolio } from './ownership';

export type TransactionRow = typeof portfolioTransactions.$inferSelect;
export type NewTransactionRow = Omit<typeof portfolioTransactions.$inferInsert, 'id' | 'createdAt'>;

/** How many transactions (cash events too) the portfolio holds (an account type may change only at 0). */
export async function countTransactions(db: Db, portfolioId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.portfolioId, portfolioId));
  return Number(rows[0]?.n ?? 0);
}

/** Full transaction rows of the user's portfolio (optionally one ticker's), in (date, id) order. */
export async function listTransactions(
  db: Db,
  uid: string,
  portfolioId: number,
  tickerId?: number,
): Promise<TransactionRow[]> {
  const rows = await db
    .select({ transaction: portfolioTransactions })
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(inOwnPortfolio(uid, portfolioId, tickerId))
    .orderBy(asc(portfolioTransactions.date), asc(portfolioTransactions.id));
  return rows.map((r) => r.transaction);
}

/** The user's transaction, or undefined when it does not exist or is in someone else's portfolio. */
export async function findTransaction(
  db: Db,
  uid: string,
  transactionId: number,
): Promise<TransactionRow | undefined> {
  const rows = await db
    .select({ transaction: portfolioTransactions })
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(and(eq(portfolioTransactions.id, transactionId), eq(portfolios.userUid, uid), publishedRow))
    .limit(1);
  return rows[0]?.transaction;
}

/** Insert transactions (in the order given, so their ids follow it); call inside the locked transaction. */
export async function insertTransactions(tx: Db, rows: NewTransactionRow[]): Promise<TransactionRow[]> {
  if (rows.length === 0) return [];
  const out: TransactionRow[] = [];
  // Chunks keep each statement well under PostgreSQL's 65,535 bind parameters.
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await tx
        .insert(portfolioTransactions)
        .values(rows.slice(i, i + 1000))
        .returning()),
    );
  }
  return out.sort((a, b) => a.id - b.id);
}

/** A transaction row as `appendTransactions` writes it (the portfolio is the call's). */
export type AppendedTransactionRow = Omit<NewTransactionRow, 'portfolioId'>;

/**
 * Append rows to the portfolio (their ids follow the order given); call inside the locked
 * transaction. One statement whatever the count: the rows travel as one JSON parameter, so there is
 * no bind-parameter limit and PostgreSQL (or PGlite) parses them itself, several times faster than
 * a multi-row VALUES list. Returns nothing; callers keep each call to a bounded batch.
 */
export async function appendTransactions(
  tx: Db,
  portfolioId: number,
  rows: readonly AppendedTransactionRow[],
  /** The import these rows are staged under (unpublished until it publishes; importStagingRepository.ts). */
  stagedImport: string | null = null,
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((r, i) => ({
      o: i,
      t: r.tickerId,
      d: r.date,
      e: r.eventId,
      q: r.quantity,
      p: r.price,
      f: r.fee ?? '0',
      st: r.splitTo ?? null,
      sf: r.splitFrom ?? null,
      w: r.withholdingTax ?? null,
      fx: r.fxRate ?? null,
      c: r.comment ?? '',
      x: r.externalId ?? null,
    })),
  );
  await tx.execute(sql`
    insert into ${portfolioTransactions}
      (portfolio_id, ticker_id, date, event_id, quantity, price, fee, split_to, split_from, withholding_tax, fx_rate, comment, external_id, staged_import)
    select ${portfolioId}, r.t, r.d, r.e, r.q, r.p, r.f, r.st, r.sf, r.w, r.fx, r.c, r.x, ${stagedImport}
    from json_to_recordset(${json}::json) as r(o int, t int, d date, e smallint, q numeric, p numeric,
                                               f numeric, st int, sf int, w numeric, fx numeric, c text, x text)
    order by r.o`);
}

/** Update a transaction of the given portfolio (ownership was checked by the caller's lock). */
export async function updateTransaction(
  tx: Db,
  portfolioId: number,
  transactionId: number,
  patch: Pick<
    NewTransactionRow,
    | 'date'
    | 'eventId'
    | 'quantity'
    | 'price'
    | 'fee'
    | 'splitTo'
    | 'splitFrom'
    | 'withholdingTax'
    | 'fxRate'
    | 'comment'
  >,
): Promise<TransactionRow | undefined> {
  const rows = await tx
    .update(portfolioTransactions)
    .set(patch)
    .where(
      and(eq(portfolioTransactions.id, transactionId), eq(portfolioTransactions.portfolioId, portfolioId)),
    )
    .returning();
  return rows[0];
}

export async function deleteTransaction(
  tx: Db,
  portfolioId: number,
  transactionId: number,
): Promise<boolean> {
  const rows = await tx
    .delete(portfolioTransactions)
    .where(
      and(eq(portfolioTransactions.id, transactionId), eq(portfolioTransactions.portfolioId, portfolioId)),
    )
    .returning({ id: portfolioTransactions.id });
  return rows.length > 0;
}

/** Values per lookup statement: one JSON parameter each, so no bind-parameter limit applies. */
const LOOKUP_BATCH = 2000;

/** Which of these broker ids the portfolio already has (import de-duplication). */
export async function existingExternalIds(
  tx: Db,
  portfolioId: number,
  externalIds: string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  for (let i = 0; i < externalIds.length; i += LOOKUP_BATCH) {
    const wanted = JSON.stringify(externalIds.slice(i, i + LOOKUP_BATCH));
    const result = await tx.execute(sql`
      select t.external_id from ${portfolioTransactions} t
      where t.portfolio_id = ${portfolioId}
        and t.external_id in (select json_array_elements_text(${wanted}::json))`);
    for (const r of (result as unknown as { rows: { external_id: string | null }[] }).rows)
      if (r.external_id !== null) found.add(r.external_id);
  }
  return found;
}

/** The ids of the user's portfolio's transactions among `ids` (export rows read back into the same portfolio). */
export async function ownTransactionIds(tx: Db, portfolioId: number, ids: number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += LOOKUP_BATCH) {
    const wanted = JSON.stringify(ids.slice(i, i + LOOKUP_BATCH));
    const result = await tx.execute(sql`
      select t.id from ${portfolioTransactions} t
      where t.portfolio_id = ${portfolioId} and ${publishedSql('t')}
        and t.id in (select json_array_elements_text(${wanted}::json)::int)`);
    for (const r of (result as unknown as { rows: { id: number }[] }).rows) found.add(Number(r.id));
  }
  return found;
}
