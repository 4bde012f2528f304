/** @jest-environment node */
import { computeVolumeBalance } from '@/server/domain/analysis';

// session:  0    1    2    3    4    5
// close:    10   11   11   10   12   12.5
// move:     -    up   =    down up   up
// volume:   100  200  300  400  500  600
const CLOSES = [10, 11, 11, 10, 12, 12.5];
const VOLUMES = [100, 200, 300, 400, 500, 600];

describe('computeVolumeBalance', () => {
  it.each([
    // last 1: session 5 up (600) -> 600/600 = 1
    [1, 1],
    // last 3: sessions 3..5: up 500 + 600 = 1100, down 400 -> 700/1500
    [3, 700 / 1500],
    // last 5: sessions 1..5: up 200 + 500 + 600 = 1300, down 400, session 2 unchanged -> 900/1700
    [5, 900 / 1700],
    // more sessions than there are: the same five changes (session 0 has no previous close)
    [22, 900 / 1700],
  ])('over the last %i sessions is %f', (sessions, expected) => {
    expect(computeVolumeBalance(CLOSES, VOLUMES, sessions)).toBeCloseTo(expected, 12);
  });

  it('is -1 when every counted session is down', () => {
    // sessions 1..2 down: (0 - 300 - 500) / 800
    expect(computeVolumeBalance([3, 2, 1], [100, 300, 500], 5)).toBe(-1);
  });

  it('is 0 when nothing moved, and for one session or none', () => {
    expect(computeVolumeBalance([5, 5, 5], [1, 2, 3], 5)).toBe(0);
    expect(computeVolumeBalance([5], [1], 5)).toBe(0);
    expect(computeVolumeBalance([], [], 5)).toBe(0);
  });

  it('weights sessions by volume, not by count', () => {
    // one big down session outweighs three small up sessions: (3*10 - 90) / 120 = -0.5
    expect(computeVolumeBalance([1, 2, 3, 4, 3], [1, 10, 10, 10, 90], 4)).toBeCloseTo(-0.5, 12);
  });
});
