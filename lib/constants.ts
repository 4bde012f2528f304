/**
 * Business constants from SPEC.md §3, §9 and DESIGN.md §5–§6. Every number the product relies on
 * lives here once; components, stores and server code import it from here.
 */

export const MARKET_OSLO = 160 as const;
export const MARKET_US = 226 as const;
export type MarketId = typeof MARKET_OSLO | typeof MARKET_US;
/** The currencies the markets trade in (and a portfolio's base currency). */
export type MarketCurrency = 'NOK' | 'USD';

export interface Market {
  id: MarketId;
  exchange: string;
  name: string;
  mainIndex: string;
  mainIndexTickerSymbol: string;
  currency: MarketCurrency;
  img: string;
}

export const MARKETS: readonly Market[] = [
  {
    id: MARKET_OSLO,
    exchange: 'OL',
    name: 'Oslo Børs',
    mainIndex: 'Hovedindeksen',
    mainIndexTickerSymbol: 'OSEBX.INDX',
    currency: 'NOK',
    img: '/img/markets/no.svg',
  },
  {
    id: MARKET_US,
    exchange: 'NASDAQ',
    name: 'US Stocks',
    mainIndex: 'NASDAQ 100',
    mainIndexTickerSymbol: 'NDX.INDX',
    currency: 'USD',
    img: '/img/markets/us.svg',
  },
] as const;

export const DEFAULT_MARKET: MarketId = MARKET_OSLO;

export function isMarketId(value: unknown): value is MarketId {
  return value === MARKET_OSLO || value === MARKET_US;
}

export function marketById(id: MarketId): Market {
  const market = MARKETS.find((m) => m.id === id);
  if (!market) throw new Error(`Unknown market ${id}`);
  return market;
}

/*
 * Market <-> currency, the one mapping: each market's `currency` in MARKETS above. Everything that
 * turns a market into a currency or a currency into a market asks these two functions.
 */

/** SPEC §3: currency is NOK when country_id is 160 (Oslo's currency in MARKETS), otherwise USD. */
export function currencyForCountry(countryId: number): MarketCurrency {
  return MARKETS.find((m) => m.id === countryId)?.currency ?? marketById(MARKET_US).currency;
}

/** The market that trades in `currency` (NOK: Oslo, USD: the US); null for any other currency. */
export function marketForCurrency(currency: string | null): MarketId | null {
  return MARKETS.find((m) => m.currency === currency)?.id ?? null;
}

/**
 * Issue 37: what an instrument is. The analysis universe holds shares; a user's instrument outside
 * it can be any of these (a fund's equity share feeds the tax rules).
 */
export const INSTRUMENT_KINDS = ['share', 'fund', 'etf', 'bond', 'other'] as const;
export type InstrumentKind = (typeof INSTRUMENT_KINDS)[number];

export function toInstrumentKind(value: string): InstrumentKind {
  return (INSTRUMENT_KINDS as readonly string[]).includes(value) ? (value as InstrumentKind) : 'other';
}

/** A stored currency column as a market currency (anything but USD reads as NOK, as stored). */
export function toMarketCurrency(value: string): MarketCurrency {
  return value === 'USD' ? 'USD' : 'NOK';
}

/**
 * Euronext's segments of Oslo Børs (issue 28): Euronext Oslo Børs (the main list), Euronext
 * Expand Oslo and Euronext Growth Oslo.
 */
export const OSLO_SEGMENTS = ['oslo_bors', 'expand', 'growth'] as const;
export type OsloSegment = (typeof OSLO_SEGMENTS)[number];

export function isOsloSegment(value: unknown): value is OsloSegment {
  return typeof value === 'string' && (OSLO_SEGMENTS as readonly string[]).includes(value);
}

export const TIMEFRAMES = [1, 2, 3] as const;
export type Timeframe = (typeof TIMEFRAMES)[number];
export const DEFAULT_TIMEFRAME: Timeframe = 2;
/** Sessions in each timeframe's window (DESIGN.md §5): 5 months, 18 months, 6 years. */
export const TIMEFRAME_SESSIONS: Record<Timeframe, number> = { 1: 105, 2: 395, 3: 1500 };

export function isTimeframe(value: unknown): value is Timeframe {
  return value === 1 || value === 2 || value === 3;
}

/** Signal thresholds (SPEC §7, §9). */
export const BUY_THRESHOLD = 0.5;
export const SELL_THRESHOLD = -0.5;
export type Signal = 'buy' | 'hold' | 'sell';

export function signalForScore(score: number): Signal {
  if (score >= BUY_THRESHOLD) return 'buy';
  if (score <= SELL_THRESHOLD) return 'sell';
  return 'hold';
}

/** Risk classes (DESIGN.md §6): 1 low, 2 medium, 3 high, 4 extreme. */
export type RiskClass = 1 | 2 | 3 | 4;

/** Languages (SPEC §3). */
export const LANGUAGE_NORWEGIAN = 160 as const;
export const LANGUAGE_ENGLISH = 1 as const;
export const LANGUAGES = [
  { id: LANGUAGE_NORWEGIAN, locale: 'nb', name: 'Norsk', codes: ['no', 'nb-NO', 'nn-NO', 'nb', 'nn'] },
  {
    id: LANGUAGE_ENGLISH,
    locale: 'en',
    name: 'English',
    codes: ['en', 'en-US', 'en-GB', 'en-AU', 'en-CA', 'en-NZ'],
  },
] as const;
export type Locale = (typeof LANGUAGES)[number]['locale'];
export const DEFAULT_LOCALE: Locale = 'nb';
export const LOCALES: readonly Locale[] = ['nb', 'en'];
/** Intl locale tags used for numbers, money and dates. */
export const INTL_LOCALE: Record<Locale, string> = { nb: 'nb-NO', en: 'en-US' };

/** Map a browser language code to one of our locales (SPEC §3); undefined when unsupported. */
export function localeForLanguageCode(code: string): Locale | undefined {
  const lower = code.trim().toLowerCase();
  for (const lang of LANGUAGES) {
    if (lang.codes.some((c) => c.toLowerCase() === lower)) return lang.locale;
  }
  return undefined;
}

/** Users (DESIGN.md §3): group 1 is the admin group. */
export const ADMIN_GROUP_ID = 1;
export const DEFAULT_GROUP_ID = 2;
export const SUBSCRIPTION_ACTIVE = 'active';

/** Portfolio calls carry this fixed custom header (SPEC §7, DESIGN.md §4). */
export const PORTFOLIO_HEADER_NAME = 'X-Requested-With';
export const PORTFOLIO_HEADER_VALUE = 'trendvakt';

/** Transaction events (DESIGN.md §5). */
export const EVENT_BUY = 1;
export const EVENT_SELL = 2;
export const EVENT_DIVIDEND = 3;
export const EVENT_SPLIT = 4;
/**
 * Cash events (issue 21): a deposit into and a withdrawal from the portfolio's cash. They carry no
 * ticker (`ticker_id` null), `quantity` 1 and `price` = the amount in the portfolio's base currency,
 * with an optional fee. Ids 7 and up are kept for corporate actions and cash interest/fees.
 */
export const EVENT_DEPOSIT = 5;
export const EVENT_WITHDRAWAL = 6;
/**
 * Corporate actions and cash rows of broker histories (issue 22). 7: capital returned on shares
 * held (quantity = shares, price = amount per share; reduces their cost, cash in). 8/9: an
 * exchange (merger, ticker change): the old security's shares out (cost carried, no gain) and the
 * new security's shares in at the carried cost (price = cost per share). 10/11: interest credited
 * to and fees or debit interest charged on the cash (no ticker, quantity 1, price = the amount).
 */
export const EVENT_CAPITAL_RETURN = 7;
export const EVENT_EXCHANGE_OUT = 8;
export const EVENT_EXCHANGE_IN = 9;
export const EVENT_INTEREST = 10;
export const EVENT_CASH_FEE = 11;
/** The events that concern one ticker's holding. */
export const TICKER_EVENT_IDS = [
  EVENT_BUY,
  EVENT_SELL,
  EVENT_DIVIDEND,
  EVENT_SPLIT,
  EVENT_CAPITAL_RETURN,
  EVENT_EXCHANGE_OUT,
  EVENT_EXCHANGE_IN,
] as const;
export type TickerEventId = (typeof TICKER_EVENT_IDS)[number];
/** The events that move only the portfolio's cash (no ticker). */
export const CASH_EVENT_IDS = [EVENT_DEPOSIT, EVENT_WITHDRAWAL, EVENT_INTEREST, EVENT_CASH_FEE] as const;
export type CashEventId = (typeof CASH_EVENT_IDS)[number];
export const EVENT_IDS = [...TICKER_EVENT_IDS, ...CASH_EVENT_IDS] as const;
export type EventId = (typeof EVENT_IDS)[number];

export function isCashEvent(eventId: number): eventId is CashEventId {
  return (CASH_EVENT_IDS as readonly number[]).includes(eventId);
}

/**
 * A portfolio's account type (issue 21): an ordinary account (gains and dividends taxed as they
 * occur) or an aksjesparekonto (ASK: taxed only on withdrawals above the deposits). What an ASK may
 * hold is the law's rule in lib/askEligibility.ts (the issuer's home state in the EEA, a regulated
 * market, equity funds above 80 % shares).
 */
export const ACCOUNT_TYPES = ['ordinary', 'ask'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** API limits (DESIGN.md §4). */
export const MAX_BODY_BYTES = 100 * 1024;
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 50;
export const AUTOCOMPLETE_LIMIT = 10;

/** UI constants (SPEC §9). */
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1540 } as const;
export const MESSAGE_AUTO_CLEAR_MS = 5000;
export const TOAST_AUTO_CLOSE_MS = 3000;
export const TOAST_POSITION = 'bottom-left' as const;
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;
export const PROFILE_MENU_TRANSITION_MS = 500;
export const SIDEBAR_HOVER_EXPAND_DELAY_MS = 100;
export const AUTOCOMPLETE_MAX_HEIGHT = '24rem';
export const LOGO_WIDTH = 58;
export const AUTH_TOKEN_SYNC_MAX_AGE_S = 300;
export const IMAGE_QUALITY_DEFAULT = 75;
/** The year Trendvakt started: the footer's year before the browser's clock is read (useCurrentYear). */
export const COPYRIGHT_YEAR = 2023;
/** The ten-colour chart palette (SPEC §9). */
export const CHART_PALETTE = [
  '#2c7be5',
  '#00d27a',
  '#e63757',
  '#f5803e',
  '#27bcfd',
  '#6f42c1',
  '#fdb022',
  '#0f9d58',
  '#d63384',
  '#748194',
] as const;
