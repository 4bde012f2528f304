/**
 * Ticker references (id, code, name, currency, market, ISIN, logo) by id, ISIN, code or name, and a
 * market's main index: the ticker reads of portfolios, the watchlist and broker files. Part of the
 * market repository (server/repositories/marketRepository.ts re-exports it).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import {
  MARKETS,
  toInstrumentKind,
  toMarketCurrency,
  type InstrumentKind,
  type MarketCurrency,
  type MarketId,
  isOsloSegment,
  type OsloSegment,
} from '@/lib/constants';
import type { Db } from '@/server/db';
import { tickers } from '@/server/db/schema';

export interface TickerRef {
  id: number;
  symbol: string;
  name: string;
  currency: MarketCurrency;
  countryId: MarketId;
  isIndex: boolean;
  isin: string | null;
  img: string;
  /** Issue 37: false for a user's instrument outside the analysis universe. */
  inUniverse: boolean;
  /** Issue 37: 'share' | 'fund' | 'etf' | 'bond' | 'other'. */
  kind: InstrumentKind;
  /** Oslo shares: the Euronext segment (null when unknown, US and indexes). */
  segment: OsloSegment | null;
  /**
   * Issue 38: a fund's equity share (aksjeandel) in percent, 0–100, when known (null otherwise).
   * Optional so a reference made in memory (an import's provisional instrument) may leave it out.
   */
  equityShare?: number | null;
}

export const refColumns = {
  id: tickers.id,
  symbol: tickers.symbol,
  name: tickers.name,
  currency: tickers.currency,
  countryId: tickers.countryId,
  isIndex: tickers.isIndex,
  isin: tickers.isin,
  img: tickers.img,
  inUniverse: tickers.inUniverse,
  kind: tickers.kind,
  segment: tickers.segment,
  equityShare: tickers.equityShare,
};

type RawRef = { [K in keyof typeof refColumns]: unknown };

export function toRef(row: RawRef): TickerRef {
  return {
    id: row.id as number,
    symbol: row.symbol as string,
    name: row.name as string,
    currency: toMarketCurrency(row.currency as string),
    countryId: row.countryId as MarketId,
    isIndex: row.isIndex as boolean,
    isin: (row.isin as string | null) ?? null,
    img: row.img as string,
    inUniverse: row.inUniverse as boolean,
    kind: toInstrumentKind(row.kind as string),
    segment: isOsloSegment(row.segment) ? row.segment : null,
    equityShare: toEquityShare(row.equityShare),
  };
}

/** A stored numeric(7,4) percent as a number in 0–100, or null when absent or not a number. */
function toEquityShare(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= 100 ? n : null;
}

function uniqueIds(ids: Iterable<number>): number[] {
  return [...new Set(ids)];
}

/** Tickers by id (indexes included); missing ids are absent from the map. */
export async function findTickerRefs(db: Db, ids: Iterable<number>): Promise<Map<number, TickerRef>> {
  const list = uniqueIds(ids);
  if (list.length === 0) return new Map();
  const rows = await db.select(refColumns).from(tickers).where(inArray(tickers.id, list));
  return new Map(rows.map((r) => [r.id, toRef(r)]));
}

export async function findTickerRef(db: Db, id: number): Promise<TickerRef | undefined> {
  return (await findTickerRefs(db, [id])).get(id);
}

/** Values per statement of an `in (...)` lookup: far below PostgreSQL's 65,535 bind parameters. */
export const LOOKUP_CHUNK = 1000;

/**
 * Tickers (not indexes) whose `column` is one of `keys`, grouped by `keyOf` (one key can match
 * several listings). Read in chunks of LOOKUP_CHUNK.
 */
async function findTickersGrouped(
  db: Db,
  keys: string[],
  column: SQL,
  keyOf: (ref: TickerRef) => string,
): Promise<Map<string, TickerRef[]>> {
  const out = new Map<string, TickerRef[]>();
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select(refColumns)
      .from(tickers)
      .where(and(inArray(column, keys.slice(i, i + LOOKUP_CHUNK)), eq(tickers.isIndex, false)));
    for (const row of rows) {
      const ref = toRef(row);
      const key = keyOf(ref);
      out.set(key, [...(out.get(key) ?? []), ref]);
    }
  }
  return out;
}

/** Tickers (not indexes) by ISIN, upper-cased; one ISIN can match several listings. */
export async function findTickersByIsin(db: Db, isins: Iterable<string>): Promise<Map<string, TickerRef[]>> {
  const list = [...new Set([...isins].map((i) => i.toUpperCase()))];
  return findTickersGrouped(db, list, sql`upper(${tickers.isin})`, (ref) => (ref.isin ?? '').toUpperCase());
}

/**
 * Tickers (not indexes) by ticker code, exactly as written (codes are upper case: "Mowi" is a name,
 * not the code MOWI); a code can be listed on both markets, so the caller narrows by market.
 */
export async function findTickersBySymbols(
  db: Db,
  symbols: Iterable<string>,
): Promise<Map<string, TickerRef[]>> {
  const list = [...new Set([...symbols].map((s) => s.trim()))].filter((s) => s !== '');
  return findTickersGrouped(db, list, sql`${tickers.symbol}`, (ref) => ref.symbol);
}

/** The name as compared for an exact-name match: trimmed, single spaces, case-insensitive. */
export function nameKey(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Tickers (not indexes) whose name equals one of `names` (see nameKey); keyed by nameKey. Compared
 * in JavaScript, not SQL: lower() of a C-collation database leaves Ø and Å alone. The universe is a
 * few hundred tickers, so one scan per import is cheap.
 */
export async function findTickersByName(db: Db, names: Iterable<string>): Promise<Map<string, TickerRef[]>> {
  const wanted = new Set([...names].map(nameKey));
  const out = new Map<string, TickerRef[]>();
  if (wanted.size === 0) return out;
  const rows = await db.select(refColumns).from(tickers).where(eq(tickers.isIndex, false));
  for (const row of rows) {
    const ref = toRef(row);
    const key = nameKey(ref.name);
    if (wanted.has(key)) out.set(key, [...(out.get(key) ?? []), ref]);
  }
  return out;
}

/** A market's main index ticker (SPEC §3: OSEBX.INDX, NDX.INDX; also found without the .INDX suffix). */
export async function findMainIndex(db: Db, countryId: MarketId): Promise<TickerRef | undefined> {
  const market = MARKETS.find((m) => m.id === countryId);
  if (!market) return undefined;
  const symbol = market.mainIndexTickerSymbol;
  const rows = await db
    .select(refColumns)
    .from(tickers)
    .where(
      and(eq(tickers.countryId, countryId), inArray(tickers.symbol, [symbol, symbol.replace(/\.INDX$/, '')])),
    )
    .orderBy(asc(tickers.id))
    .limit(1);
  return rows[0] ? toRef(rows[0]) : undefined;
}
