import type { ListPatternDto, PatternDto } from '@/lib/types/patterns';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

import { bytea } from './articles';
import { users } from './users';

/** Markets (SPEC §3): 160 Oslo Børs, 226 US Stocks. */
export const markets = pgTable('markets', {
  id: integer('id').primaryKey(),
  exchange: text('exchange').notNull(),
  name: text('name').notNull(),
  mainIndex: text('main_index').notNull(),
  mainIndexSymbol: text('main_index_symbol').notNull(),
  currency: text('currency').notNull(),
  img: text('img').notNull().default(''),
});

/** Stocks and indexes. `country_id` is the market id (SPEC §3); `search_name` is the folded name for autocomplete. */
export const tickers = pgTable(
  'tickers',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => markets.id),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    searchName: text('search_name').notNull(),
    exchange: text('exchange').notNull(),
    currency: text('currency').notNull(),
    sector: text('sector'),
    isin: text('isin'),
    img: text('img').notNull().default(''),
    isIndex: boolean('is_index').notNull().default(false),
    /**
     * Issue 28: the Oslo share's Euronext segment ('oslo_bors' = Euronext Oslo Børs, 'expand' =
     * Euronext Expand Oslo, 'growth' = Euronext Growth Oslo); null for US shares, indexes and
     * shares whose segment is not known yet.
     */
    segment: text('segment'),
    /**
     * Issue 28: the day the universe sync found the ticker gone from the provider's symbol list.
     * The row, its bars and its analysis stay (portfolios keep reading them); the daily refresh and
     * the screener leave it out. Null while listed.
     */
    delistedOn: date('delisted_on', { mode: 'string' }),
    /** Issue 28: the symbol the ticker had before the provider renamed it (same ISIN), if any. */
    previousSymbol: text('previous_symbol'),
    /**
     * Issue 37: false for a user's instrument outside the analysis universe (a fund, an ETF, a
     * share the universe does not list), created from what a broker file or the transaction
     * dialog states: `symbol` is its ISIN, `country_id` the market of its currency (NOK: Oslo,
     * USD: the US; only for the currency conversion), `exchange` the one stated or ''. Such a row
     * is left out of every analysis, list, screener, search and sync query (listTickerRows).
     */
    inUniverse: boolean('in_universe').notNull().default(true),
    /** Issue 37: 'share' | 'fund' | 'etf' | 'bond' | 'other' (the universe's rows are shares). */
    kind: text('kind').notNull().default('share'),
    /** Issue 37: a fund's equity share (aksjeandel) in percent, 0–100, when known; null otherwise. */
    equityShare: numeric('equity_share', { precision: 7, scale: 4 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickers_country_symbol_uq').on(t.countryId, t.symbol),
    index('tickers_search_name_idx').on(t.searchName),
    index('tickers_isin_idx').on(t.isin),
    /** Issue 37: one instrument outside the universe per ISIN. */
    uniqueIndex('tickers_instrument_isin_uq')
      .on(t.isin)
      .where(sql`${t.inUniverse} = false`),
  ],
);

/** Daily OHLCV, one row per ticker and session, in the ticker's currency. */
export const dailyBars = pgTable(
  'daily_bars',
  {
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    open: doublePrecision('open').notNull(),
    high: doublePrecision('high').notNull(),
    low: doublePrecision('low').notNull(),
    close: doublePrecision('close').notNull(),
    volume: doublePrecision('volume').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tickerId, t.date] }), index('daily_bars_date_idx').on(t.date)],
);

/**
 * Each ticker's close series, one row per calendar month with sessions, kept by the database itself
 * from daily_bars (statement-level triggers, migration 0014): portfolio reads take ~120 small rows
 * per ticker instead of aggregating thousands of bars per request (issue 26). `days` holds one
 * big-endian int4 per session (days since 1970-01-01, what `int4send(date - '1970-01-01')` gives),
 * `closes` one big-endian float8 per session (`float8send(close)`: the stored double, bit for bit),
 * both ascending. A month's row is a few hundred bytes: rewriting it for a new session leaves no
 * out-of-line (TOAST) garbage, which the embedded database, without autovacuum, would keep (a
 * whole-series row grew the table ~30 kB per ticker and session). A row exists exactly when the
 * ticker has bars in that month.
 */
export const closeSeries = pgTable(
  'close_series',
  {
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    days: bytea('days').notNull(),
    closes: bytea('closes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tickerId, t.month] })],
);

/** FX rates, e.g. pair 'USDNOK' = NOK per USD. */
export const fxRates = pgTable(
  'fx_rates',
  {
    pair: text('pair').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    rate: doublePrecision('rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pair, t.date] })],
);

/** Which tickers make up which index (OSEBX, NASDAQ-100). */
export const indexMembers = pgTable(
  'index_members',
  {
    indexTickerId: integer('index_ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    memberTickerId: integer('member_ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.indexTickerId, t.memberTickerId] })],
);

/**
 * The precomputed analysis (DESIGN.md §5–§6) per ticker, timeframe and session date. List
 * endpoints read the rows with `is_latest`; `previous_signal` is the signal one session earlier
 * (for "new since the previous session").
 */
export const analysisSnapshots = pgTable(
  'analysis_snapshots',
  {
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    timeframe: smallint('timeframe').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    isLatest: boolean('is_latest').notNull().default(true),
    countryId: integer('country_id').notNull(),
    isIndex: boolean('is_index').notNull().default(false),
    close: doublePrecision('close').notNull(),
    changePct: doublePrecision('change_pct').notNull(),
    volume: doublePrecision('volume').notNull(),
    technicalScore: doublePrecision('technical_score').notNull(),
    signal: text('signal').notNull(),
    previousSignal: text('previous_signal'),
    overallScore: doublePrecision('overall_score').notNull(),
    trendScore: doublePrecision('trend_score').notNull(),
    supportResistanceScore: doublePrecision('support_resistance_score').notNull(),
    momentumScore: doublePrecision('momentum_score').notNull(),
    volumeScore: doublePrecision('volume_score').notNull(),
    rsi: doublePrecision('rsi').notNull(),
    volbal5: doublePrecision('volbal_5').notNull(),
    volbal22: doublePrecision('volbal_22').notNull(),
    volbal66: doublePrecision('volbal_66').notNull(),
    volatilityPct: doublePrecision('volatility_pct').notNull(),
    volatilityRisk: smallint('volatility_risk').notNull(),
    turnoverAvg66: doublePrecision('turnover_avg_66').notNull(),
    liquidityRisk: smallint('liquidity_risk').notNull(),
    trend: jsonb('trend').notNull(),
    supports: jsonb('supports').$type<number[]>().notNull(),
    resistances: jsonb('resistances').$type<number[]>().notNull(),
    /** Issue 25: the next closes at which this timeframe's signal turns buy / sell (null: none within ±25 %). */
    earlyWarning: jsonb('early_warning').$type<{ buyAbove: number | null; sellBelow: number | null }>(),
    /** Issue 42: the window's chart patterns (the API's PatternDto[]); null on rows from before them. */
    patterns: jsonb('patterns').$type<PatternDto[]>(),
    /** Issue 42: the active ones as list items carry them (the list filter reads only these). */
    activePatterns: jsonb('active_patterns').$type<ListPatternDto[]>(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tickerId, t.timeframe, t.date] }),
    index('analysis_latest_idx')
      .on(t.countryId, t.timeframe, t.isIndex, t.technicalScore)
      .where(sql`${t.isLatest}`),
  ],
);

/** Bookkeeping for resumable market syncs: what was fetched last, per provider and ticker. */
export const syncState = pgTable(
  'sync_state',
  {
    provider: text('provider').notNull(),
    key: text('key').notNull(),
    lastDate: date('last_date', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.key] })],
);

/**
 * API usage of a market-data provider per UTC day (EODHD resets its daily limit at midnight GMT):
 * requests made and API calls spent, summed over every run. The refresh keeps the day's calls under
 * EODHD_DAILY_CALL_BUDGET; /admin/operations shows them.
 */
export const providerUsage = pgTable(
  'provider_usage',
  {
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    requests: integer('requests').notNull().default(0),
    calls: integer('calls').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.provider] })],
);

/**
 * Issue 37: a price a user typed for an instrument outside the universe, dated; that user's alone
 * (it values only that user's holdings, never another user's).
 */
export const userInstrumentPrices = pgTable(
  'user_instrument_prices',
  {
    userUid: text('user_uid')
      .notNull()
      .references(() => users.uid, { onDelete: 'cascade' }),
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    price: numeric('price', { precision: 28, scale: 10 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userUid, t.tickerId, t.date] })],
);

/**
 * Cash dividends per share (issue 41), one row per ticker and ex-date, from the market-data
 * provider (refreshed with the prices; see server/services/market/marketDividends.ts). `amount`
 * per share in `currency` (the company's payment currency); `pay_date` null when the provider does
 * not know it. A row whose ex-date is after the newest session is an announced dividend.
 */
export const dividends = pgTable(
  'dividends',
  {
    tickerId: integer('ticker_id')
      .notNull()
      .references(() => tickers.id, { onDelete: 'cascade' }),
    exDate: date('ex_date', { mode: 'string' }).notNull(),
    payDate: date('pay_date', { mode: 'string' }),
    amount: doublePrecision('amount').notNull(),
    currency: text('currency').notNull(),
    /** The provider that wrote the row ('demo', 'eodhd'): the UI labels demo dividends. */
    source: text('source').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tickerId, t.exDate] }), index('dividends_ex_date_idx').on(t.exDate)],
);
