/**
 * Market data calls (SPEC §7, DESIGN.md §5): tickers/list, indexes/list, ticker/{id},
 * tickers/autocomplete and tickers/homeDashboard — all through the one apiClient.
 *
 * The screener's filters are kept in the UI's own words (a signal, ranges, volume balance in %) and
 * mapped to the API's query here, at the edge: `toTickerListParams`.
 */
import type { PatternKind, PatternStatus } from '@/lib/patterns';
import {
  BUY_THRESHOLD,
  DEFAULT_PAGE_SIZE,
  SELL_THRESHOLD,
  type MarketId,
  type OsloSegment,
  type RiskClass,
  type Signal,
  type Timeframe,
} from '@/lib/constants';
import type {
  HomeDashboard,
  IndexListResponse,
  TickerDetail,
  TickerListItem,
  TickerListResponse,
  TickerSuggestion,
} from '@/lib/types/market';
import { http } from './api';

export type { HomeDashboard };

/** Columns the list can be sorted by (the API's `sort`, lib/schemas/market.ts). */
export const SORT_FIELDS = [
  'long_name',
  'symbol',
  'close',
  'change_pct',
  'technical_score',
  'rsi',
  'volbal_22',
  'liquidity_risk',
  'volatility_risk',
  'turnover',
] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

export function isSortField(value: unknown): value is SortField {
  return typeof value === 'string' && (SORT_FIELDS as readonly string[]).includes(value);
}

/** An inclusive range; either end may be open. */
export interface Range {
  min?: number;
  max?: number;
}

/**
 * The screener's filters as the user enters them. `volbal` is in percent (-100..100), as shown
 * everywhere in the UI; risks are "at most this class".
 */
export interface ScreenerFilters {
  signal?: Signal;
  score?: Range;
  liquidityRiskMax?: RiskClass;
  volatilityRiskMax?: RiskClass;
  rsi?: Range;
  volbal?: Range;
  /** Oslo only: the Euronext segment (issue 28). */
  segment?: OsloSegment;
  /** Issue 42: an active chart pattern of this kind and/or status. */
  pattern?: PatternKind;
  patternStatus?: PatternStatus;
  /** Only patterns that broke out (or failed) on the list's own session. */
  patternNew?: boolean;
}

export interface TickerListQuery {
  countryId: MarketId;
  timeframe: Timeframe;
  filters?: ScreenerFilters;
  sort?: SortField;
  order?: SortOrder;
  page?: number;
  pageSize?: number;
}

export type TickerListPage = TickerListResponse;

type QueryParams = Record<string, string | number>;

/** The larger of two optional lower bounds. */
function tighterMin(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.max(a, b);
}

/** The smaller of two optional upper bounds. */
function tighterMax(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

function finite(value: number | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Four decimals at most: 12.5 % is sent as 0.125, never 0.12500000000000001. */
function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * The filters as the API's `*_gte` / `*_lte` parameters (SPEC §5, §7):
 * - signal buy -> technical_score_gte=0.5; hold -> technical_score_gte=-0.5 & technical_score_lte=0.5;
 *   sell -> technical_score_lte=-0.5. A score range narrows it further (the tighter bound wins).
 * - volume balance is entered in % and sent divided by 100.
 * - a risk "at most N" is `*_risk_lte=N`.
 */
export function filtersToParams(filters: ScreenerFilters = {}): QueryParams {
  const params: QueryParams = {};
  let scoreMin = finite(filters.score?.min) ? filters.score.min : undefined;
  let scoreMax = finite(filters.score?.max) ? filters.score.max : undefined;
  if (filters.signal === 'buy') scoreMin = tighterMin(scoreMin, BUY_THRESHOLD);
  if (filters.signal === 'sell') scoreMax = tighterMax(scoreMax, SELL_THRESHOLD);
  if (filters.signal === 'hold') {
    scoreMin = tighterMin(scoreMin, SELL_THRESHOLD);
    scoreMax = tighterMax(scoreMax, BUY_THRESHOLD);
  }
  if (scoreMin !== undefined) params.technical_score_gte = scoreMin;
  if (scoreMax !== undefined) params.technical_score_lte = scoreMax;
  if (filters.liquidityRiskMax) params.liquidity_risk_lte = filters.liquidityRiskMax;
  if (filters.volatilityRiskMax) params.volatility_risk_lte = filters.volatilityRiskMax;
  if (finite(filters.rsi?.min)) params.rsi_gte = filters.rsi.min;
  if (finite(filters.rsi?.max)) params.rsi_lte = filters.rsi.max;
  if (finite(filters.volbal?.min)) params.volbal_22_gte = round4(filters.volbal.min / 100);
  if (finite(filters.volbal?.max)) params.volbal_22_lte = round4(filters.volbal.max / 100);
  if (filters.segment) params.segment = filters.segment;
  if (filters.pattern) params.pattern = filters.pattern;
  if (filters.patternStatus) params.pattern_status = filters.patternStatus;
  if (filters.patternNew) params.pattern_new = 'true';
  return params;
}

/** The whole tickers/list query string, in a stable key order. */
export function toTickerListParams(query: TickerListQuery): QueryParams {
  return {
    countryID: query.countryId,
    timeframe: query.timeframe,
    page: query.page ?? 1,
    pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: query.sort ?? 'technical_score',
    order: query.order ?? 'desc',
    ...filtersToParams(query.filters),
  };
}

/** A list answer as a list (indexes/list answers `{ items }`; a bare array is accepted too). */
function itemsOf<T>(data: T[] | { items: T[] }): T[] {
  return Array.isArray(data) ? data : (data.items ?? []);
}

export const marketDataService = {
  async listTickers(query: TickerListQuery, signal?: AbortSignal): Promise<TickerListPage> {
    const { data } = await http.get<TickerListPage>('/tickers/list', {
      params: toTickerListParams(query),
      signal,
    });
    return data;
  },

  async listIndexes(
    countryId: MarketId,
    timeframe: Timeframe,
    signal?: AbortSignal,
  ): Promise<TickerListItem[]> {
    const { data } = await http.get<IndexListResponse | TickerListItem[]>('/indexes/list', {
      params: { countryID: countryId, timeframe },
      signal,
    });
    return itemsOf(data);
  },

  async getTicker(tickerId: number, timeframe: Timeframe, signal?: AbortSignal): Promise<TickerDetail> {
    const { data } = await http.get<TickerDetail>(`/ticker/${encodeURIComponent(String(tickerId))}`, {
      params: { timeframe },
      signal,
    });
    return data;
  },

  async autocomplete(search: string, countryId: MarketId, signal?: AbortSignal): Promise<TickerSuggestion[]> {
    const { data } = await http.get<TickerSuggestion[] | { items: TickerSuggestion[] }>(
      '/tickers/autocomplete',
      // The selected market's matches first, then the other market's (issue 25).
      { params: { search, countryID: countryId, allMarkets: true }, signal },
    );
    return itemsOf(data);
  },

  async homeDashboard(
    marketId: MarketId,
    tickerSymbol: string,
    timeframe: Timeframe,
    signal?: AbortSignal,
  ): Promise<HomeDashboard> {
    const { data } = await http.get<HomeDashboard>(`/tickers/homeDashboard/${marketId}`, {
      params: { ticker_symbol: tickerSymbol, timeframe },
      signal,
    });
    return data;
  },
};
