/**
 * The public stock pages (issue 25 item 5): what a signed-out visitor and a search engine see of
 * one stock, and the list of stocks for /sitemap.xml. Reads the same precomputed snapshots as the
 * analysis page (through marketTickerService, cached per market-data version), reduced to the public
 * part: no support/resistance or early-warning levels, no other timeframes.
 */
import { DEFAULT_TIMEFRAME, MARKETS, MARKET_OSLO, type OsloSegment } from '@/lib/constants';
import { foldForSearch } from '@/lib/search';
import type {
  PublicDirectory,
  PublicDirectoryMarket,
  PublicDirectoryStock,
  PublicStockEntry,
  PublicStockPage,
} from '@/lib/types/publicStocks';
import type { Db } from '@/server/db';
import {
  findTickerById,
  findTickerBySymbol,
  getMarketSource,
  listLatestSnapshots,
} from '@/server/repositories/marketRepository';
import { DomainError } from '../errors';
import { cachedMarketRead, cachedMarketReadOrMiss } from './marketCache';
import { getTickerDetail } from './marketTickerService';

/** Sessions in a public page's small chart (about six months). */
export const PUBLIC_CHART_SESSIONS = 130;

/**
 * Most "not found" symbols the public pages remember per market-data version (an LRU). The route
 * is open to anyone, and each distinct unknown symbol would otherwise be one entry until the next
 * refresh (a probe sent 200,000). Real misses are typos, delisted shares and old links: a few
 * hundred at most between two refreshes; 1,000 entries of a short key and a resolved promise are
 * about 200 kB. An attacker cycling symbols only evicts other misses (found pages are kept apart,
 * bounded by the universe), and a miss recomputed costs two indexed lookups.
 */
export const PUBLIC_MISS_CACHE_CAP = 1000;

/** A symbol as the public route accepts it: the universe's symbols are short, upper case, no suffix. */
export const PUBLIC_SYMBOL_PATTERN = /^[A-Z0-9][A-Z0-9.\-]{0,19}$/;

/**
 * The public page of the stock with this symbol (Oslo first, then the US, as the markets are
 * listed), or null: no such stock (indexes have no public page), or no analysis yet.
 */
export async function getPublicStock(db: Db, symbol: string): Promise<PublicStockPage | null> {
  if (!PUBLIC_SYMBOL_PATTERN.test(symbol)) return null;
  return cachedMarketReadOrMiss(db, 'public-stock', symbol, PUBLIC_MISS_CACHE_CAP, async () => {
    for (const market of MARKETS) {
      const ticker = await findTickerBySymbol(db, market.id, symbol);
      if (!ticker || ticker.isIndex) continue;
      let detail;
      try {
        detail = await getTickerDetail(db, { tickerId: ticker.id, timeframe: DEFAULT_TIMEFRAME });
      } catch (err) {
        if (err instanceof DomainError && err.kind === 'not_found') return null;
        throw err;
      }
      const a = detail.analysis;
      const source = await getMarketSource(db, market.id);
      return {
        symbol: detail.symbol,
        long_name: detail.long_name,
        country_id: detail.country_id,
        currency: detail.currency,
        exchange: detail.exchange,
        last: { date: detail.last.date, close: detail.last.close, change_pct: detail.last.change_pct },
        analysis: {
          timeframe: a.timeframe,
          technical_score: a.technical_score,
          signal: a.signal,
          components: a.components,
          rsi: a.rsi,
          trend: a.trend,
        },
        overall_score: detail.scores.overall,
        closes: detail.bars
          .slice(-PUBLIC_CHART_SESSIONS)
          .map((bar) => ({ date: bar.date, close: bar.close })),
        demo: source === 'demo',
      };
    }
    return null;
  });
}

/** Every stock with an analysis, for the sitemap (symbol and last analysed session). */
export function listPublicStocks(db: Db): Promise<PublicStockEntry[]> {
  return cachedMarketRead(db, 'public-stock-list', async () => {
    const lists = await Promise.all(
      MARKETS.map((market) =>
        listLatestSnapshots(db, { countryId: market.id, timeframe: DEFAULT_TIMEFRAME, isIndex: false }),
      ),
    );
    const seen = new Set<string>();
    const entries: PublicStockEntry[] = [];
    for (const row of lists.flat()) {
      // A symbol listed in both markets has one public page: the first market's (getPublicStock).
      if (seen.has(row.symbol)) continue;
      seen.add(row.symbol);
      entries.push({ symbol: row.symbol, date: row.date });
    }
    return entries.sort((x, y) => x.symbol.localeCompare(y.symbol, 'en'));
  });
}

/**
 * The symbol of the share with this ticker id, or null (no such ticker, or an index: no public
 * page). A signed-out visitor's /market/analysis?tickerID= link names the stock by id; the login
 * page offers that stock's public page with it.
 */
export async function getPublicSymbol(db: Db, tickerId: number): Promise<{ symbol: string } | null> {
  const ticker = await findTickerById(db, tickerId);
  if (!ticker || ticker.isIndex) return null;
  return { symbol: ticker.symbol };
}

/** Longest search text the public directory reads (longer input is cut, not refused). */
export const PUBLIC_DIRECTORY_QUERY_MAX = 60;

/** Every analysed stock of each market, A–Z by name (nb collation), read once per data version. */
function listDirectoryStocks(
  db: Db,
): Promise<(PublicDirectoryStock & { countryId: number; folded: string })[]> {
  return cachedMarketRead(db, 'public-directory', async () => {
    const lists = await Promise.all(
      MARKETS.map((market) =>
        listLatestSnapshots(db, { countryId: market.id, timeframe: DEFAULT_TIMEFRAME, isIndex: false }),
      ),
    );
    const collator = new Intl.Collator('nb', { sensitivity: 'base', numeric: true });
    return lists
      .flat()
      .map((row) => ({
        countryId: row.countryId,
        symbol: row.symbol,
        long_name: row.name,
        segment: row.segment,
        signal: row.signal,
        folded: foldForSearch(`${row.symbol} ${row.name}`),
      }))
      .sort((a, b) => collator.compare(a.long_name, b.long_name));
  });
}

/** A–Z heading of a name: its first letter folded (Ø under O, Å under A), "#" for a digit. */
function letterOf(name: string): string {
  const first = foldForSearch(name).charAt(0).toUpperCase();
  return /[A-Z]/.test(first) ? first : '#';
}

/**
 * The public directory (issue 39): every analysed stock per market, A–Z, each with a link to its
 * page; `q` matches name or symbol case- and diacritic-insensitively (every word of it must occur),
 * `segment` keeps the Oslo shares of one Euronext segment (and leaves out the US).
 */
export async function getPublicDirectory(
  db: Db,
  filter: { q?: string; segment?: OsloSegment | null },
): Promise<PublicDirectory> {
  const q = (filter.q ?? '').trim().slice(0, PUBLIC_DIRECTORY_QUERY_MAX);
  const words = foldForSearch(q).split(' ').filter(Boolean);
  const segment = filter.segment ?? null;
  const stocks = await listDirectoryStocks(db);
  const markets: PublicDirectoryMarket[] = [];
  for (const market of MARKETS) {
    if (segment !== null && market.id !== MARKET_OSLO) continue;
    const letters: PublicDirectoryMarket['letters'] = [];
    let count = 0;
    for (const s of stocks) {
      if (s.countryId !== market.id) continue;
      if (segment !== null && s.segment !== segment) continue;
      if (!words.every((w) => s.folded.includes(w))) continue;
      const letter = letterOf(s.long_name);
      let group = letters.find((l) => l.letter === letter);
      if (!group) {
        group = { letter, stocks: [] };
        letters.push(group);
      }
      group.stocks.push({ symbol: s.symbol, long_name: s.long_name, segment: s.segment, signal: s.signal });
      count += 1;
    }
    letters.sort((a, b) => (a.letter === '#' ? 1 : b.letter === '#' ? -1 : a.letter < b.letter ? -1 : 1));
    markets.push({ country_id: market.id, count, letters });
  }
  return { q, segment, count: markets.reduce((n, m) => n + m.count, 0), markets };
}
