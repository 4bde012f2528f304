/**
 * Parameters of the analysis engine (DESIGN.md §6). The window lengths and risk breakpoints are the
 * product's definitions; the trend-channel and support/resistance tuning below them is ours, named
 * here so that the help pages and the tests can quote the same numbers.
 */
import type { Timeframe } from '@/lib/constants';

/** Wilder RSI period. */
export const RSI_PERIOD = 14;
/** RSI reported when there are too few closes for one full period (fewer than RSI_PERIOD + 1). */
export const RSI_NEUTRAL = 50;

/** volbal_N windows: the volume component uses one per timeframe (1 -> 5, 2 -> 22, 3 -> 66). */
export const VOLUME_BALANCE_SESSIONS: Record<Timeframe, number> = { 1: 5, 2: 22, 3: 66 };

/** Volatility: mean (max high - min low) / min low over every 22-session window of the last 395. */
export const VOLATILITY_WINDOW_SESSIONS = 22;
export const VOLATILITY_LOOKBACK_SESSIONS = 395;
/** volatility_risk: 1 below 10 %, 2 below 20 %, 3 below 40 %, 4 from 40 %. */
export const VOLATILITY_MEDIUM_FROM_PCT = 10;
export const VOLATILITY_HIGH_FROM_PCT = 20;
export const VOLATILITY_EXTREME_FROM_PCT = 40;

/** Liquidity: mean close x volume over the last 66 sessions. */
export const TURNOVER_SESSIONS = 66;
/** liquidity_risk in USD: 1 above 1,000,000, 2 from 100,000, 3 from 1,000, 4 below 1,000. */
export const LIQUIDITY_LOW_ABOVE_USD = 1_000_000;
export const LIQUIDITY_MEDIUM_FROM_USD = 100_000;
export const LIQUIDITY_HIGH_FROM_USD = 1_000;

/** Trading sessions per year, used to annualise the channel slope. */
export const SESSIONS_PER_YEAR = 252;
/** A channel is rising at or above +5 %/yr, falling at or below -5 %/yr, else horizontal. */
export const TREND_FLAT_PCT_PER_YEAR = 5;
/** Slope (either way, %/yr) from which the trend component counts the direction at full strength. */
export const TREND_STRONG_PCT_PER_YEAR = 20;
/** Added to (subtracted from) the trend component when the last close is above (below) the channel. */
export const TREND_BREAKOUT_SCORE = 0.5;
/** Channel half-width in standard deviations of the log-close residuals. */
export const CHANNEL_SIGMAS = 2;
/** Evenly spaced candidate start points (plus the window's lowest and highest close). */
export const CHANNEL_CANDIDATES = 12;
/** The shortest candidate channel covers this share of the window, and at least CHANNEL_MIN_SESSIONS. */
export const CHANNEL_MIN_SHARE = 0.3;
export const CHANNEL_MIN_SESSIONS = 10;
/** Candidate score = r2 * W_R2 + inside * W_INSIDE + (length / window) * W_LENGTH - widthRatio * W_WIDTH. */
export const CHANNEL_WEIGHT_R2 = 0.4;
export const CHANNEL_WEIGHT_INSIDE = 0.2;
export const CHANNEL_WEIGHT_LENGTH = 0.2;
export const CHANNEL_WEIGHT_WIDTH = 0.2;
/** Cap on |annualised log slope| so that absurd series (1e-4 -> 1e6 in two sessions) stay finite. */
export const MAX_LOG_SLOPE_PER_YEAR = 20;

/** Pivot highs/lows must be the extreme of this many sessions on each side. */
export const PIVOT_SPAN: Record<Timeframe, number> = { 1: 3, 2: 5, 3: 8 };
/** "Recent" for a break through a level, in sessions. */
export const SR_RECENT_SESSIONS: Record<Timeframe, number> = { 1: 5, 2: 10, 3: 22 };
/** Levels shown on each side of the last close. */
export const SR_MAX_LEVELS = 3;
/** Pivots closer than the mean daily range (clamped to 0.5 %..5 %) form one level. */
export const SR_MIN_TOLERANCE = 0.005;
export const SR_MAX_TOLERANCE = 0.05;
/** A level needs this many touches before a close through it counts as a break. */
export const SR_MIN_BREAK_TOUCHES = 2;
/** "Far" from a level: more than this many cluster tolerances away. */
export const SR_FAR_TOLERANCES = 3;
export const SR_FAR_SCORE = 0.5;

/** Technical score weights (DESIGN.md §6). */
export const SCORE_WEIGHTS = { trend: 0.4, supportResistance: 0.2, momentum: 0.2, volume: 0.2 } as const;
/** Momentum component = clamp((RSI - 50) / 30). */
export const MOMENTUM_RSI_SCALE = 30;

// Chart patterns (issue 42). The pivots are the support/resistance pivots (PIVOT_SPAN per timeframe).
/**
 * A breakout is a close beyond the breakout line by at least 1 % of the line: a close that only
 * touches the line, or pokes through it by less than a typical day's noise on a liquid share, is
 * not a breakout (the common 1–3 % filter of the pattern literature; we take its lower end).
 */
export const PATTERN_BREAKOUT_TOLERANCE = 0.01;
/**
 * Two pivots are "at the same level" (the tops of a double top, the touches of a rectangle's line,
 * the flat side of a triangle) when they differ by at most 3 % of the lower one (Bulkowski's usual
 * limit for the tops of a double top). A head must stand out from its shoulders, and a triangle's
 * sloping side must rise or fall, by more than this.
 */
export const PATTERN_LEVEL_TOLERANCE = 0.03;
/** The shoulders of a head-and-shoulders may differ by up to 5 % (they are rarely level). */
export const PATTERN_SHOULDER_TOLERANCE = 0.05;
/** The neckline's two lows (highs) may differ by up to 5 %: a steeper neckline is a different shape. */
export const PATTERN_NECKLINE_TOLERANCE = 0.05;
/**
 * The pattern's height must be at least 3 % of its breakout line: a smaller pattern's target lies
 * within one or two days' ordinary range and says nothing.
 */
export const PATTERN_MIN_HEIGHT = 0.03;
/**
 * A pattern spans at least 4 pivot spans from its first to its last point (20 sessions on the medium
 * timeframe): shorter shapes are a few days' noise, not a formation.
 */
export const PATTERN_MIN_LENGTH_SPANS = 4;
/**
 * A forming pattern waits for its breakout at most as long as it took to form (its first to last
 * point) after it is confirmed; then it has expired and is no longer reported (a triangle also
 * expires at its apex).
 */
export const PATTERN_WAIT_FACTOR = 1;
/** Breakout volume counts as confirmation when above the mean volume of the 22 sessions before it. */
export const PATTERN_VOLUME_SESSIONS = 22;
/**
 * A completed pattern is an active signal (score card, list filter, alerts) for this many sessions
 * after its breakout, like a recent break through support or resistance.
 */
export const PATTERN_ACTIVE_SESSIONS = 22;
