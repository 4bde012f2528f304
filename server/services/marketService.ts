/**
 * The market API's reads (DESIGN.md §5): tickers/list, indexes/list, ticker/{id}, autocomplete and
 * homeDashboard, mapped to the snake_case shapes of lib/types/market.ts.
 *
 * Lists never analyse anything per request: they read the precomputed latest snapshots. The
 * snapshot set of a market, timeframe and kind (≤ ~100 rows) and the ticker search list are kept in
 * memory (./marketCache, invalidated by every sync), so filtering, sorting and paging cost
 * microseconds and a list request needs no database query of its own.
 */
import { createHash } from 'node:crypto';
import {
  DEFAULT_MARKET,
  DEFAULT_TIMEFRAME,
  MARKETS,
  TIMEFRAME_SESSIONS,
  marketById,
  toMarketCurrency,
  type MarketId,
  type Signal,
  type Timeframe,
} from '@/lib/constants';
import { yearsBefore } from '@/lib/dates';
import type { ListFilter, ListSortField, SortOrder, TickerListQuery } from '@/lib/schemas/market';
import { foldForSearch } from '@/lib/search';
import type {
  HomeDashboard,
  IndexListResponse,
  TickerAnalysisDto,
  TickerDetail,
  TickerListItem,
  TickerListResponse,
  TickerSuggestion,
  TrendDirection,
} from '@/lib/types/market';
import type { PublicSignalItem, PublicTopSignals } from '@/lib/types/publicStocks';
import type { Db } from '@/server/db';
import { DomainError } from '@/server/services/errors';
import {
  findTickerById,
  findTickerBySymbol,
  getLatestTickerSnapshots,
  getMarketSource,
  listLatestSnapshots,
  listTickerRows,
  loadBars,
  loadLastBars,
  type LatestSnapshotListRow,
  type SnapshotRow,
} from '@/server/repositories/marketRepository';

import { cachedMarketRead } from './marketCache';

/** Rows in each list of the home dashboard. */
export const DASHBOARD_LIST_SIZE = 5;

const tickerNotFound = () => new DomainError('not_found', 'TICKER_NOT_FOUND', 'No such ticker');
const noAnalysis = (what: string) =>
  new DomainError('not_found', 'NO_MARKET_DATA', `No analysis for ${what} yet: run the market sync first`);

const currencyOf = toMarketCurrency;

/** A latest-snapshot row as the list item of DESIGN.md §5 (plus our previous_signal and turnover). */
function toListItem(row: LatestSnapshotListRow): TickerListItem {
  return {
    ticker_id: row.tickerId,
    symbol: row.symbol,
    long_name: row.name,
    img: row.img,
    country_id: row.countryId,
    currency: currencyOf(row.currency),
    close: row.close,
    change_pct: row.changePct,
    date: row.date,
    technical_score: row.technicalScore,
    signal: row.signal,
    rsi: row.rsi,
    volbal_22: row.volbal22,
    liquidity_risk: row.liquidityRisk,
    volatility_risk: row.volatilityRisk,
    segment: row.segment,
    previous_signal: row.previousSignal,
    turnover: row.isIndex ? 0 : row.close * row.volume,
    early_warning: {
      buy_above: row.earlyWarning?.buyAbove ?? null,
      sell_below: row.earlyWarning?.sellBelow ?? null,
    },
  };
}

/** The latest list items of a market's stocks or indexes for a timeframe (cached, see ./marketCache). */
function latestItems(
  db: Db,
  countryId: MarketId,
  timeframe: Timeframe,
  isIndex: boolean,
): Promise<TickerListItem[]> {
  return cachedMarketRead(
    db,
    `snapshots:${countryId}:${timeframe}:${isIndex ? 'index' : 'stock'}`,
    async () => (await listLatestSnapshots(db, { countryId, timeframe, isIndex })).map(toListItem),
  );
}

// ---------------------------------------------------------------------------------------------
// tickers/list and indexes/list

function matchesFilters(item: TickerListItem, filters: readonly ListFilter[]): boolean {
  for (const { field, gte, lte } of filters) {
    const value = item[field];
    if (gte !== undefined && !(value >= gte)) return false;
    if (lte !== undefined && !(value <= lte)) return false;
  }
  return true;
}

const nameCollator = new Intl.Collator('nb', { sensitivity: 'base', numeric: true });

function compareBy(sort: ListSortField, order: SortOrder): (a: TickerListItem, b: TickerListItem) => number {
  const direction = order === 'asc' ? 1 : -1;
  const primary =
    sort === 'long_name' || sort === 'symbol'
      ? (a: TickerListItem, b: TickerListItem) => nameCollator.compare(a[sort], b[sort])
      : (a: TickerListItem, b: TickerListItem) => a[sort] - b[sort];
  // Ties: symbol, then id, always ascending, so pages never overlap or skip.
  return (a, b) =>
    direction * primary(a, b) || nameCollator.compare(a.symbol, b.symbol) || a.ticker_id - b.ticker_id;
}

/** GET /api/v1/tickers/list: the market's stocks from their latest snapshots, filtered, sorted, paged. */
export async function listTickers(db: Db, query: TickerListQuery): Promise<TickerListResponse> {
  const items = await latestItems(db, query.countryId, query.timeframe, false);
  const matching = items.filter(
    (item) =>
      (query.segment === undefined || item.segment === query.segment) && matchesFilters(item, query.filters),
  );
  matching.sort(compareBy(query.sort, query.order));
  const start = (query.page - 1) * query.pageSize;
  return {
    items: matching.slice(start, start + query.pageSize),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** GET /api/v1/indexes/list: the market's indexes, in the same item shape. */
export async function listIndexes(
  db: Db,
  query: { countryId: MarketId; timeframe: Timeframe },
): Promise<IndexListResponse> {
  const items = await latestItems(db, query.countryId, query.timeframe, true);
  return { items: [...items].sort(compareBy('symbol', 'asc')) };
}

// ---------------------------------------------------------------------------------------------
// ticker/{id}

interface StoredTrend {
  direction: TrendDirection;
  from: string;
  to: string;
  lower: [number, number];
  upper: [number, number];
  slopePctPerYear: number;
}

function toAnalysisDto(row: SnapshotRow): TickerAnalysisDto {
  const trend = row.trend as StoredTrend;
  return {
    timeframe: row.timeframe as Timeframe,
    technical_score: row.technicalScore,
    signal: row.signal as Signal,
    components: {
      trend: row.trendScore,
      support_resistance: row.supportResistanceScore,
      momentum: row.momentumScore,
      volume: row.volumeScore,
    },
    rsi: row.rsi,
    volbal_5: row.volbal5,
    volbal_22: row.volbal22,
    volbal_66: row.volbal66,
    volatility_pct: row.volatilityPct,
    volatility_risk: row.volatilityRisk as TickerAnalysisDto['volatility_risk'],
    turnover_avg_66: row.turnoverAvg66,
    liquidity_risk: row.liquidityRisk as TickerAnalysisDto['liquidity_risk'],
    trend: {
      direction: trend.direction,
      from: trend.from,
      to: trend.to,
      lower: trend.lower,
      upper: trend.upper,
      slope_pct_per_year: trend.slopePctPerYear,
    },
    supports: row.supports,
    resistances: row.resistances,
    early_warning: {
      buy_above: row.earlyWarning?.buyAbove ?? null,
      sell_below: row.earlyWarning?.sellBelow ?? null,
    },
  };
}

/**
 * GET /api/v1/ticker/{id}: the ticker, its last session, the bars of the timeframe's window (the
 * last 105 / 395 / 1500 sessions) and the timeframe's analysis with the scores of all three.
 */
export async function getTickerDetail(
  db: Db,
  query: { tickerId: number; timeframe: Timeframe },
): Promise<TickerDetail> {
  const ticker = await findTickerById(db, query.tickerId);
  if (!ticker) throw tickerNotFound();
  const [snapshots, bars] = await Promise.all([
    getLatestTickerSnapshots(db, ticker.id),
    loadLastBars(db, ticker.id, TIMEFRAME_SESSIONS[query.timeframe]),
  ]);
  const byTimeframe = new Map(snapshots.map((s) => [s.timeframe, s]));
  const current = byTimeframe.get(query.timeframe);
  if (!current) throw noAnalysis(ticker.symbol);
  const score = (tf: Timeframe) => byTimeframe.get(tf)?.technicalScore ?? current.technicalScore;
  return {
    ticker_id: ticker.id,
    symbol: ticker.symbol,
    long_name: ticker.name,
    img: ticker.img,
    country_id: ticker.countryId as MarketId,
    currency: currencyOf(ticker.currency),
    exchange: ticker.exchange,
    last: { date: current.date, close: current.close, change_pct: current.changePct, volume: current.volume },
    bars,
    analysis: toAnalysisDto(current),
    scores: { '1': score(1), '2': score(2), '3': score(3), overall: current.overallScore },
  };
}

/** An answer serialised once: the JSON text and its entity tag. */
export interface SerialisedAnswer {
  body: string;
  etag: string;
}

/**
 * GET /ticker/{id}?timeframe= as JSON text, serialised once per ticker, timeframe and market-data
 * version (cachedMarketRead: a sync or import bumps the version and empties the cache), with a
 * strong ETag of that text, so the analysis page's call costs what a list call costs and a browser
 * that has the answer gets a 304. Whatever getTickerDetail returns is what is serialised.
 */
export function getTickerDetailJson(
  db: Db,
  query: { tickerId: number; timeframe: Timeframe },
): Promise<SerialisedAnswer> {
  return cachedMarketRead(db, `ticker-detail|${query.tickerId}|${query.timeframe}`, async () => {
    const body = JSON.stringify(await getTickerDetail(db, query));
    return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
  });
}

// ---------------------------------------------------------------------------------------------
// tickers/autocomplete

/** A ticker as the search sees it: folded name and symbol beside the suggestion it becomes. */
export interface SearchEntry {
  suggestion: TickerSuggestion;
  /** foldForSearch(name), as stored in tickers.search_name. */
  name: string;
  /** foldForSearch(symbol). */
  symbol: string;
  isIndex: boolean;
}

/** How well `entry` matches the folded query: 0 best … 4 weakest, undefined for no match. */
function matchRank(entry: SearchEntry, query: string): number | undefined {
  if (entry.symbol === query) return 0;
  if (entry.symbol.startsWith(query)) return 1;
  if (entry.name.startsWith(query)) return 2;
  if (entry.name.includes(` ${query}`)) return 3;
  if (entry.name.includes(query) || entry.symbol.includes(query)) return 4;
  return undefined;
}

/**
 * The ticker search (DESIGN.md §5): entries whose folded name or symbol contains the folded query,
 * ranked exact symbol, symbol prefix, name prefix, a word of the name starting with the query, any
 * other match; then the preferred market (the one asked for, else Oslo Børs, the default market),
 * stocks before indexes, listed before delisted, name and id. Pure: the entries come from the cached ticker list.
 */
export function rankSuggestions(
  entries: readonly SearchEntry[],
  query: { folded: string; countryId?: MarketId; limit: number },
): TickerSuggestion[] {
  const preferred = query.countryId ?? DEFAULT_MARKET;
  const hits: { entry: SearchEntry; rank: number }[] = [];
  for (const entry of entries) {
    if (query.countryId !== undefined && entry.suggestion.country_id !== query.countryId) continue;
    const rank = matchRank(entry, query.folded);
    if (rank !== undefined) hits.push({ entry, rank });
  }
  hits.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(b.entry.suggestion.country_id === preferred) -
        Number(a.entry.suggestion.country_id === preferred) ||
      Number(a.entry.isIndex) - Number(b.entry.isIndex) ||
      // A delisted share after the listed ones that match as well (a renamed share's old code).
      Number(a.entry.suggestion.delisted_on !== null) - Number(b.entry.suggestion.delisted_on !== null) ||
      nameCollator.compare(a.entry.suggestion.long_name, b.entry.suggestion.long_name) ||
      a.entry.suggestion.ticker_id - b.entry.suggestion.ticker_id,
  );
  return hits.slice(0, query.limit).map((h) => h.entry.suggestion);
}

function searchEntries(db: Db): Promise<SearchEntry[]> {
  return cachedMarketRead(db, 'search', async () =>
    (await listTickerRows(db)).map((t) => ({
      suggestion: {
        ticker_id: t.id,
        long_name: t.name,
        symbol: t.symbol,
        img: t.img,
        country_id: t.countryId as MarketId,
        delisted_on: t.delistedOn,
      },
      name: t.searchName,
      symbol: foldForSearch(t.symbol),
      isIndex: t.isIndex,
    })),
  );
}

/**
 * GET /api/v1/tickers/autocomplete: at most `limit` tickers whose name or symbol contains the
 * search, case- and diacritic-insensitive (lib/search), prefix matches first. Empty search: [].
 */
export async function autocompleteTickers(
  db: Db,
  query: { search: string; countryId?: MarketId; limit: number; allMarkets?: boolean },
): Promise<TickerSuggestion[]> {
  const folded = foldForSearch(query.search);
  if (folded === '') return [];
  const entries = await searchEntries(db);
  if (!query.allMarkets || query.countryId === undefined) {
    return rankSuggestions(entries, { folded, countryId: query.countryId, limit: query.limit });
  }
  return selectedMarketFirst(entries, { folded, countryId: query.countryId, limit: query.limit });
}

/** How many places of a cross-market answer are kept for the other markets when they match. */
const OTHER_MARKET_PLACES = 3;

/**
 * `allMarkets=true` (issue 25, the header search): the selected market's matches first (ranked as
 * usual), then the other markets' — at most `limit` in all, with up to OTHER_MARKET_PLACES kept for
 * the other markets when the selected one has more matches than fit.
 */
export function selectedMarketFirst(
  entries: readonly SearchEntry[],
  query: { folded: string; countryId: MarketId; limit: number },
): TickerSuggestion[] {
  const selected = rankSuggestions(entries, query);
  const others = rankSuggestions(
    entries.filter((e) => e.suggestion.country_id !== query.countryId),
    { folded: query.folded, limit: query.limit },
  );
  const keepSelected = Math.max(
    query.limit - Math.min(others.length, OTHER_MARKET_PLACES),
    query.limit - others.length,
  );
  const head = selected.slice(0, keepSelected);
  return [...head, ...others.slice(0, query.limit - head.length)];
}

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
