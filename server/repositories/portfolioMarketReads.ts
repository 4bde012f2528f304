/**
 * The market reads only the portfolio and watchlist features need (ticker references with ISIN
 * and code lookups for broker files, the last close with the one before, the main index, latest
 * analysis). Daily closes, USD/NOK and a ticker by symbol are marketRepository's reads (one copy
 * of each read). Market data is not user data, so these take no uid.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/server/db';
import { analysisSnapshots, dailyBars, tickers } from '@/server/db/schema';
import { DEFAULT_TIMEFRAME, MARKETS, type MarketId, type Signal } from '@/lib/constants';

export interface TickerRef {
  id: number;
  symbol: string;
  name: string;
  currency: 'NOK' | 'USD';
  countryId: MarketId;
  isIndex: boolean;
  isin: string | null;
  img: string;
}

export interface LastClose {
  date: string;
  close: number;
  /** The close of the session before, null when there is none. */
  previousClose: number | null;
}

export interface LatestAnalysis {
  technicalScore: number;
  signal: Signal;
}

export interface ClosePoint {
  date: string;
  close: number;
}

const refColumns = {
  id: tickers.id,
  symbol: tickers.symbol,
  name: tickers.name,
  currency: tickers.currency,
  countryId: tickers.countryId,
  isIndex: tickers.isIndex,
  isin: tickers.isin,
  img: tickers.img,
};

type RawRef = { [K in keyof typeof refColumns]: unknown };

function toRef(row: RawRef): TickerRef {
  return {
    id: row.id as number,
    symbol: row.symbol as string,
    name: row.name as string,
    currency: row.currency === 'USD' ? 'USD' : 'NOK',
    countryId: row.countryId as MarketId,
    isIndex: row.isIndex as boolean,
    isin: (row.isin as string | null) ?? null,
    img: row.img as string,
  };
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

/** Tickers (not indexes) by ISIN, upper-cased; one ISIN can match several listings. Read in chunks. */
export async function findTickersByIsin(db: Db, isins: Iterable<string>): Promise<Map<string, TickerRef[]>> {
  const list = [...new Set([...isins].map((i) => i.toUpperCase()))];
  const out = new Map<string, TickerRef[]>();
  for (let i = 0; i < list.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select(refColumns)
      .from(tickers)
      .where(
        and(
          inArray(sql`upper(${tickers.isin})`, list.slice(i, i + LOOKUP_CHUNK)),
          eq(tickers.isIndex, false),
        ),
      );
    for (const row of rows) {
      const ref = toRef(row);
      const key = (ref.isin ?? '').toUpperCase();
      out.set(key, [...(out.get(key) ?? []), ref]);
    }
  }
  return out;
}

/**
 * Tickers (not indexes) by ticker code, exactly as written (codes are upper case: "Mowi" is a name,
 * not the code MOWI); a code can be listed on both markets, so the caller narrows by market. Read
 * in chunks.
 */
export async function findTickersBySymbols(
  db: Db,
  symbols: Iterable<string>,
): Promise<Map<string, TickerRef[]>> {
  const list = [...new Set([...symbols].map((s) => s.trim()))].filter((s) => s !== '');
  const out = new Map<string, TickerRef[]>();
  for (let i = 0; i < list.length; i += LOOKUP_CHUNK) {
    const rows = await db
      .select(refColumns)
      .from(tickers)
      .where(and(inArray(tickers.symbol, list.slice(i, i + LOOKUP_CHUNK)), eq(tickers.isIndex, false)));
    for (const row of rows) {
      const ref = toRef(row);
      const key = ref.symbol;
      out.set(key, [...(out.get(key) ?? []), ref]);
    }
  }
  return out;
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

/** The last close (and the one before) of each ticker, on or before `asOf` when given. */
export async function findLastCloses(
  db: Db,
  ids: Iterable<number>,
  asOf?: string,
): Promise<Map<number, LastClose>> {
  const list = uniqueIds(ids);
  const out = new Map<number, LastClose>();
  if (list.length === 0) return out;
  const until = asOf ? sql`and d.date <= ${asOf}` : sql``;
  // A lateral join walks each ticker's (ticker_id, date) primary key backwards: two rows per ticker.
  const result = await db.execute(sql`
    select t.id as ticker_id, b.date::text as date, b.close as close
    from ${tickers} t
    cross join lateral (
      select d.date, d.close from ${dailyBars} d
      where d.ticker_id = t.id ${until}
      order by d.date desc limit 2
    ) b
    where t.id in (${sql.join(
      list.map((id) => sql`${id}`),
      sql`, `,
    )})
    order by t.id, b.date desc`);
  const rows = (result as unknown as { rows: { ticker_id: number; date: string; close: number | string }[] })
    .rows;
  for (const row of rows) {
    const id = Number(row.ticker_id);
    const existing = out.get(id);
    if (!existing) out.set(id, { date: row.date, close: Number(row.close), previousClose: null });
    else if (existing.previousClose === null) existing.previousClose = Number(row.close);
  }
  return out;
}

/** The latest analysis (timeframe 2 by default) of each ticker that has one. */
export async function findLatestAnalysis(
  db: Db,
  ids: Iterable<number>,
  timeframe: number = DEFAULT_TIMEFRAME,
): Promise<Map<number, LatestAnalysis>> {
  const list = uniqueIds(ids);
  if (list.length === 0) return new Map();
  const rows = await db
    .select({
      tickerId: analysisSnapshots.tickerId,
      technicalScore: analysisSnapshots.technicalScore,
      signal: analysisSnapshots.signal,
    })
    .from(analysisSnapshots)
    .where(
      and(
        inArray(analysisSnapshots.tickerId, list),
        eq(analysisSnapshots.timeframe, timeframe),
        eq(analysisSnapshots.isLatest, true),
      ),
    )
    .orderBy(asc(analysisSnapshots.tickerId), asc(analysisSnapshots.date));
  // Should two rows claim to be the latest, the later date wins.
  return new Map(
    rows.map((r) => [r.tickerId, { technicalScore: r.technicalScore, signal: r.signal as Signal }]),
  );
}
