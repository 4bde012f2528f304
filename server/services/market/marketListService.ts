/**
 * The market lists (DESIGN.md §5): tickers/list and indexes/list, and the cached latest list items
 * the home dashboard and the public top signals are built from.
 *
 * Lists never analyse anything per request: they read the precomputed latest snapshots. The
 * snapshot set of a market, timeframe and kind (≤ ~100 rows) is kept in memory (./marketCache,
 * invalidated by every sync), so filtering, sorting and paging cost microseconds and a list
 * request needs no database query of its own.
 */
import { toMarketCurrency, type MarketId, type Timeframe } from '@/lib/constants';
import type { ListFilter, ListSortField, SortOrder, TickerListQuery } from '@/lib/schemas/market';
import type { IndexListResponse, TickerListItem, TickerListResponse } from '@/lib/types/market';
import type { Db } from '@/server/db';
import { listLatestSnapshots, type LatestSnapshotListRow } from '@/server/repositories/marketRepository';
import { cachedMarketRead } from './marketCache';

/** A latest-snapshot row as the list item of DESIGN.md §5 (plus our previous_signal and turnover). */
function toListItem(row: LatestSnapshotListRow): TickerListItem {
  return {
    ticker_id: row.tickerId,
    symbol: row.symbol,
    long_name: row.name,
    img: row.img,
    country_id: row.countryId,
    currency: toMarketCurrency(row.currency),
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
    patterns: row.activePatterns ?? [],
  };
}

/** The latest list items of a market's stocks or indexes for a timeframe (cached, see ./marketCache). */
export function latestItems(
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

/**
 * Issue 42: the item has an active pattern of the kind (any kind when absent) and status (any when
 * absent), and with `newOnly` one that broke out (completed) or failed on the item's own session.
 */
function matchesPattern(item: TickerListItem, filter: TickerListQuery['pattern']): boolean {
  if (filter === undefined) return true;
  return item.patterns.some(
    (p) =>
      (filter.kind === undefined || p.kind === filter.kind) &&
      (filter.status === undefined || p.status === filter.status) &&
      (!filter.newOnly || p.breakout_date === item.date),
  );
}

/** Names and symbols in Norwegian order, case- and accent-insensitive, numbers by value. */
export const nameCollator = new Intl.Collator('nb', { sensitivity: 'base', numeric: true });

/** The list order: `sort` in `order`, ties by symbol then id (always ascending). */
export function compareBy(
  sort: ListSortField,
  order: SortOrder,
): (a: TickerListItem, b: TickerListItem) => number {
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
      (query.segment === undefined || item.segment === query.segment) &&
      matchesFilters(item, query.filters) &&
      matchesPattern(item, query.pattern),
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
