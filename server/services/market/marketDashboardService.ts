/**
 * The market overviews built from the cached latest list items (./marketListService): the home
 * dashboard of one market and the public page's top signals of both.
 */
import {
  DEFAULT_TIMEFRAME,
  MARKETS,
  marketById,
  type MarketId,
  type Signal,
  type Timeframe,
} from '@/lib/constants';
import { yearsBefore } from '@/lib/dates';
import type { ListSortField, SortOrder } from '@/lib/schemas/market';
import type { HomeDashboard, TickerListItem } from '@/lib/types/market';
import type { PublicSignalItem, PublicTopSignals } from '@/lib/types/publicStocks';
import type { Db } from '@/server/db';
import { DomainError } from '@/server/services/errors';
import { findTickerBySymbol, getMarketSource, loadBars } from '@/server/repositories/marketRepository';
import { cachedMarketRead } from './marketCache';
import { compareBy, latestItems } from './marketListService';
import { noAnalysis } from './marketTickerService';

/** Rows in each list of the home dashboard. */
export const DASHBOARD_LIST_SIZE = 5;

// ---------------------------------------------------------------------------------------------
// tickers/homeDashboard/{marketId}

function topBy(
  items: readonly TickerListItem[],
  keep: (item: TickerListItem) => boolean,
  sort: ListSortField,
  order: SortOrder,
): TickerListItem[] {
  return items.filter(keep).sort(compareBy(sort, order)).slice(0, DASHBOARD_LIST_SIZE);
}

/**
 * GET /api/v1/tickers/homeDashboard/{marketId}: the index (default: the market's main index; any
 * of the market's symbols may be asked for) with a year of bars, the signal counts of the market's
 * stocks and its top lists. `demo` (our addition) says the data comes from the demo generator.
 */
export async function getHomeDashboard(
  db: Db,
  query: { marketId: MarketId; tickerSymbol?: string; timeframe: Timeframe },
): Promise<HomeDashboard> {
  const { marketId, timeframe } = query;
  const symbol = query.tickerSymbol ?? marketById(marketId).mainIndexTickerSymbol;
  const [stocks, indexes, source] = await Promise.all([
    latestItems(db, marketId, timeframe, false),
    latestItems(db, marketId, timeframe, true),
    cachedMarketRead(db, `source:${marketId}`, () => getMarketSource(db, marketId)),
  ]);
  const index = indexes.find((i) => i.symbol === symbol) ?? stocks.find((s) => s.symbol === symbol);
  if (!index) {
    const ticker = await findTickerBySymbol(db, marketId, symbol);
    if (!ticker)
      throw new DomainError('not_found', 'TICKER_NOT_FOUND', `No ticker ${symbol} in market ${marketId}`);
    throw noAnalysis(symbol);
  }
  const bars = await loadBars(db, index.ticker_id, { from: yearsBefore(index.date, 1) });

  const signalCounts = { buy: 0, hold: 0, sell: 0 };
  let asOf = index.date;
  for (const item of stocks) {
    signalCounts[item.signal] += 1;
    if (item.date > asOf) asOf = item.date;
  }
  return {
    index: { ...index, bars },
    signal_counts: signalCounts,
    top_buy: topBy(stocks, (i) => i.signal === 'buy', 'technical_score', 'desc'),
    top_sell: topBy(stocks, (i) => i.signal === 'sell', 'technical_score', 'asc'),
    gainers: topBy(stocks, (i) => i.change_pct > 0, 'change_pct', 'desc'),
    losers: topBy(stocks, (i) => i.change_pct < 0, 'change_pct', 'asc'),
    most_active: topBy(stocks, (i) => i.turnover > 0, 'turnover', 'desc'),
    as_of: asOf,
    demo: source === 'demo',
  };
}

// ---------------------------------------------------------------------------------------------
// public/top-signals (the public stocks page, issue 11)

/** Rows per list on the public stocks page. */
export const PUBLIC_SIGNAL_LIST_SIZE = 5;

function toPublicItem(item: TickerListItem): PublicSignalItem {
  return {
    symbol: item.symbol,
    long_name: item.long_name,
    currency: item.currency,
    close: item.close,
    date: item.date,
    technical_score: item.technical_score,
    signal: item.signal,
  };
}

/**
 * GET /api/v1/public/top-signals: today's strongest buy and sell candidates of both markets (the
 * default timeframe), names, score, signal and the last close only — no ids, so nothing links to
 * the subscriber-only analysis.
 */
export async function getPublicTopSignals(db: Db): Promise<PublicTopSignals> {
  const markets = await Promise.all(
    MARKETS.map(async (market) => {
      const stocks = await latestItems(db, market.id, DEFAULT_TIMEFRAME, false);
      const top = (signal: Signal, order: SortOrder) =>
        topBy(stocks, (i) => i.signal === signal, 'technical_score', order)
          .slice(0, PUBLIC_SIGNAL_LIST_SIZE)
          .map(toPublicItem);
      const asOf = stocks.reduce<string | null>(
        (max, i) => (max === null || i.date > max ? i.date : max),
        null,
      );
      const source = await cachedMarketRead(db, `source:${market.id}`, () => getMarketSource(db, market.id));
      return { market, buy: top('buy', 'desc'), sell: top('sell', 'asc'), asOf, demo: source === 'demo' };
    }),
  );
  const dates = markets.map((m) => m.asOf).filter((d): d is string => d !== null);
  return {
    as_of: dates.length ? dates.sort()[dates.length - 1] : null,
    demo: markets.some((m) => m.demo),
    markets: markets.map(({ market, buy, sell }) => ({
      country_id: market.id,
      name: market.name,
      buy,
      sell,
    })),
  };
}
