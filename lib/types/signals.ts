import type { MarketId, Signal, Timeframe } from '@/lib/constants';
import type { PatternDirection, PatternKind } from '@/lib/patterns';

/** One change to buy or sell (GET /api/v1/ticker/{id}/track-record). Returns are fractions. */
export interface TrackRecordEntryDto {
  date: string;
  signal: Exclude<Signal, 'hold'>;
  close: number;
  return_22: number | null;
  return_66: number | null;
  index_return_22: number | null;
  index_return_66: number | null;
}

export interface HorizonSummaryDto {
  /** Signals whose horizon has passed. */
  evaluated: number;
  /** Share of those whose return beat the index's over the same sessions (null when none). */
  beat_index_share: number | null;
  /**
   * Issue 25: share of those where the signal was right in its own direction (a buy rose more than
   * the index, a sell fell more than it); null when none.
   */
  right_share: number | null;
  /** Median of stock return minus index return (null when none). */
  median_excess_return: number | null;
}

export interface SideSummaryDto {
  count: number;
  after_22: HorizonSummaryDto;
  after_66: HorizonSummaryDto;
}

export interface TrackRecordSummaryDto {
  buy: SideSummaryDto;
  sell: SideSummaryDto;
}

export interface TrackRecordResponse {
  ticker_id: number;
  timeframe: Timeframe;
  /** The last session the record covers (null before the first sync). */
  through: string | null;
  entries: TrackRecordEntryDto[];
  summary: TrackRecordSummaryDto;
  /** Issue 25: the market's prices come from the demo generator (random walks: no edge expected). */
  demo: boolean;
}

/** GET /api/v1/signals/track-record?countryID=&timeframe=: the market's record over 1, 3 and 5 years. */
export interface MarketTrackRecordResponse {
  country_id: MarketId;
  timeframe: Timeframe;
  through: string | null;
  tickers: number;
  /** Issue 25: the market's prices come from the demo generator (random walks: no edge expected). */
  demo: boolean;
  periods: { years: number; since: string; summary: TrackRecordSummaryDto }[];
}

/** What changed on a ticker in one session (a notification's `changes`). */
export interface SignalChangeDto {
  /** 'overall' or 2 (medium term). */
  timeframe: 'overall' | Timeframe;
  previous_signal: Signal;
  signal: Signal;
}

/** Issue 25: a price alert that triggered (a notification's change of kind 'price'). */
export interface PriceAlertChangeDto {
  kind: 'price';
  alert_id: number;
  direction: 'above' | 'below';
  price: number;
  /** The session's close that crossed the level. */
  close: number;
}

/**
 * Issue 41: a held share goes ex-dividend (a notification's change of kind 'ex_date'), for users
 * who turned the ex-date alerts on. `amount` per share in `currency` (the company's payment
 * currency); `quantity` the shares the user held before the ex-date, over all their portfolios.
 */
export interface ExDateChangeDto {
  kind: 'ex_date';
  ex_date: string;
  pay_date: string | null;
  amount: number;
  currency: string;
  quantity: number;
}

/**
 * Issue 42: a chart pattern completed (broke out) on a held or watched share, medium timeframe (a
 * notification's change of kind 'pattern'). Prices in the share's currency.
 */
export interface PatternChangeDto {
  kind: 'pattern';
  pattern: PatternKind;
  direction: PatternDirection;
  breakout_date: string;
  target_zone: [number, number];
  invalidation: number;
}

/** One line of a notification: a signal change, a triggered price alert, an ex-date or a pattern. */
export type NotificationChangeDto =
  SignalChangeDto | PriceAlertChangeDto | ExDateChangeDto | PatternChangeDto;

export function isPriceAlertChange(c: NotificationChangeDto): c is PriceAlertChangeDto {
  return 'kind' in c && c.kind === 'price';
}

export function isExDateChange(c: NotificationChangeDto): c is ExDateChangeDto {
  return 'kind' in c && c.kind === 'ex_date';
}

export function isPatternChange(c: NotificationChangeDto): c is PatternChangeDto {
  return 'kind' in c && c.kind === 'pattern';
}

export function isSignalChange(c: NotificationChangeDto): c is SignalChangeDto {
  return !('kind' in c);
}

/** A key that is the same for the same line (the repeat check of a notification's lines). */
export function changeKey(c: NotificationChangeDto): string {
  if (isPriceAlertChange(c)) return `price:${c.alert_id}`;
  if (isExDateChange(c)) return `ex_date:${c.ex_date}`;
  if (isPatternChange(c)) return `pattern:${c.pattern}:${c.breakout_date}`;
  return `signal:${c.timeframe}`;
}

/** GET /api/v1/notifications. */
export interface NotificationDto {
  id: number;
  ticker_id: number;
  symbol: string;
  long_name: string;
  country_id: MarketId;
  session: string;
  changes: NotificationChangeDto[];
  read: boolean;
  created_at: string;
}

export interface NotificationListResponse {
  items: NotificationDto[];
  unread: number;
}

/** GET/PUT /api/v1/notifications/settings. */
export interface NotificationSettingsDto {
  in_app: boolean;
  email: boolean;
}
