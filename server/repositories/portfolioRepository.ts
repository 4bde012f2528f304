/**
 * Portfolios and their transactions. Every query that reads or changes a user's data takes the
 * user's uid and filters on it (STYLE.md: ownership is a query filter): a portfolio or transaction
 * of someone else is simply not found.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { portfolios, portfolioTransactions } from '@/server/db/schema';
import { publishedRow, publishedSql } from './importStagingRepository';

export type PortfolioRow = typeof portfolios.$inferSelect;
export type TransactionRow = typeof portfolioTransactions.$inferSelect;
export type NewTransactionRow = Omit<typeof portfolioTransactions.$inferInsert, 'id' | 'createdAt'>;

/** The columns the portfolio mathematics needs (no comment, no timestamps), of a ticker's transaction. */
export interface TransactionMathRow {
  id: number;
  tickerId: number;
  date: string;
  eventId: number;
  quantity: string;
  price: string;
  fee: string;
  splitTo: number | null;
  splitFrom: number | null;
  /** A dividend's withholding tax (ticker currency); null when none was recorded. */
  withholdingTax: string | null;
  /** The trade's own rate (base-currency units per ticker-currency unit); null: the market's. */
  fxRate: string | null;
}

/** A row of a portfolio's whole ledger: a ticker transaction or a cash event (`tickerId` null). */
export type LedgerMathRow = Omit<TransactionMathRow, 'tickerId'> & { tickerId: number | null };

/** The ticker rows among ledger rows (the SQL already filtered them; this narrows the type). */
export function tickerRowsOnly<R extends { tickerId: number | null }>(
  rows: readonly R[],
): (R & { tickerId: number })[] {
  return rows.filter((r): r is R & { tickerId: number } => r.tickerId !== null);
}

/** The user's portfolio `portfolioId`: ownership is part of every portfolio query. */
function ownPortfolio(uid: string, portfolioId: number) {
  return and(eq(portfolios.id, portfolioId), eq(portfolios.userUid, uid));
}

/**
 * Published transactions of the user's portfolio (optionally one ticker's); the query joins
 * `portfolios`. An import still being written is not seen (importStagingRepository.ts).
 */
function inOwnPortfolio(uid: string, portfolioId: number, tickerId?: number) {
  return and(
    eq(portfolioTransactions.portfolioId, portfolioId),
    eq(portfolios.userUid, uid),
    tickerId === undefined ? undefined : eq(portfolioTransactions.tickerId, tickerId),
    publishedRow,
  );
}

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

/** The columns of a TransactionMathRow, for any select that feeds the portfolio math. */
export const transactionMathColumns = {
  id: portfolioTransactions.id,
  tickerId: portfolioTransactions.tickerId,
  date: portfolioTransactions.date,
  eventId: portfolioTransactions.eventId,
  quantity: portfolioTransactions.quantity,
  price: portfolioTransactions.price,
  fee: portfolioTransactions.fee,
  splitTo: portfolioTransactions.splitTo,
  splitFrom: portfolioTransactions.splitFrom,
  withholdingTax: portfolioTransactions.withholdingTax,
  fxRate: portfolioTransactions.fxRate,
};

/**
 * Every ticker transaction of the user's portfolio (optionally one ticker's), in (date, id) order,
 * for the mathematics; cash events are not among them (see `listLedgerMath`).
 */
export async function listTransactionMath(
  db: Db,
  uid: string,
  portfolioId: number,
  tickerId?: number,
): Promise<TransactionMathRow[]> {
  const rows = await db
    .select(transactionMathColumns)
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(and(inOwnPortfolio(uid, portfolioId, tickerId), isNotNull(portfolioTransactions.tickerId)))
    .orderBy(asc(portfolioTransactions.date), asc(portfolioTransactions.id));
  return tickerRowsOnly(rows);
}

/** Every event of the user's portfolio, cash events too, in (date, id) order. */
export function listLedgerMath(db: Db, uid: string, portfolioId: number): Promise<LedgerMathRow[]> {
  return db
    .select(transactionMathColumns)
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(inOwnPortfolio(uid, portfolioId))
    .orderBy(asc(portfolioTransactions.date), asc(portfolioTransactions.id));
}

/** The portfolio's cash events only (deposits, withdrawals: no ticker), in (date, id) order. */
export function listCashEventMath(db: Db, uid: string, portfolioId: number): Promise<LedgerMathRow[]> {
  return db
    .select(transactionMathColumns)
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(and(inOwnPortfolio(uid, portfolioId), isNull(portfolioTransactions.tickerId)))
    .orderBy(asc(portfolioTransactions.date), asc(portfolioTransactions.id));
}

/** Every event of every portfolio of the user (the person-level tax report), with its portfolio, in (date, id) order. */
export function listUserLedgerMath(
  db: Db,
  uid: string,
  portfolioIds?: readonly number[],
): Promise<(LedgerMathRow & { portfolioId: number })[]> {
  return db
    .select({ portfolioId: portfolioTransactions.portfolioId, ...transactionMathColumns })
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(
      and(
        eq(portfolios.userUid, uid),
        portfolioIds === undefined ? undefined : inArray(portfolios.id, [...portfolioIds]),
        publishedRow,
      ),
    )
    .orderBy(asc(portfolioTransactions.date), asc(portfolioTransactions.id));
}

/** How many transactions (cash events too) the portfolio holds (an account type may change only at 0). */
export async function countTransactions(db: Db, portfolioId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(portfolioTransactions)
    .where(eq(portfolioTransactions.portfolioId, portfolioId));
  return Number(rows[0]?.n ?? 0);
}

/** The user's portfolio's transactions in (date, id) order as one packed text: PGlite decodes one value far faster than 10,000 rows. */
function packedTransactionsQuery(uid: string, portfolioId: number, tickerIds?: readonly number[]) {
  const only =
    tickerIds === undefined
      ? sql``
      : sql`and t.ticker_id in (${sql.join(
          tickerIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return sql`
    select string_agg(concat(t.id, ',', t.ticker_id, ',', t.date, ',', t.event_id, ',', t.quantity, ',', t.price, ',', t.fee, ',', t.split_to, ',', t.split_from, ',', t.withholding_tax, ',', t.fx_rate), ';'
                      order by t.date, t.id) as packed
    from ${portfolioTransactions} t
    join ${portfolios} p on p.id = t.portfolio_id
    where t.portfolio_id = ${portfolioId} and p.user_uid = ${uid} and t.ticker_id is not null ${only}
      and ${publishedSql('t')}`;
}

/**
 * The same rows as `listTransactionMath`, read as one aggregated text and split here: the fast
 * path for whole-portfolio figures (10,000 transactions in milliseconds instead of a few hundred).
 */
export async function listTransactionMathFast(
  db: Db,
  uid: string,
  portfolioId: number,
  tickerIds?: readonly number[],
): Promise<TransactionMathRow[]> {
  if (tickerIds !== undefined && tickerIds.length === 0) return [];
  const result = await db.execute(packedTransactionsQuery(uid, portfolioId, tickerIds));
  const packed = (result as unknown as { rows: { packed: string | null }[] }).rows[0]?.packed;
  if (!packed) return [];
  return packed.split(';').map((line) => {
    const [id, tickerId, date, eventId, quantity, price, fee, splitTo, splitFrom, withholdingTax, fxRate] =
      line.split(',');
    return {
      id: Number(id),
      tickerId: Number(tickerId),
      date,
      eventId: Number(eventId),
      quantity,
      price,
      fee,
      splitTo: splitTo ? Number(splitTo) : null,
      splitFrom: splitFrom ? Number(splitFrom) : null,
      withholdingTax: withholdingTax ? withholdingTax : null,
      fxRate: fxRate ? fxRate : null,
    };
  });
}

/** The digest of each ticker's transactions, and the portfolio revision they belong to. */
export interface RevisionDigests {
  revision: string;
  digests: Map<number, string>;
}

/**
 * A digest of each ticker's transactions in the user's portfolio (count and md5 of every field;
 * optionally only the given tickers'): it changes exactly when that ticker's history changes, so
 * per-ticker figures can be reused. One statement, so the revision and the digests are of the same
 * moment. Undefined when the portfolio is not the user's. `digestOf` computes the same text from
 * rows read with `listTransactionMathFast`.
 */
export async function transactionDigests(
  db: Db,
  uid: string,
  portfolioId: number,
  tickerIds?: readonly number[],
): Promise<RevisionDigests | undefined> {
  const only =
    tickerIds === undefined
      ? sql``
      : tickerIds.length === 0
        ? sql`and false`
        : sql`and t.ticker_id in (${sql.join(
            tickerIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  const result = await db.execute(sql`
    select p.updated_at::text as revision, d.ticker_id, d.digest
    from ${portfolios} p
    left join lateral (
      select t.ticker_id as ticker_id,
             count(*)::int || ':' || md5(string_agg(concat(t.id, ',', t.date, ',', t.event_id, ',', t.quantity, ',', t.price, ',', t.fee, ',', t.split_to, ',', t.split_from, ',', t.withholding_tax, ',', t.fx_rate), ';'
                                         order by t.date, t.id)) as digest
      from ${portfolioTransactions} t
      where t.portfolio_id = p.id and t.ticker_id is not null ${only} and ${publishedSql('t')}
      group by t.ticker_id
    ) d on true
    where p.id = ${portfolioId} and p.user_uid = ${uid}`);
  const rows = (
    result as unknown as { rows: { revision: string; ticker_id: number | null; digest: string | null }[] }
  ).rows;
  if (rows.length === 0) return undefined;
  const digests = new Map<number, string>();
  for (const r of rows)
    if (r.ticker_id !== null && r.digest !== null) digests.set(Number(r.ticker_id), r.digest);
  return { revision: rows[0].revision, digests };
}

/**
 * The digest `transactionDigests` gives one ticker, computed from that ticker's rows as
 * `listTransactionMathFast` returns them ((date, id) order, fields in PostgreSQL's text form), so
 * figures cached under it are keyed on what was actually read, even if a write landed in between.
 */
export function digestOf(rows: readonly TransactionMathRow[]): string {
  const text = rows
    .map((r) =>
      [
        r.id,
        r.date,
        r.eventId,
        r.quantity,
        r.price,
        r.fee,
        r.splitTo ?? '',
        r.splitFrom ?? '',
        r.withholdingTax ?? '',
        r.fxRate ?? '',
      ].join(','),
    )
    .join(';');
  return `${rows.length}:${createHash('md5').update(text, 'utf8').digest('hex')}`;
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
