import { TIMEFRAME_SESSIONS } from '@/lib/constants';
import type { Timeframe } from '@/lib/constants';

import { PIVOT_SPAN, SR_RECENT_SESSIONS } from './constants';
import { scoreMomentum, scoreSupportResistance, scoreTimeframe, scoreTrend } from './score';
import type { ScoreComponents } from './score';
import { takeLastSessions } from './series';
import type { PriceSeries } from './series';
import { findSupportResistance } from './supportResistance';
import type { SupportResistance } from './supportResistance';
import { fitTrendChannel } from './trendChannel';
import type { TrendChannel } from './trendChannel';

/**
 * The technical score of one timeframe at the series' last session, given the RSI and the
 * timeframe's volume balance at that session: the one scoring path (analyzeTicker and the
 * early-warning search both call it).
 */
export function scoreTimeframeWindow(
  series: PriceSeries,
  timeframe: Timeframe,
  rsi: number,
  volumeBalance: number,
): { channel: TrendChannel; sr: SupportResistance; components: ScoreComponents; technicalScore: number } {
  const window = takeLastSessions(series, TIMEFRAME_SESSIONS[timeframe]);
  const channel = fitTrendChannel(window.close, window.dates);
  const sr = findSupportResistance(window.high, window.low, window.close, PIVOT_SPAN[timeframe]);
  const components: ScoreComponents = {
    trend: scoreTrend(channel),
    supportResistance: scoreSupportResistance(window.close, sr, SR_RECENT_SESSIONS[timeframe]),
    momentum: scoreMomentum(rsi),
    volume: volumeBalance,
  };
  return { channel, sr, components, technicalScore: scoreTimeframe(components) };
}
