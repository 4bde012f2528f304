/** @jest-environment node */
import { findSupportResistance } from '@/server/domain/analysis';

/** Repeats a cycle of closes, then appends a tail; highs = close + 1, lows = close - 1. */
function zigzag(cycle: number[], repeats: number, tail: number[]) {
  const closes = [...Array.from({ length: repeats }, () => cycle).flat(), ...tail];
  return { closes, highs: closes.map((c) => c + 1), lows: closes.map((c) => c - 1) };
}

describe('findSupportResistance', () => {
  it('finds the range top as resistance and the bottom as support, counting touches', () => {
    // cycle 90 95 100 105 110 105 100 95, six times, then 90 95 100 (51 sessions, last close 100).
    // span 3: peaks (high 111) at 4, 12, 20, 28, 36, 44 -> six touches; troughs (low 89) at 8, 16, 24,
    // 32, 40 -> five (session 0 has no 3 sessions before it, 48 none after it).
    const { closes, highs, lows } = zigzag([90, 95, 100, 105, 110, 105, 100, 95], 6, [90, 95, 100]);
    const sr = findSupportResistance(highs, lows, closes, 3);
    expect(sr.resistances).toEqual([{ price: 111, touches: 6, firstIndex: 4, lastIndex: 44 }]);
    expect(sr.supports).toEqual([{ price: 89, touches: 5, firstIndex: 8, lastIndex: 40 }]);
    expect(sr.levels.map((level) => level.price)).toEqual([89, 111]);
    // tolerance = mean (high - low) / low = mean of 2 / (close - 1), between 2/109 and 2/89
    expect(sr.tolerance).toBeGreaterThan(2 / 109);
    expect(sr.tolerance).toBeLessThan(2 / 89);
  });

  it('clusters nearby pivots into one level at their mean and keeps distant ones apart', () => {
    // Peaks 110, 111, 110.5 (within the ~2 % tolerance) form one level; 130 is another.
    const closes = [
      ...[95, 100, 105, 109, 105, 100, 95],
      ...[95, 100, 105, 110, 105, 100, 95],
      ...[95, 100, 105, 109.5, 105, 100, 95],
      ...[95, 110, 120, 129, 120, 110, 100],
      ...[100, 100, 100],
    ];
    const highs = closes.map((c) => c + 1);
    const lows = closes.map((c) => c - 1);
    const sr = findSupportResistance(highs, lows, closes, 3);
    expect(sr.resistances.map((level) => [level.price, level.touches])).toEqual([
      [(110 + 111 + 110.5) / 3, 3],
      [130, 1],
    ]);
  });

  it('keeps the levels with most touches, nearest first, at most maxLevels a side', () => {
    // Peaks at 111 (x4), then single peaks at 121, 131 and 141; last close 100: with maxLevels 2 the
    // resistances are 111 (4 touches) and the most recent single peak, 141.
    const up = (top: number) => [top - 20, top - 15, top - 10, top - 5, top, top - 5, top - 10, top - 15];
    const closes = [
      ...up(110),
      ...up(110),
      ...up(110),
      ...up(110),
      ...up(120),
      ...up(130),
      ...up(140),
      95,
      100,
    ];
    const sr = findSupportResistance(
      closes.map((c) => c + 1),
      closes.map((c) => c - 1),
      closes,
      3,
      2,
    );
    expect(sr.resistances.map((level) => [level.price, level.touches])).toEqual([
      [111, 4],
      [141, 1],
    ]);
  });

  it('finds nothing in a flat or too short window', () => {
    const flat = Array.from({ length: 30 }, () => 50);
    expect(findSupportResistance(flat, flat, flat, 3)).toMatchObject({
      supports: [],
      resistances: [],
      levels: [],
    });
    expect(findSupportResistance([11, 12], [9, 10], [10, 11], 3).levels).toEqual([]);
    expect(findSupportResistance([], [], [], 3).levels).toEqual([]);
  });
});
