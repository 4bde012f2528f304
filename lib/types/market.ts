import type { MarketId, RiskClass, Signal, Timeframe } from '@/lib/constants';

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
}

export interface TickerSuggestion {
  ticker_id: number;
  long_name: string;
  symbol: string;
  img: string;
  country_id: MarketId;
}
