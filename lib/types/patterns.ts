import type { MarketId, Timeframe } from '@/lib/constants';
import type { PatternDirection, PatternKind, PatternStatus } from '@/lib/patterns';

/** A point of a chart pattern (a pivot, or an end of one of its lines). */
export interface PatternPointDto {
  date: string;
  price: number;
}

/**
 * A chart pattern of one timeframe (issue 42), as analysis.patterns returns it. Prices in the
 * ticker's currency; `breakout_level` is the breakout line on the breakout session (before one: on
 * the last session); `target` the measured move from it; `target_zone` from the target to the same
 * height projected from the breakout session's close.
 */
export interface PatternDto {
  kind: PatternKind;
  direction: PatternDirection;
  status: PatternStatus;
  start: string;
  end: string;
  points: PatternPointDto[];
  confirmed_date: string;
  breakout_level: number;
  breakout_date: string | null;
  volume_confirmed: boolean | null;
  failed_date: string | null;
  height: number;
  target: number;
  target_zone: [number, number];
  invalidation: number;
  /** The breakout line, then the other line (if any), each from and to a session. */
  lines: Array<{ from: PatternPointDto; to: PatternPointDto }>;
  /** Forming, or completed or failed within the last 22 sessions. */
  active: boolean;
}

/** The active patterns of a list item: what the list filters and the signals page read. */
export interface ListPatternDto {
  kind: PatternKind;
  direction: PatternDirection;
  status: PatternStatus;
  breakout_date: string | null;
  target: number;
  target_zone: [number, number];
  invalidation: number;
}

/** One pattern kind's record on a market (fractions: 0.05 = 5 %). */
export interface PatternRecordRowDto {
  kind: PatternKind;
  count: number;
  /** Of the completed patterns decided so far, the share that reached the target before the invalidation. */
  reached_target_share: number | null;
  median_excess_22: number | null;
  median_excess_66: number | null;
}

/** GET /api/v1/signals/pattern-record?countryID=&timeframe=: the record per pattern kind (issue 42). */
export interface MarketPatternRecordResponse {
  country_id: MarketId;
  timeframe: Timeframe;
  /** The newest session of the market's stocks. */
  through: string | null;
  tickers: number;
  /** The market's prices come from the demo generator (random walks: no edge expected). */
  demo: boolean;
  /** One row per kind, in PATTERN_KINDS order. */
  rows: PatternRecordRowDto[];
}
