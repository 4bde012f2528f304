import type { MarketId, OsloSegment, RiskClass, Signal, Timeframe } from '@/lib/constants';
import type { ListPatternDto, PatternDto } from './patterns';

/** One daily session. `date` is an ISO calendar date (YYYY-MM-DD), prices in the ticker's currency. */
export interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A row of tickers/list and indexes/list (DESIGN.md §5), as the API returns it. */
export interface TickerListItem {
  ticker_id: number;
  symbol: string;
  long_name: string;
  img: string;
  country_id: MarketId;
  currency: 'NOK' | 'USD';
  close: number;
  change_pct: number;
  date: string;
  technical_score: number;
  signal: Signal;
  rsi: number;
  volbal_22: number;
  liquidity_risk: RiskClass;
  volatility_risk: RiskClass;
  /** Issue 28: the Oslo share's Euronext segment (null: US share, index, or not known). */
  segment: OsloSegment | null;
  /** Our addition: the signal one session earlier (null when there was no earlier session). */
  previous_signal: Signal | null;
  /** Our addition: the last session's close × volume in the ticker's currency (0 for indexes). */
  turnover: number;
  /** Issue 25: the timeframe's early-warning levels (see TickerAnalysisDto.early_warning). */
  early_warning: EarlyWarningDto;
  /** Issue 42: the timeframe's active chart patterns (forming, or completed/failed in the last 22 sessions). */
  patterns: ListPatternDto[];
}

/** GET /api/v1/tickers/list. */
export interface TickerListResponse {
  items: TickerListItem[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/v1/indexes/list. */
export interface IndexListResponse {
  items: TickerListItem[];
}

/** GET /api/v1/tickers/homeDashboard/{marketId} (DESIGN.md §5). Lists hold at most 5 rows. */
export interface HomeDashboard {
  /** The requested index (default: the market's main index) with one year of bars. */
  index: TickerListItem & { bars: Bar[] };
  /** How many of the market's stocks have each signal in the timeframe (default 2). */
  signal_counts: { buy: number; hold: number; sell: number };
  /** Highest technical scores among the buy signals. */
  top_buy: TickerListItem[];
  /** Lowest technical scores among the sell signals. */
  top_sell: TickerListItem[];
  /** Largest rises in the last session (change_pct > 0 only). */
  gainers: TickerListItem[];
  /** Largest falls in the last session (change_pct < 0 only). */
  losers: TickerListItem[];
  /** Highest turnover (close × volume) in the last session. */
  most_active: TickerListItem[];
  /** The newest session date of the market's analysis. */
  as_of: string;
  /** Our addition: true when the market's data comes from the built-in demo generator. */
  demo: boolean;
}

export type TrendDirection = 'rising' | 'falling' | 'horizontal';

export interface TickerAnalysisDto {
  timeframe: Timeframe;
  technical_score: number;
  signal: Signal;
  components: { trend: number; support_resistance: number; momentum: number; volume: number };
  rsi: number;
  volbal_5: number;
  volbal_22: number;
  volbal_66: number;
  volatility_pct: number;
  volatility_risk: RiskClass;
  turnover_avg_66: number;
  liquidity_risk: RiskClass;
  trend: {
    direction: TrendDirection;
    from: string;
    to: string;
    lower: [number, number];
    upper: [number, number];
    slope_pct_per_year: number;
  };
  supports: number[];
  resistances: number[];
  /**
   * Issue 25: the next session's closes at which this timeframe's signal would become buy / sell,
   * all else equal (null: no close within ±25 % of the last does it; null for both on snapshots
   * computed before the levels existed).
   */
  early_warning: EarlyWarningDto;
  /** Issue 42: the chart patterns of the timeframe's window (empty on snapshots from before them). */
  patterns: PatternDto[];
}

export interface EarlyWarningDto {
  buy_above: number | null;
  sell_below: number | null;
}

export interface TickerDetail {
  ticker_id: number;
  symbol: string;
  long_name: string;
  img: string;
  country_id: MarketId;
  currency: 'NOK' | 'USD';
  exchange: string;
  last: { date: string; close: number; change_pct: number; volume: number };
  bars: Bar[];
  analysis: TickerAnalysisDto;
  scores: { '1': number; '2': number; '3': number; overall: number };
  /** Our addition: true when the market's prices come from the built-in demo generator (issue 39 item 7). */
  demo: boolean;
}

export interface TickerSuggestion {
  ticker_id: number;
  long_name: string;
  symbol: string;
  img: string;
  country_id: MarketId;
  /**
   * The day the exchange stopped listing the share (the universe sync), else null. A delisted share
   * stays findable and readable (portfolios hold it) and the search marks it as delisted.
   */
  delisted_on: string | null;
}
