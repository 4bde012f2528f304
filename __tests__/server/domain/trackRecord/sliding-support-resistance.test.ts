/** @jest-environment node */
// The track record finds support and resistance from the history's pivots as its window slides;
// every window must give exactly the levels and tolerance findSupportResistance gives on that window
// alone (level indexes relative to the window's start).
import { findSupportResistance, prepareSeries } from '@/server/domain/analysis';
import { SlidingSupportResistance } from '@/server/domain/trackRecord';
import { walkBars } from './fixtures';

describe('SlidingSupportResistance', () => {
  it.each([
    [3, 105, 1],
    [5, 395, 1],
    [8, 600, 1],
    [3, 105, 7],
    [8, 600, 13],
  ])(
    'equals findSupportResistance on every window (span %i, window %i, every %i-th session)',
    (span, size, step) => {
      const series = prepareSeries(walkBars(span * 31 + size, 1200))!;
      const sliding = new SlidingSupportResistance(series.high, series.low, span);
      let compared = 0;
      let withLevels = 0;
      for (let end = 1; end <= series.length; end += step) {
        const start = Math.max(0, end - size);
        const expected = findSupportResistance(
          series.high.slice(start, end),
          series.low.slice(start, end),
          series.close.slice(start, end),
          span,
        );
        const actual = sliding.window(start, end);
        expect(actual).toEqual({ levels: expected.levels, tolerance: expected.tolerance });
        compared++;
        if (expected.levels.length > 3) withLevels++;
      }
      // Most windows have levels, so a pivot kept too long or dropped too early would show.
      expect(withLevels).toBeGreaterThan(compared / 2);
    },
  );
});
