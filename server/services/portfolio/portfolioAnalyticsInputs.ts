/**
 * The inputs of the portfolio figures (DESIGN.md §5, §7), loaded and memoised (portfolioCache.ts)
 * on everything they depend on, so that portfolioAnalyticsService only computes:
 * - per revision (every write bumps it), a digest of each ticker's transactions (portfolioDigests.ts);
 * - each ticker's transactions, validated, keyed on their digest (computed from the rows read);
 * - USD/NOK, keyed on the market-data version and the latest observation;
 * - daily closes per ticker, keyed on the market-data version and the last close (a portfolio
 *   write does not change them), and the calendar they make.
 * Reads of many tickers go in parts with a yield in between, so other requests get their turn.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@/server/db';
import {
  createFxRateOn,
  NO_PRICES,
  normalizeStoredTransactions,
  performanceCalendar,
  type FxRateOn,
  type PriceSeries,
  type Transaction,
} from '@/server/domain/portfolio';
import {
  USDNOK_PAIR,
  getCloseSeries,
  getFxRates,
  getLatestFxRate,
  getMarketDataVersion,
} from '@/server/repositories/marketRepository';
import {
  digestOf,
  listTransactionMathFast,
  portfolioRevision,
  readPortfolioLedgerMath,
  type PortfolioRow,
  type TransactionMathRow,
} from '@/server/repositories/portfolioRepository';
import { marketScopedCache, sharedCache, type MemoCache } from './portfolioCache';
import { cachedDigests, rememberDigests } from './portfolioDigests';
import { portfolioNotFound } from './portfolioService';

export const TEN_MINUTES = 10 * 60_000;

/** One ticker's transactions in a portfolio, validated and in (date, id) order, with the digest of the rows they came from. */
export interface TickerHistory {
  digest: string;
  transactions: Transaction[];
}

/** A portfolio at one revision: what loadRevision read. */
export interface PortfolioRead {
  portfolioId: number;
  portfolio: PortfolioRow;
  revision: string;
  /** Each ticker's digest at `revision`. */
  digests: ReadonlyMap<number, string>;
  /** The tickers with transactions, ascending. */
  tickerIds: number[];
  /** Each ticker's rows of a cold read (the rows the digests were computed from), for loadHistories. */
  rows?: ReadonlyMap<number, TransactionMathRow[]>;
}

/** A calendar of the performance series and a short key for its dates. */
export interface Calendar {
  dates: string[];
  key: string;
}

const tickerHistoryCache = sharedCache<TickerHistory>('ticker-history', 2000, TEN_MINUTES);
const fxCache = (db: Db): MemoCache<FxRateOn> => marketScopedCache(db, 'fx', 2, TEN_MINUTES);
const closesCache = (db: Db): MemoCache<PriceSeries> => marketScopedCache(db, 'closes', 400, TEN_MINUTES);
const calendarCache = (db: Db): MemoCache<Calendar> => marketScopedCache(db, 'calendars', 32, TEN_MINUTES);

/**
 * A computation from nothing cached (the first read, a new calendar) is done in parts, letting
 * other requests in between (the embedded database and the decimal work both run on this thread):
 * tickers per part of the per-ticker work, ticker-days per part of the daily sum (each some 20 ms),
 * and tickers per read of their closes (51 tickers' ten years in parts of 10 took 25 ms of CPU
 * (p50), in one read 16 ms, its longest part 19 ms: issue 26).
 */
export const TICKERS_PER_PART = 5;
export const TICKER_DAYS_PER_PART = 8_000;
const CLOSES_TICKERS_PER_READ = 64;

/** Let whatever else is waiting run (other requests, /api/health) before going on. */
export function yieldToOthers(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function inParts<T>(items: readonly T[], size: number): T[][] {
  const parts: T[][] = [];
  for (let i = 0; i < items.length; i += size) parts.push(items.slice(i, i + size));
  return parts;
}

/**
 * The caller's portfolio at its current revision and the digest of each ticker's transactions;
 * 404 when not theirs. The one load of the read path: when the revision's digests are not known
 * yet (a cold cache, a write made by another process), the portfolio's transactions are read once,
 * with the revision they belong to, and the digests are computed from those rows; the rows are
 * handed on (`rows`) so that loadHistories normalises them without reading them again.
 */
export async function loadRevision(db: Db, uid: string, portfolioId: number): Promise<PortfolioRead> {
  const found = await portfolioRevision(db, uid, portfolioId);
  if (!found) throw portfolioNotFound();
  const known = cachedDigests(portfolioId, found.revision);
  if (known) {
    return {
      portfolioId,
      portfolio: found.portfolio,
      revision: found.revision,
      digests: known,
      tickerIds: sortedIds(known),
    };
  }
  const ledger = await readPortfolioLedgerMath(db, uid, portfolioId);
  if (!ledger) throw portfolioNotFound();
  const rows = new Map<number, TransactionMathRow[]>();
  const digests = new Map<number, string>();
  for (const [id, ticker] of ledger.tickers) {
    rows.set(id, ticker.rows);
    digests.set(id, ticker.digest);
  }
  // Filed under the revision the rows were read at (a write that landed in between has its own).
  rememberDigests(portfolioId, ledger.revision, digests);
  return {
    portfolioId,
    portfolio: found.portfolio,
    revision: ledger.revision,
    digests,
    tickerIds: sortedIds(digests),
    rows,
  };
}

function sortedIds(digests: ReadonlyMap<number, string>): number[] {
  return [...digests.keys()].sort((a, b) => a - b);
}

/**
 * The transactions of the given tickers: from the memo when their digest is unchanged, else from
 * the rows the revision was read with, else read (only those tickers).
 */
export async function loadHistories(
  db: Db,
  uid: string,
  read: PortfolioRead,
  tickerIds: readonly number[],
): Promise<Map<number, TickerHistory>> {
  const { portfolioId, digests } = read;
  const out = new Map<number, TickerHistory>();
  const missing: number[] = [];
  for (const id of tickerIds) {
    const cached = tickerHistoryCache.get(`${portfolioId}|${id}|${digests.get(id)}`);
    if (cached) out.set(id, cached);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const rowsByTicker = new Map<number, TransactionMathRow[]>();
  if (read.rows) {
    // The whole portfolio was read with the revision: a ticker not among its rows has none.
    for (const id of missing) {
      const rows = read.rows.get(id);
      if (rows) rowsByTicker.set(id, rows);
    }
  } else {
    // One read (one statement is far cheaper than several here).
    for (const row of await listTransactionMathFast(db, uid, portfolioId, missing)) {
      const rows = rowsByTicker.get(row.tickerId);
      if (rows) rows.push(row);
      else rowsByTicker.set(row.tickerId, [row]);
    }
  }
  // The decimals are parsed in parts, yielding in between.
  for (const [i, part] of inParts([...rowsByTicker], TICKERS_PER_PART).entries()) {
    if (i > 0) await yieldToOthers();
    for (const [id, rows] of part) {
      // Keyed on the digest of these very rows: a write between the two reads cannot mislabel them.
      const history = {
        digest: read.rows?.get(id) === rows ? digests.get(id)! : digestOf(rows),
        // Stored rows were validated on write: read, not checked again (and a row is already the
        // domain's input shape, so no copy of it is made).
        transactions: normalizeStoredTransactions(rows),
      };
      tickerHistoryCache.set(`${portfolioId}|${id}|${history.digest}`, history);
      out.set(id, history);
    }
  }
  return out;
}

/**
 * USD/NOK lookup, memoised on the market-data version (bumped by every sync and import) and the
 * latest observation, so the series is read once per change. `version` is returned for the other
 * market stamps.
 */
export async function loadFx(db: Db): Promise<{ fxRateOn: FxRateOn; stamp: string; version: string }> {
  const [version, latest] = await Promise.all([getMarketDataVersion(db), getLatestFxRate(db, USDNOK_PAIR)]);
  const stamp = `${version ?? ''}|${latest ? `${latest.date}:${latest.rate}` : 'none'}`;
  const cache = fxCache(db);
  let fxRateOn = cache.get(stamp);
  if (!fxRateOn) {
    fxRateOn = createFxRateOn(await getFxRates(db, USDNOK_PAIR));
    cache.set(stamp, fxRateOn);
  }
  return { fxRateOn, stamp, version: version ?? '' };
}

/**
 * Each series' daily closes up to `to` (the whole history: the domain reads the closes of the days
 * it needs, including the last one before `from`). From the memo for every series whose last close
 * up to `to` and the market-data version are unchanged: one entry per ticker whatever the range or
 * the portfolio, and the same array for unchanged prices, which lets the performance sum reuse its
 * days.
 */
export async function loadCloses(
  db: Db,
  ids: readonly number[],
  to: string,
  stampOf: (id: number) => string,
): Promise<Map<number, PriceSeries>> {
  const cache = closesCache(db);
  const key = (id: number) => `${id}|${stampOf(id)}`;
  const out = new Map<number, PriceSeries>();
  const missing: number[] = [];
  for (const id of ids) {
    const cached = cache.get(key(id));
    if (cached) out.set(id, cached);
    else missing.push(id);
  }
  // Years of closes of many tickers take the embedded database a while: read in parts.
  for (const [i, part] of inParts(missing, CLOSES_TICKERS_PER_READ).entries()) {
    if (i > 0) await yieldToOthers();
    const read = await getCloseSeries(db, part, { to });
    for (const id of part) {
      // Kept as read (columns of numbers): the performance sum converts each close of a cached
      // series to a scaled integer once (domain scaled.ts, memoised on this series), and making a
      // Decimal of every close was most of the rest of a cold performance request (issue 26).
      const series: PriceSeries = read.get(id) ?? NO_PRICES;
      cache.set(key(id), series);
      out.set(id, series);
    }
  }
  return out;
}

/** The calendar of the held tickers' and the index's closes in range, memoised on what it is made of. */
export function loadCalendar(
  db: Db,
  ids: readonly number[],
  closes: ReadonlyMap<number, PriceSeries>,
  range: { from: string; to: string },
  stampOf: (id: number) => string,
): Calendar {
  const cache = calendarCache(db);
  const madeOf = `${range.from}|${range.to}|${ids.map((id) => `${id}@${stampOf(id)}`).join(',')}`;
  let calendar = cache.get(madeOf);
  if (!calendar) {
    const dates = performanceCalendar(
      ids.map((id) => closes.get(id)),
      range.from,
      range.to,
    );
    // The same dates give the same key whichever tickers made them (another ticker of the same market).
    calendar = {
      dates,
      key: `${dates.length}:${createHash('sha1').update(dates.join(',')).digest('base64')}`,
    };
    cache.set(madeOf, calendar);
  }
  return calendar;
}
