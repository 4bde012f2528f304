/**
 * Issue 37: instruments outside the analysis universe (a fund, an ETF, a share the universe does
 * not list), one per ISIN, and the prices that value them: a user's own newest trade price and the
 * prices a user types (dated, that user's alone: every price query takes the user id).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { EVENT_BUY, EVENT_SELL, marketForCurrency, type InstrumentKind } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type { Db } from '@/server/db';
import { portfolios, portfolioTransactions, tickers, userInstrumentPrices } from '@/server/db/schema';
import { refColumns, toRef, type TickerRef } from './market/tickerRefRepository';

/** What a file or the dialog states about an instrument. */
export interface InstrumentFacts {
  isin: string;
  name: string;
  /** NOK or USD: the currencies the app converts (marketForCurrency). */
  currency: string;
  kind: InstrumentKind;
  exchange: string | null;
  /** A fund's equity share in percent (0–100), when stated. */
  equityShare?: string | null;
}

/** The instruments (outside the universe) with these ISINs, keyed by upper-cased ISIN. */
export async function findInstrumentsByIsin(
  db: Db,
  isins: Iterable<string>,
): Promise<Map<string, TickerRef>> {
  const list = [...new Set([...isins].map((i) => i.toUpperCase()))];
  const out = new Map<string, TickerRef>();
  if (list.length === 0) return out;
  const rows = await db
    .select(refColumns)
    .from(tickers)
    .where(and(eq(tickers.inUniverse, false), inArray(tickers.isin, list)));
  for (const row of rows) out.set(String(row.isin).toUpperCase(), toRef(row));
  return out;
}

/**
 * The instrument of each ISIN, created from the stated facts when there is none yet (one per
 * ISIN: a concurrent creation of the same ISIN leaves one row, the partial unique index
 * tickers_instrument_isin_uq). An existing instrument keeps its facts. Throws when a currency
 * has no market (only NOK and USD are converted).
 */
export async function ensureInstruments(
  db: Db,
  facts: readonly InstrumentFacts[],
): Promise<Map<string, TickerRef>> {
  const wanted = new Map(facts.map((f) => [f.isin.toUpperCase(), f]));
  const existing = await findInstrumentsByIsin(db, wanted.keys());
  const values = [...wanted.entries()]
    .filter(([isin]) => !existing.has(isin))
    .map(([isin, f]) => {
      const market = marketForCurrency(f.currency);
      if (market === null) throw new RangeError(`No market converts ${f.currency}`);
      return {
        countryId: market,
        symbol: isin,
        name: f.name,
        searchName: foldForSearch(f.name),
        exchange: f.exchange ?? '',
        currency: f.currency,
        isin,
        inUniverse: false,
        kind: f.kind,
        equityShare: f.equityShare ?? null,
      };
    });
  if (values.length > 0) await db.insert(tickers).values(values).onConflictDoNothing();
  return values.length > 0 ? findInstrumentsByIsin(db, wanted.keys()) : existing;
}

/** A price a user typed for an instrument on a date (replaces that day's). */
export async function saveUserInstrumentPrice(
  db: Db,
  uid: string,
  tickerId: number,
  date: string,
  price: string,
): Promise<void> {
  await db
    .insert(userInstrumentPrices)
    .values({ userUid: uid, tickerId, date, price })
    .onConflictDoUpdate({
      target: [userInstrumentPrices.userUid, userInstrumentPrices.tickerId, userInstrumentPrices.date],
      set: { price, createdAt: sql`now()` },
    });
}

export interface KnownPrice {
  date: string;
  price: string;
}

interface PriceRow {
  tickerId: number | null;
  date: string;
  price: string;
}

/** The first row per ticker of `load`'s rows, which come newest first. */
async function newestPerTicker(
  tickerIds: readonly number[],
  load: (ids: number[]) => Promise<PriceRow[]>,
): Promise<Map<number, KnownPrice>> {
  const out = new Map<number, KnownPrice>();
  if (tickerIds.length === 0) return out;
  for (const r of await load([...tickerIds]))
    if (r.tickerId !== null && !out.has(r.tickerId)) out.set(r.tickerId, { date: r.date, price: r.price });
  return out;
}

/** Each ticker's newest price this user typed on or before `asOf`. */
export function latestUserPrices(
  db: Db,
  uid: string,
  tickerIds: readonly number[],
  asOf: string,
): Promise<Map<number, KnownPrice>> {
  return newestPerTicker(tickerIds, (ids) =>
    db
      .select({
        tickerId: userInstrumentPrices.tickerId,
        date: userInstrumentPrices.date,
        price: userInstrumentPrices.price,
      })
      .from(userInstrumentPrices)
      .where(
        and(
          eq(userInstrumentPrices.userUid, uid),
          inArray(userInstrumentPrices.tickerId, ids),
          sql`${userInstrumentPrices.date} <= ${asOf}`,
        ),
      )
      .orderBy(desc(userInstrumentPrices.date)),
  );
}

/** Each ticker's newest buy or sell price in any of this user's portfolios, on or before `asOf`. */
export function latestTradePrices(
  db: Db,
  uid: string,
  tickerIds: readonly number[],
  asOf: string,
): Promise<Map<number, KnownPrice>> {
  return newestPerTicker(tickerIds, (ids) =>
    db
      .select({
        tickerId: portfolioTransactions.tickerId,
        date: portfolioTransactions.date,
        price: portfolioTransactions.price,
      })
      .from(portfolioTransactions)
      .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
      .where(
        and(
          eq(portfolios.userUid, uid),
          inArray(portfolioTransactions.tickerId, ids),
          inArray(portfolioTransactions.eventId, [EVENT_BUY, EVENT_SELL]),
          sql`${portfolioTransactions.date} <= ${asOf}`,
          sql`${portfolioTransactions.price} > 0`,
        ),
      )
      .orderBy(desc(portfolioTransactions.date), desc(portfolioTransactions.id)),
  );
}

/**
 * The ids of this user's portfolios with a transaction in this instrument outside the universe;
 * empty when the instrument is in the universe, unknown, or not in any of this user's portfolios.
 */
export async function portfoliosWithInstrument(db: Db, uid: string, tickerId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: portfolios.id })
    .from(portfolioTransactions)
    .innerJoin(portfolios, eq(portfolios.id, portfolioTransactions.portfolioId))
    .innerJoin(tickers, eq(tickers.id, portfolioTransactions.tickerId))
    .where(
      and(
        eq(portfolios.userUid, uid),
        eq(portfolioTransactions.tickerId, tickerId),
        eq(tickers.inUniverse, false),
      ),
    );
  return rows.map((r) => r.id);
}
