/**
 * The honest record per chart-pattern kind (issue 42): for every pattern a share completed, whether
 * the price reached the target before a close beyond the invalidation, and its return above the
 * market's index 22 and 66 sessions after the breakout. Pure.
 *
 * No look-ahead: detectPatterns on the whole history reports each completed pattern exactly as
 * detection on the data up to its breakout session does (the property test in
 * __tests__/server/domain/analysis/patterns-properties.test.ts), so one pass over the history gives
 * what a daily run would have seen, and the outcomes only read the sessions after the breakout.
 */
import { PATTERN_KINDS, type PatternDirection, type PatternKind } from '@/lib/patterns';
import type { Bar } from '@/lib/types/market';
import { detectPatterns } from './analysis/patterns';
import { prepareSeries } from './analysis/series';
import { closeOnOrBefore, type IndexCloses } from './trackRecord';

export interface PatternOutcome {
  kind: PatternKind;
  direction: PatternDirection;
  breakoutDate: string;
  /** true: a high (buy) or low (sell) reached the target first; false: a close went through the invalidation first; null: neither yet. */
  reachedTarget: boolean | null;
  /** close[b+h] / close[b] - 1 minus the index's return over the same sessions; null until then or without an index. */
  excess22: number | null;
  excess66: number | null;
}

/** The outcomes of the patterns one share completed, with pivots of `pivotSpan` sessions. */
export function patternOutcomes(
  bars: readonly Bar[],
  index: IndexCloses | null,
  pivotSpan: number,
): PatternOutcome[] {
  const series = prepareSeries(bars);
  if (series === null) return [];
  const at = new Map(series.dates.map((d, i) => [d, i]));
  const out: PatternOutcome[] = [];
  for (const p of detectPatterns(series, pivotSpan)) {
    if (p.status !== 'completed' || p.breakoutDate === null) continue;
    const b = at.get(p.breakoutDate)!;
    const up = p.direction === 'buy';
    let reachedTarget: boolean | null = null;
    for (let i = b + 1; i < series.length && reachedTarget === null; i++) {
      if (up ? series.high[i] >= p.target : series.low[i] <= p.target) reachedTarget = true;
      else if (up ? series.close[i] < p.invalidation : series.close[i] > p.invalidation)
        reachedTarget = false;
    }
    const excess = (h: number): number | null => {
      if (b + h >= series.length || index === null) return null;
      const i0 = closeOnOrBefore(index, series.dates[b]);
      const i1 = closeOnOrBefore(index, series.dates[b + h]);
      if (i0 === null || i1 === null || i0 <= 0) return null;
      return series.close[b + h] / series.close[b] - 1 - (i1 / i0 - 1);
    };
    out.push({
      kind: p.kind,
      direction: p.direction,
      breakoutDate: p.breakoutDate,
      reachedTarget,
      excess22: excess(22),
      excess66: excess(66),
    });
  }
  return out;
}

export interface PatternRecordRow {
  kind: PatternKind;
  /** Completed patterns. */
  count: number;
  /** Of those decided (target or invalidation reached), the share that reached the target first; null when none is decided. */
  reachedTargetShare: number | null;
  /** Median excess return over the index after 22 / 66 sessions (null: no pattern that old). */
  medianExcess22: number | null;
  medianExcess66: number | null;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** One row per pattern kind, in PATTERN_KINDS order (count 0 where none completed). */
export function summarizePatternOutcomes(outcomes: readonly PatternOutcome[]): PatternRecordRow[] {
  return PATTERN_KINDS.map((kind) => {
    const mine = outcomes.filter((o) => o.kind === kind);
    const decided = mine.filter((o) => o.reachedTarget !== null);
    return {
      kind,
      count: mine.length,
      reachedTargetShare:
        decided.length > 0 ? decided.filter((o) => o.reachedTarget).length / decided.length : null,
      medianExcess22: median(mine.flatMap((o) => (o.excess22 === null ? [] : [o.excess22]))),
      medianExcess66: median(mine.flatMap((o) => (o.excess66 === null ? [] : [o.excess66]))),
    };
  });
}
