/**
 * Markets, tickers and index membership.
 * Part of the market repository (server/repositories/marketRepository.ts re-exports it).
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';

import type { MarketId, OsloSegment } from '@/lib/constants';
import type { Db } from '@/server/db';
import { indexMembers, markets, tickers } from '@/server/db/schema';

import { intArray } from './sql';

export type TickerRow = typeof tickers.$inferSelect;
export type MarketRow = typeof markets.$inferInsert;

/** A ticker as the sync writes it (the id is the database's). */
export interface TickerUpsert {
  countryId: MarketId;
  symbol: string;
  name: string;
  searchName: string;
  exchange: string;
  currency: 'NOK' | 'USD';
  sector: string | null;
  isin: string | null;
  img: string;
  isIndex: boolean;
  /** Oslo shares: the Euronext segment; null/absent never erases a known one. */
  segment?: OsloSegment | null;
}

/** Insert or refresh the markets (SPEC §3). */
export async function upsertMarkets(db: Db, rows: readonly MarketRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(markets)
    .values([...rows])
    .onConflictDoUpdate({
      target: markets.id,
      set: {
        exchange: sql`excluded.exchange`,
        name: sql`excluded.name`,
        mainIndex: sql`excluded.main_index`,
        mainIndexSymbol: sql`excluded.main_index_symbol`,
        currency: sql`excluded.currency`,
        img: sql`excluded.img`,
      },
    });
}

/**
 * Insert new tickers and refresh known ones (matched on market + symbol, so ids stay stable and
 * portfolios keep pointing at the same rows). A missing ISIN, sector, logo or segment never erases
 * a known one. A ticker the provider lists is listed: a delisted mark is cleared (relisted).
 */
export async function upsertTickers(db: Db, rows: readonly TickerUpsert[]): Promise<TickerRow[]> {
  if (rows.length === 0) return [];
  return db
    .insert(tickers)
    .values([...rows])
    .onConflictDoUpdate({
      target: [tickers.countryId, tickers.symbol],
      set: {
        name: sql`excluded.name`,
        searchName: sql`excluded.search_name`,
        exchange: sql`excluded.exchange`,
        currency: sql`excluded.currency`,
        sector: sql`coalesce(excluded.sector, ${tickers.sector})`,
        isin: sql`coalesce(excluded.isin, ${tickers.isin})`,
        img: sql`case when excluded.img <> '' then excluded.img else ${tickers.img} end`,
        isIndex: sql`excluded.is_index`,
        segment: sql`coalesce(excluded.segment, ${tickers.segment})`,
        delistedOn: sql`null`,
      },
    })
    .returning();
}

/** The ticker with this id, or undefined. */
export async function findTickerById(db: Db, id: number): Promise<TickerRow | undefined> {
  const rows = await db.select().from(tickers).where(eq(tickers.id, id)).limit(1);
  return rows[0];
}

/** A market's ticker (or index) by exact symbol, or undefined. */
export async function findTickerBySymbol(
  db: Db,
  countryId: MarketId,
  symbol: string,
): Promise<TickerRow | undefined> {
  const rows = await db
    .select()
    .from(tickers)
    .where(and(eq(tickers.countryId, countryId), eq(tickers.symbol, symbol), eq(tickers.inUniverse, true)))
    .limit(1);
  return rows[0];
}

/**
 * Stocks and indexes, optionally of one market and/or kind, ordered by id; `listed: true` leaves
 * out the delisted ones.
 */
export function listTickerRows(
  db: Db,
  filter: { countryId?: MarketId; isIndex?: boolean; listed?: boolean } = {},
): Promise<TickerRow[]> {
  return db
    .select()
    .from(tickers)
    .where(
      and(
        filter.countryId === undefined ? undefined : eq(tickers.countryId, filter.countryId),
        filter.isIndex === undefined ? undefined : eq(tickers.isIndex, filter.isIndex),
        filter.listed ? isNull(tickers.delistedOn) : undefined,
        // Issue 37: a user's instrument is never part of the market's lists, sync or analysis.
        eq(tickers.inUniverse, true),
      ),
    )
    .orderBy(asc(tickers.id));
}

/** Mark tickers delisted on `date` (rows, bars and analysis stay readable). */
export async function markTickersDelisted(db: Db, ids: readonly number[], date: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(tickers)
    .set({ delistedOn: date })
    .where(inArray(tickers.id, [...ids]));
}

/**
 * Give a ticker the provider's new symbol (a rename: same ISIN, new code). The row keeps its id, so
 * portfolios, bars and analysis follow it; the old symbol is kept in previous_symbol.
 */
export async function renameTicker(
  db: Db,
  id: number,
  to: { symbol: string; name: string; searchName: string; previousSymbol: string },
): Promise<void> {
  await db
    .update(tickers)
    .set({ symbol: to.symbol, name: to.name, searchName: to.searchName, previousSymbol: to.previousSymbol })
    .where(eq(tickers.id, id));
}

/** Set the Euronext segment of tickers by id (null: unknown). */
export async function setTickerSegments(
  db: Db,
  segments: ReadonlyMap<number, OsloSegment | null>,
): Promise<void> {
  for (const [id, segment] of segments) {
    await db.update(tickers).set({ segment }).where(eq(tickers.id, id));
  }
}

/** Make `memberIds` the exact member set of the index. */
export async function replaceIndexMembers(
  db: Db,
  indexTickerId: number,
  memberIds: readonly number[],
): Promise<void> {
  await db.execute(
    sql`delete from ${indexMembers} where index_ticker_id = ${indexTickerId}
        and not (member_ticker_id = any(${intArray(memberIds)}))`,
  );
  if (memberIds.length === 0) return;
  await db
    .insert(indexMembers)
    .values(memberIds.map((memberTickerId) => ({ indexTickerId, memberTickerId })))
    .onConflictDoNothing();
}

/** The member ticker ids of an index, ascending. */
export async function listIndexMemberIds(db: Db, indexTickerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: indexMembers.memberTickerId })
    .from(indexMembers)
    .where(eq(indexMembers.indexTickerId, indexTickerId))
    .orderBy(asc(indexMembers.memberTickerId));
  return rows.map((r) => r.id);
}
