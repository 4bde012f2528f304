/**
 * The public stock pages (issue 25 item 5): what a signed-out visitor and a search engine see of
 * one stock, and the list of stocks for /sitemap.xml. Reads the same precomputed snapshots as the
 * analysis page (through marketTickerService, cached per market-data version), reduced to the public
 * part: no support/resistance or early-warning levels, no other timeframes.
 */
import { DEFAULT_TIMEFRAME, MARKETS } from '@/lib/constants';
import type { PublicStockEntry, PublicStockPage } from '@/lib/types/publicStocks';
import type { Db } from '@/server/db';
import {
  findTickerById,
  findTickerBySymbol,
  getMarketSource,
  listLatestSnapshots,
} from '@/server/repositories/marketRepository';
import { DomainError } from '../errors';
import { cachedMarketRead } from './marketCache';
import { getTickerDetail } from './marketTickerService';

/** Sessions in a public page's small chart (about six months). */
export const PUBLIC_CHART_SESSIONS = 130;

/** A symbol as the public route accepts it: the universe's symbols are short, upper case, no suffix. */
export const PUBLIC_SYMBOL_PATTERN = /^[A-Z0-9][A-Z0-9.\-]{0,19}$/;

/**
 * The public page of the stock with this symbol (Oslo first, then the US, as the markets are
 * listed), or null: no such stock (indexes have no public page), or no analysis yet.
 */
export async function getPublicStock(db: Db, symbol: string): Promise<PublicStockPage | null> {
  if (!PUBLIC_SYMBOL_PATTERN.test(symbol)) return null;
  return cachedMarketRead(db, `public-stock|${symbol}`, async () => {
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
