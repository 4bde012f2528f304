/**
 * FX rates (USD/NOK).
 * Part of the market repository (server/repositories/marketRepository.ts re-exports it).
 */
import { sql } from 'drizzle-orm';

import type { Db } from '@/server/db';
import { fxRates } from '@/server/db/schema';

import { queryRows } from './sql';

/** One daily FX close. */
export interface FxPoint {
  date: string;
  rate: number;
}

/** The pair key of USD/NOK in fx_rates: NOK per USD. */
export const USDNOK_PAIR = 'USDNOK';

/** Insert or correct daily FX closes of a pair; returns the rows written (unchanged ones are not). */
export async function upsertFxRates(db: Db, pair: string, rates: readonly FxPoint[]): Promise<number> {
  if (rates.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`
    with written as (
      insert into ${fxRates} (pair, date, rate)
      select ${pair}, r.* from unnest(
        ${sql.param(rates.map((r) => r.date))}::date[],
        ${sql.param(rates.map((r) => r.rate))}::float8[]
      ) as r(date, rate)
      on conflict (pair, date) do update set rate = excluded.rate
      where fx_rates.rate is distinct from excluded.rate
      returning 1
    )
    select count(*)::int as n from written`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Daily closes of a pair (USDNOK = NOK per USD), ascending, optionally within [from, to]. */
export async function getFxRates(
  db: Db,
  pair: string = USDNOK_PAIR,
  range: { from?: string; to?: string } = {},
): Promise<FxPoint[]> {
  const from = range.from === undefined ? sql`` : sql`and date >= ${range.from}::date`;
  const to = range.to === undefined ? sql`` : sql`and date <= ${range.to}::date`;
  // Two comma-separated texts rather than a row per day: the embedded database's driver decodes
  // one value far faster than ten years of rows (45 ms → a few; issue 26). A double's text is its
  // shortest round-trip form, so Number() gives the stored rate back exactly.
  const rows = await queryRows<{ d: string | null; r: string | null }>(
    db,
    sql`select string_agg(date::text, ',' order by date) as d, string_agg(rate::text, ',' order by date) as r
        from ${fxRates} where pair = ${pair} ${from} ${to}`,
  );
  const { d, r } = rows[0] ?? { d: null, r: null };
  if (!d || !r) return [];
  const dates = d.split(',');
  const rates = r.split(',');
  const out = new Array<FxPoint>(dates.length);
  for (let i = 0; i < dates.length; i++) out[i] = { date: dates[i], rate: Number(rates[i]) };
  return out;
}

/** The latest close of a pair on or before `onOrBefore` (default: the latest of all), or undefined. */
export async function getLatestFxRate(
  db: Db,
  pair: string = USDNOK_PAIR,
  onOrBefore?: string,
): Promise<FxPoint | undefined> {
  const until = onOrBefore === undefined ? sql`` : sql`and date <= ${onOrBefore}::date`;
  const rows = await queryRows<{ date: string; rate: number }>(
    db,
    sql`select date::text as date, rate from ${fxRates} where pair = ${pair} ${until} order by date desc limit 1`,
  );
  return rows[0] ? { date: rows[0].date, rate: Number(rows[0].rate) } : undefined;
}
