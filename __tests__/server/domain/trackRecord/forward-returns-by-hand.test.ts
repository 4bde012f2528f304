/** @jest-environment node */
// Forward returns and the index comparison on a fixture small enough to work out by hand.
import { summarizeTrackRecord, trackRecordEntries, type TrackRecordEntry } from '@/server/domain/trackRecord';
import { dateAt } from './fixtures';

// 70 sessions on consecutive days, close[i] = 100 + i.
const dates = Array.from({ length: 70 }, (_, i) => dateAt(i));
const close = Float64Array.from(dates, (_, i) => 100 + i);
// The index has no session on day 24 (its close on day 23 counts) and 200 + 2i elsewhere.
const indexDates = dates.filter((_, i) => i !== 24);
const index = { dates: indexDates, close: indexDates.map((d) => 200 + 2 * dates.indexOf(d)) };

describe('trackRecordEntries', () => {
  const entries = trackRecordEntries(
    [
      { date: dateAt(2), signal: 'buy' },
      { date: dateAt(3), signal: 'sell' },
      { date: dateAt(50), signal: 'buy' },
    ],
    dates,
    close,
    index,
  );

  it('takes the return after 22 and 66 sessions from the closes', () => {
    // Day 2: close 102; day 24: 124; day 68: 168.
    expect(entries[0]).toMatchObject({ date: dateAt(2), signal: 'buy', close: 102 });
    expect(entries[0].return22).toBeCloseTo(124 / 102 - 1, 12); // 0.215686...
    expect(entries[0].return66).toBeCloseTo(168 / 102 - 1, 12); // 0.647058...
  });

  it('compares with the index between the same dates, its close on or before each', () => {
    // Index on day 2: 204; day 24 is missing, so day 23: 246; day 68: 336.
    expect(entries[0].indexReturn22).toBeCloseTo(246 / 204 - 1, 12);
    expect(entries[0].indexReturn66).toBeCloseTo(336 / 204 - 1, 12);
    // Day 3 -> day 25 (index 250) and day 69 (index 338), from 206.
    expect(entries[1].return22).toBeCloseTo(125 / 103 - 1, 12);
    expect(entries[1].indexReturn22).toBeCloseTo(250 / 206 - 1, 12);
    expect(entries[1].return66).toBeCloseTo(169 / 103 - 1, 12);
    expect(entries[1].indexReturn66).toBeCloseTo(338 / 206 - 1, 12);
  });

  it('leaves a return null while its sessions have not happened', () => {
    // Day 50 + 22 = 72 > 69, the last session.
    expect(entries[2]).toEqual({
      date: dateAt(50),
      signal: 'buy',
      close: 150,
      return22: null,
      return66: null,
      indexReturn22: null,
      indexReturn66: null,
    });
  });

  it('has null index returns without an index', () => {
    const [entry] = trackRecordEntries([{ date: dateAt(2), signal: 'buy' }], dates, close, null);
    expect(entry.return22).toBeCloseTo(124 / 102 - 1, 12);
    expect(entry.indexReturn22).toBeNull();
  });
});

describe('summarizeTrackRecord', () => {
  const entry = (signal: 'buy' | 'sell', r: number | null, ir: number | null): TrackRecordEntry => ({
    date: '2020-01-01',
    signal,
    close: 1,
    return22: r,
    return66: null,
    indexReturn22: ir,
    indexReturn66: null,
  });

  it('counts, shares and medians for buy and sell separately', () => {
    const summary = summarizeTrackRecord([
      entry('buy', 0.1, 0.02), // excess +0.08
      entry('buy', -0.05, 0.01), // -0.06
      entry('buy', 0.03, 0.01), // +0.02
      entry('buy', null, null), // not yet
      entry('sell', -0.1, 0.0), // -0.10
      entry('sell', 0.04, 0.0), // +0.04
    ]);
    expect(summary.buy.count).toBe(4);
    expect(summary.buy.after22).toEqual({
      evaluated: 3,
      beatIndexShare: 2 / 3,
      // Right for a buy = beat the index: the same 2 of 3.
      rightShare: 2 / 3,
      medianExcessReturn: expect.any(Number),
    });
    expect(summary.buy.after22.medianExcessReturn).toBeCloseTo(0.02, 12);
    expect(summary.buy.after66).toEqual({
      evaluated: 0,
      beatIndexShare: null,
      rightShare: null,
      medianExcessReturn: null,
    });
    expect(summary.sell.count).toBe(2);
    expect(summary.sell.after22.beatIndexShare).toBe(0.5);
    // Right for a sell = fell more than the index: only the -0.10 excess, 1 of 2.
    expect(summary.sell.after22.rightShare).toBe(0.5);
    // Mean of the middle two of [-0.10, +0.04].
    expect(summary.sell.after22.medianExcessReturn).toBeCloseTo(-0.03, 12);
  });
});
