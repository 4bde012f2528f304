/**
 * The analysis engine (DESIGN.md §6): pure functions from daily bars to scores and signals.
 * camelCase here; the service layer maps to the API's snake_case.
 */
import { signalForScore, TIMEFRAME_SESSIONS } from '@/lib/constants';
import type { RiskClass, Signal, Timeframe } from '@/lib/constants';
import type { Bar, TrendDirection } from '@/lib/types/market';
import { PATTERN_ACTIVE_SESSIONS, PIVOT_SPAN, VOLUME_BALANCE_SESSIONS } from './constants';
import { detectPatterns, isPatternActive, type ChartPattern } from './patterns';
import { classifyLiquidity, computeTurnover } from './liquidity';
import { computeRsi } from './rsi';
import { scoreOverall } from './score';
import { prepareSeries, takeLastSessions } from './series';
import type { PriceSeries } from './series';
import { scoreTimeframeWindow } from './timeframeScore';
import { classifyVolatility, computeVolatility } from './volatility';
import { computeVolumeBalance } from './volumeBalance';

export * from './constants';
export * from './earlyWarning';
export * from './timeframeScore';
export * from './earlyWarning';
export * from './liquidity';
export * from './patterns';
export * from './rsi';
export * from './score';
export * from './series';
export * from './supportResistance';
export * from './trendChannel';
export * from './volatility';
export * from './volumeBalance';

/** The figures that do not depend on the timeframe (all at the last session). */
interface TickerFigures {
  rsi: number;
  volbal5: number;
  volbal22: number;
  volbal66: number;
  volatilityPct: number;
  volatilityRisk: RiskClass;
  turnoverAvg66: number;
  liquidityRisk: RiskClass;
}

export interface TimeframeAnalysis extends TickerFigures {
  timeframe: Timeframe;
  technicalScore: number;
  signal: Signal;
  components: { trend: number; supportResistance: number; momentum: number; volume: number };
  trend: {
    direction: TrendDirection;
    from: string;
    to: string;
    lower: [number, number];
    upper: [number, number];
    slopePctPerYear: number;
  };
  supports: number[];
  resistances: number[];
  /** Chart patterns found in the timeframe's window (issue 42), `active` as isPatternActive says. */
  patterns: Array<ChartPattern & { active: boolean }>;
}

export interface TickerAnalysisResult {
  byTimeframe: Record<Timeframe, TimeframeAnalysis>;
  overall: number;
  overallSignal: Signal;
  last: { date: string; close: number; changePct: number; volume: number };
}

/**
 * Full analysis of one ticker for timeframes 1, 2 and 3 from its daily bars (ascending dates), or null
 * when no bar has volume > 0. `usdPerUnit` converts the ticker's currency to USD for liquidity_risk
 * (1 for USD tickers, 1 / USDNOK for NOK ones); it must be a positive finite number. With
 * `withPatterns: false` the timeframes' `patterns` are left empty (default: detected).
 */
export function analyzeTicker(
  bars: readonly Bar[],
  opts: { usdPerUnit: number; withPatterns?: boolean },
): TickerAnalysisResult | null {
  const { usdPerUnit } = opts;
  // Chart patterns (issue 42) are skipped when only the signals are wanted (previous_signal).
  const withPatterns = opts.withPatterns ?? true;
  if (!(usdPerUnit > 0 && Number.isFinite(usdPerUnit))) {
    throw new RangeError(`usdPerUnit must be a positive finite number, got ${usdPerUnit}`);
  }
  const series = prepareSeries(bars);
  if (series === null) return null;

  const { close, volume } = series;
  const n = series.length;
  const volatilityPct = computeVolatility(series.high, series.low);
  const turnoverAvg66 = computeTurnover(close, volume);
  const figures: TickerFigures = {
    rsi: computeRsi(close),
    volbal5: computeVolumeBalance(close, volume, VOLUME_BALANCE_SESSIONS[1]),
    volbal22: computeVolumeBalance(close, volume, VOLUME_BALANCE_SESSIONS[2]),
    volbal66: computeVolumeBalance(close, volume, VOLUME_BALANCE_SESSIONS[3]),
    volatilityPct,
    volatilityRisk: classifyVolatility(volatilityPct),
    turnoverAvg66,
    liquidityRisk: classifyLiquidity(turnoverAvg66 * usdPerUnit),
  };

  const byTimeframe: Record<Timeframe, TimeframeAnalysis> = {
    1: analyzeTimeframe(series, 1, figures, withPatterns),
    2: analyzeTimeframe(series, 2, figures, withPatterns),
    3: analyzeTimeframe(series, 3, figures, withPatterns),
  };
  const overall = scoreOverall({
    1: byTimeframe[1].technicalScore,
    2: byTimeframe[2].technicalScore,
    3: byTimeframe[3].technicalScore,
  });

  const lastClose = close[n - 1];
  const changePct = n > 1 ? (lastClose / close[n - 2] - 1) * 100 : 0;
  return {
    byTimeframe,
    overall,
    overallSignal: signalForScore(overall),
    last: { date: series.dates[n - 1], close: lastClose, changePct, volume: volume[n - 1] },
  };
}

function analyzeTimeframe(
  series: PriceSeries,
  timeframe: Timeframe,
  figures: TickerFigures,
  withPatterns: boolean,
): TimeframeAnalysis {
  const volume = timeframe === 1 ? figures.volbal5 : timeframe === 2 ? figures.volbal22 : figures.volbal66;
  const { channel, sr, components, technicalScore } = scoreTimeframeWindow(
    series,
    timeframe,
    figures.rsi,
    volume,
  );
  return {
    timeframe,
    technicalScore,
    signal: signalForScore(technicalScore),
    components,
    ...figures,
    trend: {
      direction: channel.direction,
      from: channel.from,
      to: channel.to,
      lower: channel.lower,
      upper: channel.upper,
      slopePctPerYear: channel.slopePctPerYear,
    },
    supports: sr.supports.map((level) => level.price),
    resistances: sr.resistances.map((level) => level.price),
    patterns: withPatterns ? windowPatterns(series, timeframe) : [],
  };
}

/** The chart patterns of the timeframe's window, with their pivots' span (issue 42). */
function windowPatterns(series: PriceSeries, timeframe: Timeframe): TimeframeAnalysis['patterns'] {
  const window = takeLastSessions(series, TIMEFRAME_SESSIONS[timeframe]);
  return detectPatterns(window, PIVOT_SPAN[timeframe]).map((p) => ({
    ...p,
    active: isPatternActive(p, window.dates, PATTERN_ACTIVE_SESSIONS),
  }));
}
