/**
 * The reads that feed the portfolio mathematics: the columns it needs of a portfolio's
 * transactions (ticker transactions, the whole ledger, the cash events, every portfolio of a user),
 * the packed fast read of a whole portfolio, and the per-ticker digests that key the caches.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { portfolios, portfolioTransactions } from '@/server/db/schema';
import { publishedRow, publishedSql } from '../importStagingRepository';
import { inOwnPortfolio } from './ownership';

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

/**
 * Every event of the user's portfolio, cash events too, in (date, id) order; with `cashOnly`, the
 * cash events only (deposits, withdrawals: no ticker).
 */
export function listLedgerMath(
  db: Db,
  uid: string,
  portfolioId: number,
  { cashOnly = false }: { cashOnly?: boolean } = {},
): Promise<LedgerMathRow[]> {
  return db
    .select(transactionMathColumns)
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .where(
      and(inOwnPortfolio(uid, portfolioId), cashOnly ? isNull(portfolioTransactions.tickerId) : undefined),
    )
    .orderBy(asc(portfolioTransactions.date), asc(portfolioTransactions.id));
}

/** The portfolio's cash events only (deposits, withdrawals: no ticker), in (date, id) order. */
export const listCashEventMath = (db: Db, uid: string, portfolioId: number) =>
  listLedgerMath(db, uid, portfolioId, { cashOnly: true });

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

/**
 * The amounts of a row (quantity, price, fee, split_to, split_from, withholding_tax, fx_rate) as
 * the column `math_text` holds them, written when the row was: without the zeros their column's
 * scale pads them with (`trim_scale`: 165.7700000000 is written 165.77, the same value), a third
 * less text for the domain to parse. Writing five numerics out as text per row was half of the
 * embedded database's time for a 10,000-transaction read (issue 26). The digest is made of the
 * same texts, so `digestOf` over packed rows matches.
 */
const packedRow = sql`concat(t.id, ',', t.ticker_id, ',', t.date, ',', t.event_id, ',', t.math_text)`;
const digestRow = sql`concat(t.id, ',', t.date, ',', t.event_id, ',', t.math_text)`;

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
    select string_agg(${packedRow}, ';'
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
  return unpackTransactions((result as unknown as { rows: { packed: string | null }[] }).rows[0]?.packed);
}

/**
 * The user's portfolio's revision and every ticker transaction, in one statement so the rows are
 * those of that revision (the cold read of the portfolio figures: the digests are computed from
 * these rows with `digestOf`, and the same rows are the histories, so nothing is read twice).
 * Undefined when the portfolio is not the user's.
 */
export async function readPortfolioLedgerMath(
  db: Db,
  uid: string,
  portfolioId: number,
): Promise<{ revision: string; tickers: Map<number, LedgerTicker> } | undefined> {
  const result = await db.execute(sql`
    select p.updated_at::text as revision, (
      select string_agg(${packedRow}, ';'
                        order by t.date, t.id)
      from ${portfolioTransactions} t
      where t.portfolio_id = p.id and t.ticker_id is not null and ${publishedSql('t')}) as packed
    from ${portfolios} p
    where p.id = ${portfolioId} and p.user_uid = ${uid}`);
  const row = (result as unknown as { rows: { revision: string; packed: string | null }[] }).rows[0];
  return row ? { revision: row.revision, tickers: unpackLedger(row.packed) } : undefined;
}

/** One ticker's rows of a portfolio read whole, and their digest (what `digestOf` gives them). */
export interface LedgerTicker {
  rows: TransactionMathRow[];
  digest: string;
}

/**
 * The rows of a packed text grouped by ticker, each ticker's digest made from the packed lines
 * themselves: a line without its ticker field is the digest's line (digestRow), so no row is
 * written out again (digestOf's per-row join was a fifth of a cold read's JS; issue 26).
 */
function unpackLedger(packed: string | null | undefined): Map<number, LedgerTicker> {
  const lines = new Map<number, string[]>();
  const tickers = new Map<number, LedgerTicker>();
  for (const row of unpackTransactions(packed, (row, line) => {
    const first = line.indexOf(',');
    const digestLine = line.slice(0, first) + line.slice(line.indexOf(',', first + 1));
    const own = lines.get(row.tickerId);
    if (own) own.push(digestLine);
    else lines.set(row.tickerId, [digestLine]);
  })) {
    const ticker = tickers.get(row.tickerId);
    if (ticker) ticker.rows.push(row);
    else tickers.set(row.tickerId, { rows: [row], digest: '' });
  }
  for (const [id, ticker] of tickers) ticker.digest = digestOfLines(lines.get(id)!);
  return tickers;
}

/** The rows of a packed text (see packedTransactionsQuery); `each` is told every row and its line. */
function unpackTransactions(
  packed: string | null | undefined,
  each?: (row: TransactionMathRow, line: string) => void,
): TransactionMathRow[] {
  if (!packed) return [];
  return packed.split(';').map((line) => {
    const [id, tickerId, date, eventId, quantity, price, fee, splitTo, splitFrom, withholdingTax, fxRate] =
      line.split(',');
    const row: TransactionMathRow = {
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
    each?.(row, line);
    return row;
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
             count(*)::int || ':' || md5(string_agg(${digestRow}, ';'
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
 * `listTransactionMathFast` returns them ((date, id) order, amounts without padding zeros), so
 * figures cached under it are keyed on what was actually read, even if a write landed in between.
 */
export function digestOf(rows: readonly TransactionMathRow[]): string {
  return digestOfLines(
    rows.map((r) =>
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
    ),
  );
}

/** The digest of rows written out as digestRow writes them, one line each. */
function digestOfLines(lines: readonly string[]): string {
  return `${lines.length}:${createHash('md5').update(lines.join(';'), 'utf8').digest('hex')}`;
}
