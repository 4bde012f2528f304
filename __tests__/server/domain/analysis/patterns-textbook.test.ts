/** @jest-environment node */
import { detectPatterns, type ChartPattern, type PatternSeries } from '@/server/domain/analysis';
import type { PatternKind } from '@/lib/patterns';

/**
 * Hand-built textbook patterns. Every series is straight lines between anchor sessions (linear
 * interpolation of the close) followed by explicit closes; high = low = close, so the pivots are the
 * closes' turning points. Pivot span 2 in every case: a pivot is known 2 sessions after it, and a
 * pattern must span at least 4 × 2 = 8 sessions. Volume is 1,000 a day except where a case sets the
 * breakout day's volume. Breakout tolerance 1 %: a sell breakout needs a close below line × 0.99, a
 * buy breakout a close above line × 1.01.
 */
function path(anchors: ReadonlyArray<[number, number]>, tail: readonly number[]): number[] {
  const closes: number[] = [];
  for (let k = 0; k + 1 < anchors.length; k++) {
    const [i0, p0] = anchors[k];
    const [i1, p1] = anchors[k + 1];
    for (let i = i0; i < i1; i++) closes.push(p0 + ((p1 - p0) * (i - i0)) / (i1 - i0));
  }
  closes.push(anchors[anchors.length - 1][1]);
  return [...closes, ...tail];
}

function dateOf(i: number): string {
  return new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
}

function seriesOf(closes: readonly number[], volumes: Readonly<Record<number, number>> = {}): PatternSeries {
  return {
    length: closes.length,
    dates: closes.map((_, i) => dateOf(i)),
    high: closes,
    low: closes,
    close: closes,
    volume: closes.map((_, i) => volumes[i] ?? 1000),
  };
}

interface Case {
  kind: PatternKind;
  direction: 'buy' | 'sell';
  anchors: Array<[number, number]>;
  /** Closes after the last anchor, the last of them (or an earlier one) the breakout. */
  tail: number[];
  points: Array<[number, number]>;
  breakoutIndex: number;
  breakoutLevel: number;
  target: number;
  zone: [number, number];
  invalidation: number;
  /** Sessions kept for the forming case (cut before the breakout) and its breakout level and target. */
  cut: number;
  formingLevel: number;
  formingTarget: number;
  /** Closes after the last anchor that go through the invalidation first, and that session. */
  failTail: number[];
  failIndex: number;
}

const cases: Case[] = [
  {
    // Left shoulder 100 @3, neckline 92 @6 and @14, head 110 @10, right shoulder 100 @17; then down
    // 2 a session: 98 96 94 92 (@21, not below 92 × 0.99 = 91.08) 90 (@22: the breakout).
    // Height = head - neckline = 110 - 92 = 18; target = 92 - 18 = 74; zone to 90 - 18 = 72.
    // Invalidation: the right shoulder, 100. Cut at 22 sessions (0..21): forming, level 92, target 74.
    // Failure: 99.5 99.8 100 101.5 (@21 closes above 100).
    kind: 'head_and_shoulders',
    direction: 'sell',
    anchors: [
      [0, 90],
      [3, 100],
      [6, 92],
      [10, 110],
      [14, 92],
      [17, 100],
      [21, 92],
    ],
    tail: [90, 88, 86],
    points: [
      [3, 100],
      [6, 92],
      [10, 110],
      [14, 92],
      [17, 100],
    ],
    breakoutIndex: 22,
    breakoutLevel: 92,
    target: 74,
    zone: [72, 74],
    invalidation: 100,
    cut: 22,
    formingLevel: 92,
    formingTarget: 74,
    failTail: [99.5, 99.8, 100, 101.5, 103],
    failIndex: 21,
  },
  {
    // The mirror image (200 - price): shoulders 100 @3 and @17, neckline 108, head 90 @10; up 2 a
    // session to 108 @21 (not above 108 × 1.01 = 109.08), 110 @22 the breakout.
    // Height 108 - 90 = 18; target 108 + 18 = 126; zone to 110 + 18 = 128; invalidation 100.
    // Failure: 100.5 100.2 100 98.5 (@21 closes below the right shoulder 100).
    kind: 'inverse_head_and_shoulders',
    direction: 'buy',
    anchors: [
      [0, 110],
      [3, 100],
      [6, 108],
      [10, 90],
      [14, 108],
      [17, 100],
      [21, 108],
    ],
    tail: [110, 112, 114],
    points: [
      [3, 100],
      [6, 108],
      [10, 90],
      [14, 108],
      [17, 100],
    ],
    breakoutIndex: 22,
    breakoutLevel: 108,
    target: 126,
    zone: [126, 128],
    invalidation: 100,
    cut: 22,
    formingLevel: 108,
    formingTarget: 126,
    failTail: [100.5, 100.2, 100, 98.5, 97],
    failIndex: 21,
  },
  {
    // Tops 100 @4 and @12, valley 90 @8; down 2.5 a session to 90 @16 (not below 89.1), 88 @17.
    // Height 100 - 90 = 10; target 90 - 10 = 80; zone to 88 - 10 = 78; invalidation 100.
    // Failure: 99.5 99.8 100 102 (@16 closes above the tops).
    kind: 'double_top',
    direction: 'sell',
    anchors: [
      [0, 90],
      [4, 100],
      [8, 90],
      [12, 100],
      [16, 90],
    ],
    tail: [88, 86, 84],
    points: [
      [4, 100],
      [8, 90],
      [12, 100],
    ],
    breakoutIndex: 17,
    breakoutLevel: 90,
    target: 80,
    zone: [78, 80],
    invalidation: 100,
    cut: 17,
    formingLevel: 90,
    formingTarget: 80,
    failTail: [99.5, 99.8, 100, 102, 104],
    failIndex: 16,
  },
  {
    // Bottoms 100 @4 and @12, peak 110 @8; up 2.5 a session to 110 @16 (not above 111.1), 112 @17.
    // Height 10; target 110 + 10 = 120; zone to 112 + 10 = 122; invalidation 100.
    // Failure: 100.5 100.2 100 98 (@16 closes below the bottoms).
    kind: 'double_bottom',
    direction: 'buy',
    anchors: [
      [0, 110],
      [4, 100],
      [8, 110],
      [12, 100],
      [16, 110],
    ],
    tail: [112, 114, 116],
    points: [
      [4, 100],
      [8, 110],
      [12, 100],
    ],
    breakoutIndex: 17,
    breakoutLevel: 110,
    target: 120,
    zone: [120, 122],
    invalidation: 100,
    cut: 17,
    formingLevel: 110,
    formingTarget: 120,
    failTail: [100.5, 100.2, 100, 98, 96],
    failIndex: 16,
  },
  {
    // Price rises into it (first point a high: a buy, continuation): highs 100 @4 and @12, lows 92 @8
    // and @16 (two touches of each line). Up 2 a session: 94 96 98 100 (@20, not above 101), 102 @21.
    // Height 100 - 92 = 8; target 100 + 8 = 108; zone to 102 + 8 = 110; invalidation the lower line 92.
    // (At @12 the first three points are a double top; the rectangle replaces it at @18.)
    // Failure: 92.5 92.2 92 90 (@20 closes below 92).
    kind: 'rectangle',
    direction: 'buy',
    anchors: [
      [0, 90],
      [4, 100],
      [8, 92],
      [12, 100],
      [16, 92],
      [20, 100],
    ],
    tail: [102, 104, 106],
    points: [
      [4, 100],
      [8, 92],
      [12, 100],
      [16, 92],
    ],
    breakoutIndex: 21,
    breakoutLevel: 100,
    target: 108,
    zone: [108, 110],
    invalidation: 92,
    cut: 21,
    formingLevel: 100,
    formingTarget: 108,
    failTail: [92.5, 92.2, 92, 90, 88],
    failIndex: 20,
  },
  {
    // Flat highs 100 @4 and @12; rising lows 90 @8 and 95 @16 (the line rises 5 / 8 = 0.625 a session,
    // so at the first point @4 it is at 90 - 4 × 0.625 = 87.5: widest part 100 - 87.5 = 12.5).
    // Up 1.25 a session to 100 @20 (not above 101), 102 @21. Target 100 + 12.5 = 112.5; zone to
    // 102 + 12.5 = 114.5; invalidation the last low 95. Failure: 95.5 95.2 95 94 (@20 below 95).
    kind: 'ascending_triangle',
    direction: 'buy',
    anchors: [
      [0, 85],
      [4, 100],
      [8, 90],
      [12, 100],
      [16, 95],
      [20, 100],
    ],
    tail: [102, 104, 106],
    points: [
      [4, 100],
      [8, 90],
      [12, 100],
      [16, 95],
    ],
    breakoutIndex: 21,
    breakoutLevel: 100,
    target: 112.5,
    zone: [112.5, 114.5],
    invalidation: 95,
    cut: 21,
    formingLevel: 100,
    formingTarget: 112.5,
    failTail: [95.5, 95.2, 95, 94, 93],
    failIndex: 20,
  },
  {
    // Flat lows 90 @4 and @12; falling highs 100 @8 and 95 @16 (the line falls 0.625 a session: at @4
    // it is 102.5, widest part 102.5 - 90 = 12.5). Down 1.25 a session to 90 @20 (not below 89.1),
    // 88 @21. Target 90 - 12.5 = 77.5; zone to 88 - 12.5 = 75.5; invalidation the last high 95.
    // Failure: 94.5 94.8 95 96 (@20 above 95).
    kind: 'descending_triangle',
    direction: 'sell',
    anchors: [
      [0, 105],
      [4, 90],
      [8, 100],
      [12, 90],
      [16, 95],
      [20, 90],
    ],
    tail: [88, 86, 84],
    points: [
      [4, 90],
      [8, 100],
      [12, 90],
      [16, 95],
    ],
    breakoutIndex: 21,
    breakoutLevel: 90,
    target: 77.5,
    zone: [75.5, 77.5],
    invalidation: 95,
    cut: 21,
    formingLevel: 90,
    formingTarget: 77.5,
    failTail: [94.5, 94.8, 95, 96, 97],
    failIndex: 20,
  },
  {
    // Price rises into it (a buy). Highs 100 @4, 95 @12 (upper line -0.625 a session); lows 80 @8,
    // 85 @16 (lower line +0.625). Widest part at @4: 100 - (80 - 2.5) = 22.5. Then 87 89 92.
    // @18 the upper line is 95 - 6 × 0.625 = 91.25 (89 is not above 92.1625); @19 it is 90.625 and
    // 92 > 90.625 × 1.01 = 91.53125: the breakout. Target 90.625 + 22.5 = 113.125; zone to
    // 92 + 22.5 = 114.5; invalidation the last low 85. Cut at 19 (0..18): forming, level 91.25,
    // target 113.75. Failure: 85.5 85.2 84 (@19 below 85).
    kind: 'symmetric_triangle',
    direction: 'buy',
    anchors: [
      [0, 85],
      [4, 100],
      [8, 80],
      [12, 95],
      [16, 85],
    ],
    tail: [87, 89, 92, 95, 98],
    points: [
      [4, 100],
      [8, 80],
      [12, 95],
      [16, 85],
    ],
    breakoutIndex: 19,
    breakoutLevel: 90.625,
    target: 113.125,
    zone: [113.125, 114.5],
    invalidation: 85,
    cut: 19,
    formingLevel: 91.25,
    formingTarget: 113.75,
    failTail: [85.5, 85.2, 84, 83],
    failIndex: 19,
  },
];

function only(patterns: ChartPattern[], kind: PatternKind): ChartPattern {
  const found = patterns.filter((p) => p.kind === kind);
  expect(found).toHaveLength(1);
  return found[0];
}

/** Anchors up to the last pattern point, for the failure series. */
function upTo(anchors: ReadonlyArray<[number, number]>, lastPoint: number): Array<[number, number]> {
  return anchors.filter(([i]) => i <= lastPoint);
}

describe.each(cases)('$kind', (c) => {
  const closes = path(c.anchors, c.tail);
  const lastPoint = c.points[c.points.length - 1][0];

  it('is detected with its points, breakout day, target and invalidation', () => {
    const patterns = detectPatterns(seriesOf(closes, { [c.breakoutIndex]: 1500 }), 2);
    expect(patterns.map((p) => p.kind)).toEqual([c.kind]);
    const p = patterns[0];
    expect(p.direction).toBe(c.direction);
    expect(p.status).toBe('completed');
    expect(p.points.map((pt) => [pt.index, pt.price])).toEqual(c.points);
    expect(p.start).toBe(dateOf(c.points[0][0]));
    expect(p.end).toBe(dateOf(lastPoint));
    expect(p.confirmedDate).toBe(dateOf(lastPoint + 2));
    expect(p.breakoutDate).toBe(dateOf(c.breakoutIndex));
    expect(p.breakoutLevel).toBeCloseTo(c.breakoutLevel, 2);
    expect(p.target).toBeCloseTo(c.target, 2);
    expect(p.targetZone[0]).toBeCloseTo(c.zone[0], 2);
    expect(p.targetZone[1]).toBeCloseTo(c.zone[1], 2);
    expect(p.invalidation).toBeCloseTo(c.invalidation, 2);
    // 1,500 against the 22-session mean of 1,000.
    expect(p.volumeConfirmed).toBe(true);
    expect(p.failedDate).toBeNull();
  });

  it('counts no volume confirmation on an ordinary day', () => {
    const p = only(detectPatterns(seriesOf(closes), 2), c.kind);
    expect(p.status).toBe('completed');
    expect(p.volumeConfirmed).toBe(false);
  });

  it('is forming when the series stops before the breakout', () => {
    const p = only(detectPatterns(seriesOf(closes.slice(0, c.cut)), 2), c.kind);
    expect(p.status).toBe('forming');
    expect(p.breakoutDate).toBeNull();
    expect(p.volumeConfirmed).toBeNull();
    expect(p.breakoutLevel).toBeCloseTo(c.formingLevel, 2);
    expect(p.target).toBeCloseTo(c.formingTarget, 2);
    expect(p.invalidation).toBeCloseTo(c.invalidation, 2);
  });

  it('has failed when a close goes through the invalidation first', () => {
    const failing = path(upTo(c.anchors, lastPoint), c.failTail);
    const p = only(detectPatterns(seriesOf(failing), 2), c.kind);
    expect(p.status).toBe('failed');
    expect(p.failedDate).toBe(dateOf(c.failIndex));
    expect(p.breakoutDate).toBeNull();
  });
});

describe('detectPatterns', () => {
  it('finds nothing in a straight line or a series too short for a pivot', () => {
    expect(
      detectPatterns(
        seriesOf(
          path(
            [
              [0, 100],
              [60, 160],
            ],
            [],
          ),
        ),
        2,
      ),
    ).toEqual([]);
    expect(detectPatterns(seriesOf([100, 101, 100]), 2)).toEqual([]);
  });

  it('drops a forming pattern that waited longer than it took to form (expired)', () => {
    // The double top of the table (points @4..@12, length 8, confirmed @14), then flat at 95 for
    // 20 sessions: no close below 89.1 or above 100 by @14 + 8 = @22, so it has expired.
    const closes = path(
      [
        [0, 90],
        [4, 100],
        [8, 90],
        [12, 100],
        [14, 95],
      ],
      Array(20).fill(95),
    );
    expect(detectPatterns(seriesOf(closes), 2).filter((p) => p.kind === 'double_top')).toEqual([]);
  });

  it('rejects tops further apart than the 3 % level tolerance', () => {
    // Tops 100 and 104: 4 > 3 % of 100, so no double top.
    const closes = path(
      [
        [0, 90],
        [4, 100],
        [8, 90],
        [12, 104],
        [16, 90],
      ],
      [88, 86],
    );
    expect(detectPatterns(seriesOf(closes), 2).filter((p) => p.kind === 'double_top')).toEqual([]);
  });
});
