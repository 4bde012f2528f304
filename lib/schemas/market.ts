/**
 * Query-string schemas of the market API (DESIGN.md §5, SPEC §7). Every value arrives as a string
 * (or a repeated parameter: the last one counts); numbers are checked as text first, so "abc" or an
 * empty value where a number belongs is a 400, never a silent 0 or NaN.
 */
import { z } from 'zod';
import './zodConfig';
import { PATTERN_KINDS, PATTERN_STATUSES, type PatternKind, type PatternStatus } from '@/lib/patterns';

import {
  AUTOCOMPLETE_LIMIT,
  DEFAULT_PAGE_SIZE,
  DEFAULT_TIMEFRAME,
  MARKET_OSLO,
  MARKET_US,
  MAX_PAGE_SIZE,
  OSLO_SEGMENTS,
  type MarketId,
  type OsloSegment,
  type Timeframe,
} from '@/lib/constants';

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const UNSIGNED_INTEGER = /^\d+$/;
/** Ticker symbols as providers write them: EQNR, BRK.B, OSEBX.INDX, 0P0000A. */
const SYMBOL = /^[A-Za-z0-9][A-Za-z0-9.\-^]*$/;
const MAX_SEARCH_LENGTH = 100;
const MAX_ID = 2_147_483_647;

/** A repeated query parameter counts with its last value (as `queryValue` in server/http). */
/** The longest query value parsed (numbers, ids): longer ones are refused before any pattern runs. */
const QUERY_VALUE_MAX = 64;

function lastValue(value: unknown): unknown {
  return Array.isArray(value) ? value[value.length - 1] : value;
}

/** A decimal number written in the query string, inside [min, max]. */
function queryNumber(name: string, min: number, max: number) {
  return z.preprocess(
    lastValue,
    z
      .string({ error: `${name} must be a number` })
      .max(QUERY_VALUE_MAX, { error: `${name} must be a number`, abort: true })
      .trim()
      .regex(DECIMAL, `${name} must be a number`)
      .transform(Number)
      .pipe(
        z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`),
      ),
  );
}

/** A whole number written in the query string, inside [min, max]. */
function queryInteger(name: string, min: number, max: number) {
  return z.preprocess(
    lastValue,
    z
      .string({ error: `${name} must be a whole number` })
      .max(QUERY_VALUE_MAX, { error: `${name} must be a whole number`, abort: true })
      .trim()
      .regex(UNSIGNED_INTEGER, `${name} must be a whole number`)
      .transform(Number)
      .pipe(
        z.number().min(min, `${name} must be at least ${min}`).max(max, `${name} must be at most ${max}`),
      ),
  );
}

const MARKET_MESSAGE = `must be ${MARKET_OSLO} (Oslo Børs) or ${MARKET_US} (US Stocks)`;

/** A market id (SPEC §3): 160 or 226. */
export function marketIdParam(name: string) {
  return z.preprocess(
    lastValue,
    z
      .string({ error: `${name} is required and ${MARKET_MESSAGE}` })
      .max(QUERY_VALUE_MAX, { error: `${name} ${MARKET_MESSAGE}`, abort: true })
      .trim()
      .regex(UNSIGNED_INTEGER, `${name} ${MARKET_MESSAGE}`)
      .transform(Number)
      .pipe(z.union([z.literal(MARKET_OSLO), z.literal(MARKET_US)], { error: `${name} ${MARKET_MESSAGE}` })),
  );
}

/** A timeframe (DESIGN.md §5): 1 short, 2 medium (default), 3 long. */
export const timeframeParam = z.preprocess(
  lastValue,
  z
    .string()
    .max(QUERY_VALUE_MAX, { error: 'timeframe must be 1, 2 or 3', abort: true })
    .trim()
    .regex(UNSIGNED_INTEGER, 'timeframe must be 1, 2 or 3')
    .transform(Number)
    .pipe(z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'timeframe must be 1, 2 or 3' }))
    .optional()
    .transform((v): Timeframe => v ?? DEFAULT_TIMEFRAME),
);

/** A ticker id in the path: a positive whole number. */
export const tickerIdParam = queryInteger('id', 1, MAX_ID);

/** The filterable columns of tickers/list (SPEC §3, §7) and the range each accepts. */
export const LIST_FILTERS = {
  technical_score: { min: -1, max: 1 },
  liquidity_risk: { min: 1, max: 4 },
  volatility_risk: { min: 1, max: 4 },
  rsi: { min: 0, max: 100 },
  /** A fraction in [-1, 1]: the UI shows % and sends the value divided by 100 (SPEC §5). */
  volbal_22: { min: -1, max: 1 },
} as const;
export type ListFilterField = keyof typeof LIST_FILTERS;
export const LIST_FILTER_FIELDS = Object.keys(LIST_FILTERS) as ListFilterField[];

/** The columns tickers/list can be sorted by (`turnover` = the last session's close × volume). */
export const LIST_SORT_FIELDS = [
  'technical_score',
  'rsi',
  'volbal_22',
  'change_pct',
  'close',
  'long_name',
  'symbol',
  'liquidity_risk',
  'volatility_risk',
  'turnover',
] as const;
export type ListSortField = (typeof LIST_SORT_FIELDS)[number];
export type SortOrder = 'asc' | 'desc';

/** One inclusive range filter; either bound may be absent. */
export interface ListFilter {
  field: ListFilterField;
  gte?: number;
  lte?: number;
}

/** tickers/list after validation, in the service's words. */
export interface TickerListQuery {
  countryId: MarketId;
  timeframe: Timeframe;
  page: number;
  pageSize: number;
  sort: ListSortField;
  order: SortOrder;
  filters: ListFilter[];
  /** Oslo only: the Euronext segment the shares must be in (issue 28). */
  segment?: OsloSegment;
  /** Issue 42: an active chart pattern of this kind and/or status (newOnly: broke out on the list's session). */
  pattern?: { kind?: PatternKind; status?: PatternStatus; newOnly: boolean };
}

const filterShape = {
  technical_score_gte: queryNumber('technical_score_gte', -1, 1).optional(),
  technical_score_lte: queryNumber('technical_score_lte', -1, 1).optional(),
  liquidity_risk_gte: queryNumber('liquidity_risk_gte', 1, 4).optional(),
  liquidity_risk_lte: queryNumber('liquidity_risk_lte', 1, 4).optional(),
  volatility_risk_gte: queryNumber('volatility_risk_gte', 1, 4).optional(),
  volatility_risk_lte: queryNumber('volatility_risk_lte', 1, 4).optional(),
  rsi_gte: queryNumber('rsi_gte', 0, 100).optional(),
  rsi_lte: queryNumber('rsi_lte', 0, 100).optional(),
  volbal_22_gte: queryNumber('volbal_22_gte', -1, 1).optional(),
  volbal_22_lte: queryNumber('volbal_22_lte', -1, 1).optional(),
};
type FilterKey = keyof typeof filterShape;

const KNOWN_BOUND_KEYS = new Set<string>(Object.keys(filterShape));

/**
 * GET /api/v1/tickers/list. Unknown `*_gte`/`*_lte` parameters are refused (a typo must not
 * silently widen the result); other unknown parameters are ignored.
 */
export const tickerListQuerySchema = z
  .looseObject({
    countryID: marketIdParam('countryID'),
    timeframe: timeframeParam,
    page: queryInteger('page', 1, MAX_ID).optional(),
    pageSize: queryInteger('pageSize', 1, MAX_PAGE_SIZE).optional(),
    sort: z
      .preprocess(
        lastValue,
        z.enum(LIST_SORT_FIELDS, { error: `sort must be one of ${LIST_SORT_FIELDS.join(', ')}` }),
      )
      .optional(),
    order: z
      .preprocess(lastValue, z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }))
      .optional(),
    ...filterShape,
    segment: z
      .preprocess(
        lastValue,
        z.enum(OSLO_SEGMENTS, { error: `segment must be one of ${OSLO_SEGMENTS.join(', ')}` }),
      )
      .optional(),
    pattern: z
      .preprocess(
        lastValue,
        z.enum(PATTERN_KINDS, { error: `pattern must be one of ${PATTERN_KINDS.join(', ')}` }),
      )
      .optional(),
    pattern_status: z
      .preprocess(
        lastValue,
        z.enum(PATTERN_STATUSES, { error: `pattern_status must be one of ${PATTERN_STATUSES.join(', ')}` }),
      )
      .optional(),
    pattern_new: z
      .preprocess(lastValue, z.enum(['true', 'false'], { error: 'pattern_new must be true or false' }))
      .optional(),
  })
  .superRefine((query, ctx) => {
    if (query.segment !== undefined && query.countryID !== MARKET_OSLO) {
      ctx.addIssue({
        code: 'custom',
        path: ['segment'],
        message: 'segment is a filter of Oslo Børs shares (countryID 160)',
      });
    }
    for (const key of Object.keys(query)) {
      if (/_(gte|lte)$/.test(key) && !KNOWN_BOUND_KEYS.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Unknown filter ${key}: filters are ${LIST_FILTER_FIELDS.map((f) => `${f}_gte/_lte`).join(', ')}`,
        });
      }
    }
    for (const field of LIST_FILTER_FIELDS) {
      const gte = query[`${field}_gte` as FilterKey];
      const lte = query[`${field}_lte` as FilterKey];
      if (gte !== undefined && lte !== undefined && gte > lte) {
        ctx.addIssue({
          code: 'custom',
          path: [`${field}_gte`],
          message: `${field}_gte (${gte}) is above ${field}_lte (${lte})`,
        });
      }
    }
  })
  .transform((query): TickerListQuery => {
    const filters: ListFilter[] = [];
    for (const field of LIST_FILTER_FIELDS) {
      const gte = query[`${field}_gte` as FilterKey];
      const lte = query[`${field}_lte` as FilterKey];
      if (gte !== undefined || lte !== undefined) filters.push({ field, gte, lte });
    }
    return {
      countryId: query.countryID,
      timeframe: query.timeframe,
      page: query.page ?? 1,
      pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
      sort: query.sort ?? 'technical_score',
      order: query.order ?? 'desc',
      filters,
      ...(query.segment ? { segment: query.segment } : {}),
      ...(query.pattern || query.pattern_status || query.pattern_new === 'true'
        ? {
            pattern: {
              ...(query.pattern ? { kind: query.pattern } : {}),
              ...(query.pattern_status ? { status: query.pattern_status } : {}),
              newOnly: query.pattern_new === 'true',
            },
          }
        : {}),
    };
  });

/** GET /api/v1/indexes/list. */
export const indexListQuerySchema = z
  .looseObject({ countryID: marketIdParam('countryID'), timeframe: timeframeParam })
  .transform((q) => ({ countryId: q.countryID, timeframe: q.timeframe }));

/** GET /api/v1/ticker/{id}?timeframe=. */
export const tickerDetailQuerySchema = z
  .looseObject({ id: tickerIdParam, timeframe: timeframeParam })
  .transform((q) => ({ tickerId: q.id, timeframe: q.timeframe }));

/** GET /api/v1/tickers/autocomplete?search=&countryID= (countryID optional, empty search allowed). */
export const autocompleteQuerySchema = z
  .looseObject({
    search: z
      .preprocess(
        lastValue,
        z.string().max(MAX_SEARCH_LENGTH, {
          error: `search must be at most ${MAX_SEARCH_LENGTH} characters`,
          abort: true,
        }),
      )
      .optional(),
    countryID: z.preprocess(
      (v) => (lastValue(v) === '' ? undefined : lastValue(v)),
      marketIdParam('countryID').optional(),
    ),
    // Issue 25: the selected market's matches first, then the other market's.
    allMarkets: z.preprocess(lastValue, z.enum(['true', 'false']).optional()),
  })
  .transform((q) => ({
    search: q.search ?? '',
    countryId: q.countryID,
    limit: AUTOCOMPLETE_LIMIT,
    allMarkets: q.allMarkets === 'true',
  }));

/** GET /api/v1/tickers/homeDashboard/{marketId}?ticker_symbol= (default: the market's main index). */
export const homeDashboardQuerySchema = z
  .looseObject({
    marketId: marketIdParam('marketId'),
    ticker_symbol: z.preprocess(
      (v) =>
        typeof lastValue(v) === 'string' && String(lastValue(v)).trim() === '' ? undefined : lastValue(v),
      z
        .string()
        .max(32 + QUERY_VALUE_MAX, { error: 'ticker_symbol must be at most 32 characters', abort: true })
        .trim()
        .max(32, 'ticker_symbol must be at most 32 characters')
        .regex(SYMBOL, 'ticker_symbol is not a valid symbol')
        .transform((s) => s.toUpperCase())
        .optional(),
    ),
    timeframe: timeframeParam,
  })
  .transform((q) => ({ marketId: q.marketId, tickerSymbol: q.ticker_symbol, timeframe: q.timeframe }));
