/**
 * The screener's state lives in the URL (shareable, and the back button undoes a change):
 * `?signal=buy&scoreMin=0.2&liquidity=2&volatility=3&rsiMin=30&rsiMax=70&volbalMin=10&segment=growth&sort=rsi&order=asc&page=2`
 * (`segment`: Oslo only; `pattern=double_top&patternStatus=completed`: issue 42).
 * Values are in the UI's units (volume balance in %); invalid values are ignored.
 */
import type { ParsedUrlQuery } from 'querystring';
import { isOsloSegment, type RiskClass, type Signal } from '@/lib/constants';
import { isPatternKind, isPatternStatus } from '@/lib/patterns';
import {
  isSortField,
  type Range,
  type ScreenerFilters,
  type SortField,
  type SortOrder,
} from '@/services/marketDataService';

export interface ScreenerUrlState {
  filters: ScreenerFilters;
  sort: SortField;
  order: SortOrder;
  page: number;
}

export const DEFAULT_SORT: SortField = 'technical_score';
export const DEFAULT_ORDER: SortOrder = 'desc';

/** The bounds each range filter accepts (in the UI's units). */
export const FILTER_BOUNDS = {
  score: { min: -1, max: 1, step: 0.05 },
  rsi: { min: 0, max: 100, step: 1 },
  volbal: { min: -100, max: 100, step: 1 },
} as const;
export type RangeFilter = keyof typeof FILTER_BOUNDS;

const RANGE_KEYS: Record<RangeFilter, [string, string]> = {
  score: ['scoreMin', 'scoreMax'],
  rsi: ['rsiMin', 'rsiMax'],
  volbal: ['volbalMin', 'volbalMax'],
};

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function parseNumber(
  value: string | string[] | undefined,
  bounds: { min: number; max: number },
): number | undefined {
  const text = first(value)?.trim().replace(',', '.');
  if (!text) return undefined;
  const n = Number(text);
  if (!Number.isFinite(n) || n < bounds.min || n > bounds.max) return undefined;
  return n;
}

function parseRisk(value: string | string[] | undefined): RiskClass | undefined {
  const n = Number(first(value));
  return n === 1 || n === 2 || n === 3 || n === 4 ? n : undefined;
}

function parseSignal(value: string | string[] | undefined): Signal | undefined {
  const v = first(value);
  return v === 'buy' || v === 'hold' || v === 'sell' ? v : undefined;
}

function compactRange(range: Range): Range | undefined {
  return range.min === undefined && range.max === undefined ? undefined : range;
}

export function parseScreenerQuery(query: ParsedUrlQuery): ScreenerUrlState {
  const filters: ScreenerFilters = {};
  const signal = parseSignal(query.signal);
  if (signal) filters.signal = signal;
  for (const name of Object.keys(RANGE_KEYS) as RangeFilter[]) {
    const [minKey, maxKey] = RANGE_KEYS[name];
    const range = compactRange({
      min: parseNumber(query[minKey], FILTER_BOUNDS[name]),
      max: parseNumber(query[maxKey], FILTER_BOUNDS[name]),
    });
    if (range) filters[name] = range;
  }
  const liquidity = parseRisk(query.liquidity);
  if (liquidity) filters.liquidityRiskMax = liquidity;
  const segment = first(query.segment);
  if (isOsloSegment(segment)) filters.segment = segment;
  const volatility = parseRisk(query.volatility);
  if (volatility) filters.volatilityRiskMax = volatility;
  const pattern = first(query.pattern);
  if (pattern && isPatternKind(pattern)) filters.pattern = pattern;
  const patternStatus = first(query.patternStatus);
  if (isPatternStatus(patternStatus)) filters.patternStatus = patternStatus;

  const sortValue = first(query.sort);
  const sort = isSortField(sortValue) ? sortValue : DEFAULT_SORT;
  const orderValue = first(query.order);
  const order: SortOrder = orderValue === 'asc' || orderValue === 'desc' ? orderValue : DEFAULT_ORDER;
  const pageValue = Number(first(query.page));
  const page = Number.isInteger(pageValue) && pageValue >= 1 ? pageValue : 1;
  return { filters, sort, order, page };
}

/** The URL query of a state; defaults are left out so the plain screener has a plain URL. */
export function toScreenerQuery(state: ScreenerUrlState): Record<string, string> {
  const query: Record<string, string> = {};
  const { filters } = state;
  if (filters.signal) query.signal = filters.signal;
  for (const name of Object.keys(RANGE_KEYS) as RangeFilter[]) {
    const [minKey, maxKey] = RANGE_KEYS[name];
    const range = filters[name];
    if (range?.min !== undefined) query[minKey] = String(range.min);
    if (range?.max !== undefined) query[maxKey] = String(range.max);
  }
  if (filters.liquidityRiskMax) query.liquidity = String(filters.liquidityRiskMax);
  if (filters.volatilityRiskMax) query.volatility = String(filters.volatilityRiskMax);
  if (filters.segment) query.segment = filters.segment;
  if (filters.pattern) query.pattern = filters.pattern;
  if (filters.patternStatus) query.patternStatus = filters.patternStatus;
  if (state.sort !== DEFAULT_SORT || state.order !== DEFAULT_ORDER) {
    query.sort = state.sort;
    query.order = state.order;
  }
  if (state.page > 1) query.page = String(state.page);
  return query;
}

/** How many filters are set (for the "Filters (3)" label). */
export function countFilters(filters: ScreenerFilters): number {
  let n = 0;
  if (filters.signal) n += 1;
  if (filters.liquidityRiskMax) n += 1;
  if (filters.volatilityRiskMax) n += 1;
  if (filters.segment) n += 1;
  if (filters.pattern) n += 1;
  if (filters.patternStatus) n += 1;
  for (const name of Object.keys(RANGE_KEYS) as RangeFilter[]) if (filters[name]) n += 1;
  return n;
}
