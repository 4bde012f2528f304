/** @jest-environment node */
import {
  patternOutcomes,
  summarizePatternOutcomes,
  type PatternOutcome,
} from '@/server/domain/patternTrackRecord';
import { PATTERN_KINDS } from '@/lib/patterns';

const dateOf = (i: number) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);

describe('patternOutcomes', () => {
  it('follows a completed double top to its target and measures it against the index', () => {
    // The textbook double top (span 2): tops 100 @4 and @12, valley 90 @8, down 2.5 a session to
    // 90 @16, 88 @17 (the breakout; target 80, invalidation 100). Then 86 84 82 80: the low reaches
    // the target @21, before any close above 100. Flat at 80 to @83 (66 sessions after @17).
    const closes: number[] = [];
    const anchors: Array<[number, number]> = [
      [0, 90],
      [4, 100],
      [8, 90],
      [12, 100],
      [16, 90],
    ];
    for (let k = 0; k + 1 < anchors.length; k++) {
      const [i0, p0] = anchors[k];
      const [i1, p1] = anchors[k + 1];
      for (let i = i0; i < i1; i++) closes.push(p0 + ((p1 - p0) * (i - i0)) / (i1 - i0));
    }
    closes.push(90, 88, 86, 84, 82, 80);
    while (closes.length < 84) closes.push(80);
    const bars = closes.map((c, i) => ({
      date: dateOf(i),
      open: c,
      high: c,
      low: c,
      close: c,
      volume: 1000,
    }));
    // The index: 100 up to @17, 110 after: +10 % over both horizons.
    const index = { dates: bars.map((b) => b.date), close: bars.map((_, i) => (i <= 17 ? 100 : 110)) };
    const [outcome, ...rest] = patternOutcomes(bars, index, 2);
    expect(rest).toEqual([]);
    // 80 / 88 - 1 = -1/11 = -0.0909…; minus the index's +0.1 = -0.1909…
    expect(outcome).toMatchObject({
      kind: 'double_top',
      direction: 'sell',
      breakoutDate: dateOf(17),
      reachedTarget: true,
    });
    expect(outcome.excess22).toBeCloseTo(-1 / 11 - 0.1, 10);
    expect(outcome.excess66).toBeCloseTo(-1 / 11 - 0.1, 10);
    // Cut at @38 (21 sessions after the breakout): no 22-session figure yet; no index, no excess.
    expect(patternOutcomes(bars.slice(0, 39), index, 2)[0].excess22).toBeNull();
    expect(patternOutcomes(bars, null, 2)[0].excess22).toBeNull();
  });
});

describe('summarizePatternOutcomes', () => {
  it('has a row for every kind, count 0 where none, the share of decided ones and the medians', () => {
    const o = (
      reachedTarget: boolean | null,
      excess22: number | null,
      excess66: number | null,
    ): PatternOutcome => ({
      kind: 'rectangle',
      direction: 'buy',
      breakoutDate: '2026-01-01',
      reachedTarget,
      excess22,
      excess66,
    });
    const rows = summarizePatternOutcomes([
      o(true, 0.05, 0.1),
      o(false, -0.02, null),
      o(true, 0.01, 0.3),
      o(null, null, null),
    ]);
    expect(rows.map((r) => r.kind)).toEqual([...PATTERN_KINDS]);
    const rect = rows.find((r) => r.kind === 'rectangle')!;
    // 4 completed; 3 decided, 2 reached -> 2/3; median of -0.02, 0.01, 0.05 = 0.01; of 0.1, 0.3 = 0.2.
    expect(rect.count).toBe(4);
    expect(rect.reachedTargetShare).toBeCloseTo(2 / 3, 12);
    expect(rect.medianExcess22).toBeCloseTo(0.01, 12);
    expect(rect.medianExcess66).toBeCloseTo(0.2, 12);
    expect(rows.find((r) => r.kind === 'double_top')).toEqual({
      kind: 'double_top',
      count: 0,
      reachedTargetShare: null,
      medianExcess22: null,
      medianExcess66: null,
    });
  });
});
