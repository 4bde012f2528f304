/**
 * Dividends per share (issue 41): the provider's events per ticker and ex-date. Market data, not
 * user data: nothing here takes a user id.
 * Part of the market repository (server/repositories/marketRepository.ts re-exports it).
 */
import { sql, type SQL } from 'drizzle-orm';

import type { Db } from '@/server/db';
import { dividends } from '@/server/db/schema';

import { intArray, queryRows } from './sql';

/** One stored dividend. */
export interface DividendRow {
  tickerId: number;
  exDate: string;
  payDate: string | null;
  amount: number;
  currency: string;
  source: string;
}

/** What a writer gives: one ticker's events. */
export interface DividendWrite {
  tickerId: number;
  exDate: string;
  payDate: string | null;
  amount: number;
  currency: string;
}

/**
 * Insert or update dividends (one statement, columns as arrays); a row whose values did not change
 * is left alone. Returns how many rows were written.
 */
export async function upsertDividends(
  db: Db,
  rows: readonly DividendWrite[],
  source: string,
): Promise<number> {
  if (rows.length === 0) return 0;
  const written = await queryRows<{ n: number }>(
    db,
    sql`
    with written as (
      insert into ${dividends} (ticker_id, ex_date, pay_date, amount, currency, source)
      select r.ticker_id, r.ex_date, r.pay_date, r.amount, r.currency, ${source} from unnest(
        ${sql.param(rows.map((r) => r.tickerId))}::int[],
        ${sql.param(rows.map((r) => r.exDate))}::date[],
        ${sql.param(rows.map((r) => r.payDate))}::date[],
        ${sql.param(rows.map((r) => r.amount))}::float8[],
        ${sql.param(rows.map((r) => r.currency))}::text[]
      ) as r(ticker_id, ex_date, pay_date, amount, currency)
      on conflict (ticker_id, ex_date) do update set
        pay_date = excluded.pay_date, amount = excluded.amount, currency = excluded.currency,
        source = excluded.source, updated_at = now()
      where (dividends.pay_date, dividends.amount, dividends.currency, dividends.source)
        is distinct from (excluded.pay_date, excluded.amount, excluded.currency, excluded.source)
      returning 1
    )
    select count(*)::int as n from written`,
  );
  return Number(written[0]?.n ?? 0);
}

interface DividendSqlRow {
  ticker_id: number;
  ex_date: string;
  pay_date: string | null;
  amount: number;
  currency: string;
  source: string;
}

const toDividendRow = (r: DividendSqlRow): DividendRow => ({
  tickerId: Number(r.ticker_id),
  exDate: r.ex_date,
  payDate: r.pay_date,
  amount: Number(r.amount),
  currency: r.currency,
  source: r.source,
});

/** The stored dividends of `tickerIds` that `where` and `tail` (order, limit) pick. */
async function selectDividends(
  db: Db,
  tickerIds: readonly number[],
  where: SQL,
  tail: SQL,
): Promise<DividendRow[]> {
  if (tickerIds.length === 0) return [];
  const rows = await queryRows<DividendSqlRow>(
    db,
    sql`select ticker_id, ex_date::text as ex_date, pay_date::text as pay_date, amount, currency, source
        from ${dividends}
        where ticker_id = any(${intArray(tickerIds)}) ${where}
        ${tail}`,
  );
  return rows.map(toDividendRow);
}

/**
 * The dividends of the given tickers with an ex-date in [from, to] (either bound optional),
 * ascending by ticker and ex-date.
 */
export function listDividends(
  db: Db,
  tickerIds: readonly number[],
  range: { from?: string; to?: string } = {},
): Promise<DividendRow[]> {
  return selectDividends(
    db,
    tickerIds,
    sql`${range.from ? sql`and ex_date >= ${range.from}::date` : sql``}
        ${range.to ? sql`and ex_date <= ${range.to}::date` : sql``}`,
    sql`order by ticker_id, ex_date`,
  );
}

/** The sector of each ticker (null when unknown), for the allocation breakdowns. */
export async function findTickerSectors(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ id: number; sector: string | null }>(
    db,
    sql`select id, sector from tickers where id = any(${intArray(ids)})`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.sector]));
}

/**
 * The next dividends (ex-date on or after `from`) of the given tickers, the first `limit` by
 * ex-date, for the dashboard's "next dividends".
 */
export function listNextDividends(
  db: Db,
  tickerIds: readonly number[],
  from: string,
  limit: number,
): Promise<DividendRow[]> {
  return selectDividends(
    db,
    tickerIds,
    sql`and ex_date >= ${from}::date`,
    sql`order by ex_date, ticker_id limit ${limit}`,
  );
}

/** The provider of the newest stored dividends ('demo', 'eodhd'), or null when none are stored. */
export async function latestDividendSource(db: Db): Promise<string | null> {
  const rows = await queryRows<{ source: string }>(
    db,
    sql`select source from ${dividends} order by updated_at desc limit 1`,
  );
  return rows[0]?.source ?? null;
}

/**
 * The dividends of one market's shares going ex after `after` and on or before `until` (the
 * sessions a refresh brought: the ex-date alerts of issue 41), by ex-date then ticker.
 */
export async function listDividendsGoingEx(
  db: Db,
  countryId: number,
  after: string,
  until: string,
): Promise<DividendRow[]> {
  const rows = await queryRows<DividendSqlRow>(
    db,
    sql`select d.ticker_id, d.ex_date::text as ex_date, d.pay_date::text as pay_date, d.amount, d.currency,
               d.source
        from ${dividends} d join tickers t on t.id = d.ticker_id
        where t.country_id = ${countryId} and d.ex_date > ${after}::date and d.ex_date <= ${until}::date
        order by d.ex_date, d.ticker_id`,
  );
  return rows.map(toDividendRow);
}
