/** @jest-environment node */
// The fast signal series (one prepared series, logs once, support/resistance skipped when it cannot
// matter) must give exactly the signal that the full engine gives on the bars up to each day.
import { TIMEFRAMES } from '@/lib/constants';
import { analyzeTicker } from '@/server/domain/analysis';
import { computeSignalSeries } from '@/server/domain/trackRecord';
import { walkBars } from './fixtures';

const FROM = 20;

describe.each(TIMEFRAMES)('timeframe %i', (timeframe) => {
  it.each([11, 29])('equals analyzeTicker on every prefix (seed %i, 420 sessions)', (seed) => {
    const bars = walkBars(seed, 420);
    const fast = computeSignalSeries(bars, timeframe, { from: FROM });
    const counted = bars.filter((b) => b.volume > 0);
    expect(fast.dates).toEqual(counted.map((b) => b.date));

    const naive: (string | null)[] = counted.map(() => null);
    for (let d = FROM; d < counted.length; d++) {
      naive[d] = analyzeTicker(counted.slice(0, d + 1), { usdPerUnit: 1 })!.byTimeframe[timeframe].signal;
    }
    expect(fast.signals).toEqual(naive);
    // The fixture exercises all three signals, so a wrong signal anywhere would show.
    expect(new Set(naive.filter((s) => s !== null))).toEqual(new Set(['buy', 'hold', 'sell']));
  });

  it('equals analyzeTicker once the window slides (1,700 sessions, the last 200 evaluated)', () => {
    const bars = walkBars(7 + timeframe, 1700);
    const from = 1480;
    const fast = computeSignalSeries(bars, timeframe, { from });
    const counted = bars.filter((b) => b.volume > 0);
    const naive = counted.map((_, d) =>
      d < from
        ? null
        : analyzeTicker(counted.slice(0, d + 1), { usdPerUnit: 1 })!.byTimeframe[timeframe].signal,
    );
    expect(fast.signals).toEqual(naive);
  });

  it('evaluates only from `from` on', () => {
    const fast = computeSignalSeries(walkBars(3, 60), timeframe, { from: 50 });
    expect(fast.signals.slice(0, 50).every((s) => s === null)).toBe(true);
    expect(fast.signals.slice(50).every((s) => s !== null)).toBe(true);
  });
});
