/** @jest-environment node */
import {
  classifyLiquidity,
  classifyVolatility,
  computeTurnover,
  computeVolatility,
} from '@/server/domain/analysis';

describe('computeVolatility', () => {
  it('averages (max high - min low) / min low over every window inside the lookback', () => {
    // window 3, lookback 5: session 0 (high 999, low 1) is outside the last five and must not count.
    // windows 1..3: (15 - 10)/10 = 50 %; 2..4: (15 - 11)/11 = 36.36 %; 3..5: (15 - 8)/8 = 87.5 %
    // mean = (50 + 400/11 + 87.5) / 3 = 1912.5/33 = 57.9545...
    const highs = [999, 11, 12, 15, 12, 11];
    const lows = [1, 10, 11, 12, 11, 8];
    expect(computeVolatility(highs, lows, 3, 5)).toBeCloseTo(1912.5 / 33, 10);
  });

  it('uses the one window available when there are fewer sessions than the window', () => {
    // highs 11, 12; lows 10, 9: (12 - 9)/9 = 33.33 %
    expect(computeVolatility([11, 12], [10, 9])).toBeCloseTo(100 / 3, 10);
  });

  it('uses 22-session windows inside the last 395 sessions by default', () => {
    // 400 sessions: the first five (range 100 %) are outside the lookback; the rest have high 11 and
    // low 10 (10 %) except session 200 with high 12 (20 % for every window containing it).
    const highs = Array.from({ length: 400 }, (_, i) => (i < 5 ? 20 : i === 200 ? 12 : 11));
    const lows = Array.from({ length: 400 }, () => 10);
    // sessions 5..399 -> windows starting at 5..378 (374); those starting at 179..200 (22) contain
    // session 200: (352 * 10 + 22 * 20) / 374
    expect(computeVolatility(highs, lows)).toBeCloseTo((352 * 10 + 22 * 20) / 374, 10);
  });

  it('is 0 for a flat series and for no sessions', () => {
    expect(computeVolatility([5, 5, 5], [5, 5, 5])).toBe(0);
    expect(computeVolatility([], [])).toBe(0);
  });
});

describe('classifyVolatility', () => {
  it.each([
    [0, 1],
    [9.999, 1],
    [10, 2],
    [19.999, 2],
    [20, 3],
    [39.999, 3],
    [40, 4],
    [250, 4],
  ])('%f %% is risk class %i', (pct, risk) => {
    expect(classifyVolatility(pct)).toBe(risk);
  });
});

describe('computeTurnover', () => {
  it('averages close x volume over the last sessions', () => {
    // last 2: (20*2 + 30*3) / 2 = 65
    expect(computeTurnover([10, 20, 30], [1, 2, 3], 2)).toBe(65);
    // fewer sessions than 66: (10*1 + 20*2 + 30*3) / 3 = 140/3
    expect(computeTurnover([10, 20, 30], [1, 2, 3])).toBeCloseTo(140 / 3, 12);
  });

  it('uses the last 66 sessions by default', () => {
    // 70 sessions: four at turnover 1e9 are outside the window; the last 66 at 2 * 500 = 1000
    const closes = Array.from({ length: 70 }, (_, i) => (i < 4 ? 1e6 : 2));
    const volumes = Array.from({ length: 70 }, (_, i) => (i < 4 ? 1000 : 500));
    expect(computeTurnover(closes, volumes)).toBe(1000);
  });

  it('is 0 for no sessions', () => {
    expect(computeTurnover([], [])).toBe(0);
  });
});

describe('classifyLiquidity', () => {
  it.each([
    [5e7, 1],
    [1_000_000.01, 1],
    [1_000_000, 2],
    [100_000, 2],
    [99_999.99, 3],
    [1_000, 3],
    [999.99, 4],
    [0, 4],
  ])('USD %f is risk class %i', (usd, risk) => {
    expect(classifyLiquidity(usd)).toBe(risk);
  });
});
