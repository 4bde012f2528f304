/**
 * Chart patterns (issue 42): head-and-shoulders and its inverse, double tops and bottoms, rectangles
 * and ascending, descending and symmetric triangles, found in the turning points (pivots) the
 * support/resistance levels are built from. Pure: a series in, plain objects out.
 *
 * How a pattern is found, and why it never looks ahead:
 * - Pivots are the support/resistance pivots (`isPivot`, PIVOT_SPAN per timeframe). A pivot at session
 *   i is known at session i + span (its confirmation), when the span sessions after it exist.
 * - The pivots, in session order, are reduced to a zigzag of alternating highs and lows: a pivot on
 *   the same side as the zigzag's last point replaces it when more extreme, else is ignored.
 * - Whenever a pivot becomes the zigzag's last point, the last 5, then 4, then 3 zigzag points are
 *   matched against the templates (5: head-and-shoulders; 4: rectangle and triangles; 3: double top
 *   or bottom); the first that fits is a candidate, known from that pivot's confirmation session.
 * - A candidate that shares a point with an earlier pattern still unresolved at that session replaces
 *   it when it has more points (a double top grown into a head-and-shoulders), else is dropped.
 * - From its confirmation session on, each close is checked: beyond the breakout line by
 *   PATTERN_BREAKOUT_TOLERANCE -> completed; beyond the invalidation -> failed; neither within the
 *   waiting time -> expired (not reported); neither by the last session -> forming.
 * Every decision about a pattern uses only the sessions up to the one where it is made, so the
 * patterns completed by session t are the same whatever sessions follow t (a property test).
 *
 * The target is the measured move: the pattern's height (head to neckline, top to valley, line to
 * line, a triangle's widest part at its first point) projected from the breakout line's level on the
 * breakout session, in the breakout's direction. Rectangles and symmetric triangles are continuation
 * patterns: their direction is the way price entered them (a first point that is a high: price rose
 * into it -> buy), and a close through the other line first counts as failed.
 */
import type { PatternDirection, PatternKind, PatternStatus } from '@/lib/patterns';
import {
  PATTERN_BREAKOUT_TOLERANCE,
  PATTERN_LEVEL_TOLERANCE,
  PATTERN_MIN_HEIGHT,
  PATTERN_MIN_LENGTH_SPANS,
  PATTERN_NECKLINE_TOLERANCE,
  PATTERN_SHOULDER_TOLERANCE,
  PATTERN_VOLUME_SESSIONS,
  PATTERN_WAIT_FACTOR,
} from './constants';
import { isPivot } from './supportResistance';

/** The sessions a pattern is detected on (a PriceSeries or a window of it satisfies this). */
export interface PatternSeries {
  readonly length: number;
  readonly dates: readonly string[];
  readonly high: ArrayLike<number>;
  readonly low: ArrayLike<number>;
  readonly close: ArrayLike<number>;
  readonly volume: ArrayLike<number>;
}

export interface PatternPoint {
  /** Session index in the input. */
  index: number;
  date: string;
  price: number;
}

/** A straight line between two sessions, drawn and extended in price (not log price). */
export interface PatternLine {
  from: PatternPoint;
  to: PatternPoint;
}

export interface ChartPattern {
  kind: PatternKind;
  direction: PatternDirection;
  status: PatternStatus;
  /** Dates of the first and last point. */
  start: string;
  end: string;
  points: PatternPoint[];
  /** The session the pattern became known (its last point's confirmation). */
  confirmedDate: string;
  /** The breakout line's level on the breakout session (forming or failed: on the last session checked). */
  breakoutLevel: number;
  breakoutDate: string | null;
  /** Breakout volume above the mean of the PATTERN_VOLUME_SESSIONS before it (null: no breakout). */
  volumeConfirmed: boolean | null;
  /** The session a close went through the invalidation before any breakout. */
  failedDate: string | null;
  /** The measured-move height and the target it gives from the breakout level. */
  height: number;
  target: number;
  /**
   * The target zone: from the textbook target to the same height projected from the breakout
   * session's close (both ends equal before a breakout).
   */
  targetZone: [number, number];
  invalidation: number;
  /** The breakout line and the other line (neckline only for head-and-shoulders), for drawing. */
  lines: PatternLine[];
}

interface ZigzagPoint {
  index: number;
  price: number;
  side: 1 | -1;
}

/** A straight line through (i0, p0) and (i1, p1), valued at any session index. */
class Line {
  constructor(
    readonly i0: number,
    readonly p0: number,
    readonly i1: number,
    readonly p1: number,
  ) {}
  static flat(i0: number, i1: number, price: number): Line {
    return new Line(i0, price, i1, price);
  }
  at(i: number): number {
    return this.i1 === this.i0
      ? this.p0
      : this.p0 + ((this.p1 - this.p0) * (i - this.i0)) / (this.i1 - this.i0);
  }
}

/** What a template makes of the zigzag points it fits. */
interface Shape {
  kind: PatternKind;
  direction: PatternDirection;
  points: ZigzagPoint[];
  breakLine: Line;
  otherLine: Line | null;
  height: number;
  invalidation: number;
  /** Session index after which the lines have met (triangles), else Infinity. */
  apex: number;
}

/** An accepted candidate with its resolution. */
interface Tracked {
  shape: Shape;
  confirmed: number;
  /** The session of the breakout, the failure or the expiry; null while forming at the last session. */
  resolvedAt: number | null;
  status: PatternStatus | 'expired';
}

const within = (a: number, b: number, tolerance: number) => Math.abs(a - b) <= tolerance * Math.min(a, b);

/**
 * The chart patterns of a series (ascending sessions, positive prices) with pivots of `pivotSpan`
 * sessions, in the order they became known; expired patterns are left out.
 */
export function detectPatterns(series: PatternSeries, pivotSpan: number): ChartPattern[] {
  const n = series.length;
  const zigzag: ZigzagPoint[] = [];
  const tracked: Tracked[] = [];

  for (let i = pivotSpan; i < n - pivotSpan; i++) {
    // A session's high before its low, as findPivots orders them.
    if (isPivot(series.high, i, pivotSpan, 1)) addPivot({ index: i, price: series.high[i], side: 1 });
    if (isPivot(series.low, i, pivotSpan, -1)) addPivot({ index: i, price: series.low[i], side: -1 });
  }

  function addPivot(pivot: ZigzagPoint): void {
    const last = zigzag[zigzag.length - 1];
    if (last && last.side === pivot.side) {
      if (pivot.price * pivot.side <= last.price * last.side) return;
      zigzag[zigzag.length - 1] = pivot;
    } else {
      zigzag.push(pivot);
    }
    const shape = matchShape(zigzag, pivotSpan);
    if (shape === null) return;
    const confirmed = pivot.index + pivotSpan;
    const indexes = new Set(shape.points.map((p) => p.index));
    // Earlier patterns still open at this session that share a point with the candidate.
    const rivals = tracked.filter(
      (earlier) =>
        (earlier.resolvedAt === null || earlier.resolvedAt > confirmed) &&
        earlier.shape.points.some((p) => indexes.has(p.index)),
    );
    if (rivals.some((earlier) => earlier.shape.points.length >= shape.points.length)) return;
    for (const rival of rivals) tracked.splice(tracked.indexOf(rival), 1);
    tracked.push(resolve(series, shape, confirmed));
  }

  return tracked.filter((t) => t.status !== 'expired').map((t) => toPattern(series, t));
}

/** The first template (5, then 4, then 3 points) that the zigzag's last points fit, else null. */
function matchShape(zigzag: readonly ZigzagPoint[], span: number): Shape | null {
  for (const count of [5, 4, 3]) {
    if (zigzag.length < count) continue;
    const points = zigzag.slice(zigzag.length - count);
    if (points[count - 1].index - points[0].index < PATTERN_MIN_LENGTH_SPANS * span) continue;
    const shape =
      count === 5 ? headAndShoulders(points) : count === 4 ? fourPointShape(points) : doubleTopBottom(points);
    if (shape !== null && shape.height >= PATTERN_MIN_HEIGHT * shape.breakLine.at(points[count - 1].index)) {
      return shape;
    }
  }
  return null;
}

/** Shoulder, neckline point, head, neckline point, shoulder (highs for the top, lows for the inverse). */
function headAndShoulders(points: ZigzagPoint[]): Shape | null {
  const [ls, n1, head, n2, rs] = points;
  const side = head.side;
  // In "side" terms (prices times side), the head is the most extreme by more than the level tolerance.
  const standsOut = (shoulder: ZigzagPoint) =>
    side === 1
      ? head.price > shoulder.price * (1 + PATTERN_LEVEL_TOLERANCE)
      : head.price < shoulder.price * (1 - PATTERN_LEVEL_TOLERANCE);
  if (!standsOut(ls) || !standsOut(rs)) return null;
  if (!within(ls.price, rs.price, PATTERN_SHOULDER_TOLERANCE)) return null;
  if (!within(n1.price, n2.price, PATTERN_NECKLINE_TOLERANCE)) return null;
  const neckline = new Line(n1.index, n1.price, n2.index, n2.price);
  // Both shoulders lie beyond the neckline on the head's side.
  if ((ls.price - neckline.at(ls.index)) * side <= 0 || (rs.price - neckline.at(rs.index)) * side <= 0)
    return null;
  return {
    kind: side === 1 ? 'head_and_shoulders' : 'inverse_head_and_shoulders',
    direction: side === 1 ? 'sell' : 'buy',
    points,
    breakLine: neckline,
    otherLine: null,
    height: Math.abs(head.price - neckline.at(head.index)),
    invalidation: rs.price,
    apex: Number.POSITIVE_INFINITY,
  };
}

/** Top, valley, top (double top) or bottom, peak, bottom (double bottom). */
function doubleTopBottom(points: ZigzagPoint[]): Shape | null {
  const [first, middle, second] = points;
  if (!within(first.price, second.price, PATTERN_LEVEL_TOLERANCE)) return null;
  const top = first.side === 1;
  const extreme = top ? Math.max(first.price, second.price) : Math.min(first.price, second.price);
  return {
    kind: top ? 'double_top' : 'double_bottom',
    direction: top ? 'sell' : 'buy',
    points,
    breakLine: Line.flat(middle.index, second.index, middle.price),
    otherLine: null,
    height: Math.abs(extreme - middle.price),
    invalidation: extreme,
    apex: Number.POSITIVE_INFINITY,
  };
}

/** Two highs and two lows, alternating: a rectangle or one of the three triangles. */
function fourPointShape(points: ZigzagPoint[]): Shape | null {
  const highs = points.filter((p) => p.side === 1);
  const lows = points.filter((p) => p.side === -1);
  const [h1, h2] = highs;
  const [l1, l2] = lows;
  const first = points[0];
  const last = points[3];
  const flatHighs = within(h1.price, h2.price, PATTERN_LEVEL_TOLERANCE);
  const flatLows = within(l1.price, l2.price, PATTERN_LEVEL_TOLERANCE);
  const risingLows = l2.price > l1.price * (1 + PATTERN_LEVEL_TOLERANCE);
  const fallingHighs = h2.price < h1.price * (1 - PATTERN_LEVEL_TOLERANCE);
  // Continuation patterns take the direction price entered them from.
  const entry: PatternDirection = first.side === 1 ? 'buy' : 'sell';
  const lastHigh = h2.price;
  const lastLow = l2.price;

  let kind: PatternKind;
  let upper: Line;
  let lower: Line;
  let direction: PatternDirection;
  if (flatHighs && flatLows) {
    kind = 'rectangle';
    upper = Line.flat(first.index, last.index, Math.max(h1.price, h2.price));
    lower = Line.flat(first.index, last.index, Math.min(l1.price, l2.price));
    direction = entry;
  } else if (flatHighs && risingLows) {
    kind = 'ascending_triangle';
    upper = Line.flat(first.index, last.index, Math.max(h1.price, h2.price));
    lower = new Line(l1.index, l1.price, l2.index, l2.price);
    direction = 'buy';
  } else if (flatLows && fallingHighs) {
    kind = 'descending_triangle';
    upper = new Line(h1.index, h1.price, h2.index, h2.price);
    lower = Line.flat(first.index, last.index, Math.min(l1.price, l2.price));
    direction = 'sell';
  } else if (fallingHighs && risingLows) {
    kind = 'symmetric_triangle';
    upper = new Line(h1.index, h1.price, h2.index, h2.price);
    lower = new Line(l1.index, l1.price, l2.index, l2.price);
    direction = entry;
  } else {
    return null;
  }
  const up = direction === 'buy';
  // Where converging lines meet; parallel (or diverging) lines have no apex.
  const gapSlope =
    upper.at(last.index + 1) - lower.at(last.index + 1) - (upper.at(last.index) - lower.at(last.index));
  const apex =
    gapSlope < 0
      ? last.index + (upper.at(last.index) - lower.at(last.index)) / -gapSlope
      : Number.POSITIVE_INFINITY;
  return {
    kind,
    direction,
    points,
    breakLine: up ? upper : lower,
    otherLine: up ? lower : upper,
    height: upper.at(first.index) - lower.at(first.index),
    // The other line's latest touch.
    invalidation: up
      ? kind === 'rectangle'
        ? lower.p0
        : lastLow
      : kind === 'rectangle'
        ? upper.p0
        : lastHigh,
    apex,
  };
}

/** Checks the closes from the confirmation session on: breakout, failure, expiry or still forming. */
function resolve(series: PatternSeries, shape: Shape, confirmed: number): Tracked {
  const { points } = shape;
  const length = points[points.length - 1].index - points[0].index;
  const expiry = Math.min(confirmed + PATTERN_WAIT_FACTOR * length, shape.apex);
  const up = shape.direction === 'buy';
  for (let i = confirmed; i < series.length; i++) {
    if (i > expiry) return { shape, confirmed, resolvedAt: i, status: 'expired' };
    const close = series.close[i];
    const level = shape.breakLine.at(i);
    if (
      up ? close > level * (1 + PATTERN_BREAKOUT_TOLERANCE) : close < level * (1 - PATTERN_BREAKOUT_TOLERANCE)
    ) {
      return { shape, confirmed, resolvedAt: i, status: 'completed' };
    }
    if (up ? close < shape.invalidation : close > shape.invalidation) {
      return { shape, confirmed, resolvedAt: i, status: 'failed' };
    }
  }
  return { shape, confirmed, resolvedAt: null, status: 'forming' };
}

function toPattern(series: PatternSeries, tracked: Tracked): ChartPattern {
  const { shape, resolvedAt, confirmed } = tracked;
  const status = tracked.status as PatternStatus;
  const point = (index: number, price: number): PatternPoint => ({ index, date: series.dates[index], price });
  const points = shape.points.map((p) => point(p.index, p.price));
  const sign = shape.direction === 'buy' ? 1 : -1;
  // The session the breakout level is read on: the breakout, else the last session checked.
  const levelAt = resolvedAt ?? series.length - 1;
  const breakoutLevel = shape.breakLine.at(levelAt);
  const target = breakoutLevel + sign * shape.height;
  const completed = status === 'completed' && resolvedAt !== null;
  const fromClose = completed ? series.close[resolvedAt] + sign * shape.height : target;
  const lineTo = Math.max(levelAt, points[points.length - 1].index);
  const draw = (line: Line): PatternLine => {
    const from = Math.min(line.i0, points[0].index);
    return { from: point(from, line.at(from)), to: point(lineTo, line.at(lineTo)) };
  };
  return {
    kind: shape.kind,
    direction: shape.direction,
    status,
    start: points[0].date,
    end: points[points.length - 1].date,
    points,
    confirmedDate: series.dates[confirmed],
    breakoutLevel,
    breakoutDate: completed ? series.dates[resolvedAt] : null,
    volumeConfirmed: completed ? volumeAboveAverage(series.volume, resolvedAt) : null,
    failedDate: status === 'failed' && resolvedAt !== null ? series.dates[resolvedAt] : null,
    height: shape.height,
    target,
    targetZone: [Math.min(target, fromClose), Math.max(target, fromClose)],
    invalidation: shape.invalidation,
    lines: [shape.breakLine, ...(shape.otherLine ? [shape.otherLine] : [])].map(draw),
  };
}

/** Volume of session i above the mean of the PATTERN_VOLUME_SESSIONS before it (false with none before). */
export function volumeAboveAverage(volume: ArrayLike<number>, i: number): boolean {
  const from = Math.max(0, i - PATTERN_VOLUME_SESSIONS);
  if (from >= i) return false;
  let sum = 0;
  for (let j = from; j < i; j++) sum += volume[j];
  return volume[i] > sum / (i - from);
}

/**
 * Whether a pattern still matters at the series' last session: forming, or completed or failed
 * within the last `activeSessions` sessions (`dates` are the series' dates).
 */
export function isPatternActive(
  pattern: ChartPattern,
  dates: readonly string[],
  activeSessions: number,
): boolean {
  if (pattern.status === 'forming') return true;
  const since = dates[Math.max(0, dates.length - activeSessions)];
  const event = pattern.breakoutDate ?? pattern.failedDate;
  return since !== undefined && event !== null && event >= since;
}
