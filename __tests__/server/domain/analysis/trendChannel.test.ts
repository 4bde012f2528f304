/** @jest-environment node */
import { directionForSlope, fitTrendChannel, SESSIONS_PER_YEAR } from '@/server/domain/analysis';

function datesFor(n: number): string[] {
  return Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2020, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  );
}

/** closes = 100 * exp(logAt(i)) for i = 0..n-1 */
function closesFor(n: number, logAt: (i: number) => number): number[] {
  return Array.from({ length: n }, (_, i) => 100 * Math.exp(logAt(i)));
}

/** ±0.5 % alternating wiggle, so that channels have a width. */
const wiggle = (i: number) => (i % 2 === 0 ? 0.005 : -0.005);

describe('fitTrendChannel', () => {
  it('fits an exact exponential rise over the whole window', () => {
    const closes = closesFor(300, (i) => 0.001 * i);
    const dates = datesFor(300);
    const channel = fitTrendChannel(closes, dates);
    // +0.1 % a session -> (e^(0.001 * 252) - 1) * 100 = 28.66 %/yr
    expect(channel.slopePctPerYear).toBeCloseTo(Math.expm1(0.001 * SESSIONS_PER_YEAR) * 100, 6);
    expect(channel.direction).toBe('rising');
    expect(channel.r2).toBeCloseTo(1, 9);
    expect(channel.fromIndex).toBe(0);
    expect(channel.from).toBe(dates[0]);
    expect(channel.to).toBe(dates[299]);
    // no residuals: both bounds are the closes themselves
    expect(channel.lower[0]).toBeCloseTo(closes[0], 6);
    expect(channel.upper[1]).toBeCloseTo(closes[299], 6);
    expect(channel.breakout).toBe(0);
  });

  it('calls an exponential decay falling', () => {
    const channel = fitTrendChannel(
      closesFor(200, (i) => -0.001 * i + wiggle(i)),
      datesFor(200),
    );
    expect(channel.direction).toBe('falling');
    // (e^(-0.252) - 1) * 100 = -22.27 %/yr, up to the wiggle
    expect(channel.slopePctPerYear).toBeCloseTo(-22.27, 0);
    expect(channel.r2).toBeGreaterThan(0.95);
  });

  it('calls a flat series and a slow drift (+1.3 %/yr) horizontal', () => {
    const flat = fitTrendChannel(
      closesFor(100, () => 0),
      datesFor(100),
    );
    expect(flat).toMatchObject({ direction: 'horizontal', slopePctPerYear: 0, r2: 0, breakout: 0 });
    expect(flat.lower).toEqual([100, 100]);
    expect(flat.upper).toEqual([100, 100]);
    const slow = fitTrendChannel(
      closesFor(100, (i) => 0.00005 * i),
      datesFor(100),
    );
    expect(slow.slopePctPerYear).toBeCloseTo(Math.expm1(0.00005 * 252) * 100, 6);
    expect(slow.direction).toBe('horizontal');
  });

  it('starts the channel at the bottom of a V, not at the window start', () => {
    // 200 sessions down 0.2 % a day, then 200 up 0.2 % a day (the bottom is session 200)
    const closes = closesFor(400, (i) => (i <= 200 ? -0.002 * i : -0.4 + 0.002 * (i - 200)) + wiggle(i));
    const channel = fitTrendChannel(closes, datesFor(400));
    expect(channel.direction).toBe('rising');
    expect(channel.fromIndex).toBeGreaterThanOrEqual(195);
    expect(channel.fromIndex).toBeLessThanOrEqual(205);
    expect(channel.r2).toBeGreaterThan(0.95);
  });

  it.each([
    [1.2, 1],
    [0.8, -1],
  ] as const)('flags a last close x%f outside the channel as breakout %i', (factor, breakout) => {
    const closes = closesFor(200, (i) => 0.001 * i + wiggle(i));
    closes[199] *= factor;
    const channel = fitTrendChannel(closes, datesFor(200));
    expect(channel.breakout).toBe(breakout);
    if (breakout === 1) expect(closes[199]).toBeGreaterThan(channel.upper[1]);
    else expect(closes[199]).toBeLessThan(channel.lower[1]);
  });

  it('keeps lower below upper and both positive', () => {
    const channel = fitTrendChannel(
      closesFor(150, (i) => 0.3 * Math.sin(i / 9) + wiggle(i)),
      datesFor(150),
    );
    expect(channel.lower[0]).toBeGreaterThan(0);
    expect(channel.lower[0]).toBeLessThan(channel.upper[0]);
    expect(channel.lower[1]).toBeLessThan(channel.upper[1]);
  });

  it('degenerates gracefully for one close and caps absurd slopes', () => {
    expect(fitTrendChannel([42], ['2024-01-02'])).toEqual({
      direction: 'horizontal',
      fromIndex: 0,
      from: '2024-01-02',
      to: '2024-01-02',
      lower: [42, 42],
      upper: [42, 42],
      slopePctPerYear: 0,
      r2: 0,
      breakout: 0,
    });
    // 1e-4 -> 1e6 in one session: the annualised log slope is capped at 20, so the figure stays finite
    const absurd = fitTrendChannel([1e-4, 1e6], ['2024-01-02', '2024-01-03']);
    expect(absurd.slopePctPerYear).toBeCloseTo(Math.expm1(20) * 100, 0);
    expect(absurd.direction).toBe('rising');
  });

  it('rejects dates that do not match the closes', () => {
    expect(() => fitTrendChannel([1, 2], ['2024-01-02'])).toThrow(RangeError);
    expect(() => fitTrendChannel([], [])).toThrow(RangeError);
  });
});

describe('directionForSlope', () => {
  it.each([
    [5, 'rising'],
    [4.99, 'horizontal'],
    [0, 'horizontal'],
    [-4.99, 'horizontal'],
    [-5, 'falling'],
  ] as const)('%f %%/yr is %s', (slope, direction) => {
    expect(directionForSlope(slope)).toBe(direction);
  });
});
