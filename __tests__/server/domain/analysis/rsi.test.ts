/** @jest-environment node */
import { computeRsi, computeRsiSeries, RSI_NEUTRAL } from '@/server/domain/analysis';

// 15 closes = 14 changes: +1 +1 -1 +1 +1 +1 -1 +1 +1 +1 -1 +1 +1 -1 (ten gains of 1, four losses of 1).
const FIRST_PERIOD = [10, 11, 12, 11, 12, 13, 14, 13, 14, 15, 16, 15, 16, 17, 16];

describe('computeRsi (Wilder, 14)', () => {
  it('seeds with the simple means of the first 14 changes', () => {
    // avgGain = 10/14, avgLoss = 4/14, RS = 2.5, RSI = 100 - 100/3.5 = 71.428571...
    expect(computeRsi(FIRST_PERIOD)).toBeCloseTo(100 - 100 / 3.5, 12);
  });

  it('smooths every later change with avg = (avg * 13 + x) / 14', () => {
    // +2: avgGain = (10/14 * 13 + 2) / 14 = 158/196, avgLoss = (4/14 * 13 + 0) / 14 = 52/196,
    //     RS = 158/52, RSI = 100 - 100 / (1 + 158/52) = 100 - 5200/210 = 75.238095...
    expect(computeRsi([...FIRST_PERIOD, 18])).toBeCloseTo(100 - 5200 / 210, 12);
    // -3: avgGain = (158/196 * 13) / 14 = 2054/2744, avgLoss = (52/196 * 13 + 3) / 14 = 1264/2744,
    //     RS = 2054/1264, RSI = 100 - 100 / (1 + 2054/1264) = 100 - 800/21 = 61.904761...
    expect(computeRsi([...FIRST_PERIOD, 18, 15])).toBeCloseTo(100 - 800 / 21, 12);
  });

  it('gives the series and the last value from the same arithmetic', () => {
    const series = computeRsiSeries([...FIRST_PERIOD, 18, 15]);
    expect(series).toHaveLength(17);
    expect(Array.from(series.subarray(0, 14)).every(Number.isNaN)).toBe(true);
    expect(series[14]).toBeCloseTo(100 - 100 / 3.5, 12);
    expect(series[15]).toBeCloseTo(100 - 5200 / 210, 12);
    expect(series[16]).toBe(computeRsi([...FIRST_PERIOD, 18, 15]));
  });

  it.each([
    ['no closes', []],
    ['one close', [10]],
    ['14 closes (13 changes)', FIRST_PERIOD.slice(0, 14)],
  ])('is neutral (50) with fewer than 15 closes: %s', (_name, closes) => {
    expect(computeRsi(closes)).toBe(RSI_NEUTRAL);
    expect(Array.from(computeRsiSeries(closes)).every(Number.isNaN)).toBe(true);
  });

  it('is 100 when the average loss is 0, also for a flat series (DESIGN.md §6)', () => {
    expect(computeRsi(Array.from({ length: 30 }, (_, i) => 10 + i))).toBe(100);
    expect(computeRsi(Array.from({ length: 30 }, () => 10))).toBe(100);
  });

  it('is 0 when every change is a loss', () => {
    expect(computeRsi(Array.from({ length: 30 }, (_, i) => 100 - i))).toBe(0);
  });

  it('accepts a Float64Array and another period', () => {
    // period 2, closes 1 2 1: avgGain = 1/2, avgLoss = 1/2, RSI 50; then +2: avgGain = (0.5 + 2)/2 = 1.25,
    // avgLoss = 0.5/2 = 0.25, RS 5, RSI = 100 - 100/6 = 83.333...
    expect(computeRsi(new Float64Array([1, 2, 1, 3]), 2)).toBeCloseTo(100 - 100 / 6, 12);
  });
});
