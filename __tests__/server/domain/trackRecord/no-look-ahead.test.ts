/** @jest-environment node */
// No look-ahead: cutting the history after any day leaves every earlier entry as it was (forward
// returns that need the cut sessions become null), and resuming from a stored state equals a full run.
import fc from 'fast-check';
import { computeTrackRecord } from '@/server/domain/trackRecord';
import { walkBars } from './fixtures';

const FROM = 25;

describe('track record without look-ahead', () => {
  it('truncating the history after a date leaves every earlier entry unchanged', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 140, max: 220 }),
        fc.integer({ min: 30, max: 139 }),
        fc.constantFrom(1 as const, 2 as const),
        (seed, length, cut, timeframe) => {
          const bars = walkBars(seed, length);
          const full = computeTrackRecord(bars, timeframe, null, { from: FROM });
          const cutBars = bars.slice(0, cut);
          const truncated = computeTrackRecord(cutBars, timeframe, null, { from: FROM });
          const lastDate = cutBars[cutBars.length - 1].date;
          const counted = cutBars.filter((b) => b.volume > 0).map((b) => b.date);
          const expected = full.entries
            .filter((e) => e.date <= lastDate)
            .map((e) => {
              const left = counted.length - 1 - counted.indexOf(e.date);
              return {
                ...e,
                return22: left >= 22 ? e.return22 : null,
                return66: left >= 66 ? e.return66 : null,
              };
            });
          expect(truncated.entries).toEqual(expected);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a run resumed from the state of an earlier run equals a full run', () => {
    const bars = walkBars(42, 300);
    const earlier = computeTrackRecord(bars.slice(0, 200), 1, null, { from: FROM });
    const resumed = computeTrackRecord(bars, 1, null, { from: FROM, resume: earlier.state });
    const full = computeTrackRecord(bars, 1, null, { from: FROM });
    expect(full.entries.length).toBeGreaterThan(2);
    expect(resumed).toEqual(full);
  });

  it('runs in full when the stored last session is not in the bars (history corrected)', () => {
    const bars = walkBars(42, 300);
    const full = computeTrackRecord(bars, 1, null, { from: FROM });
    const stale = {
      through: '1999-01-01',
      lastSignal: 'buy' as const,
      changes: [{ date: '1998-01-01', signal: 'sell' as const }],
    };
    expect(computeTrackRecord(bars, 1, null, { from: FROM, resume: stale })).toEqual(full);
  });
});
