/** @jest-environment node */
// fitTrendChannel bounds each candidate's score from prefix sums and evaluates only the candidates
// that can win. The oracle below is the plain method it replaced: evaluate every candidate in
// ascending start order with two passes over its residuals and keep the first best. The engine must
// pick the same channel and return the same numbers, bit for bit, for any window.
import fc from 'fast-check';
import {
  CHANNEL_CANDIDATES,
  CHANNEL_MIN_SESSIONS,
  CHANNEL_MIN_SHARE,
  CHANNEL_SIGMAS,
  CHANNEL_WEIGHT_INSIDE,
  CHANNEL_WEIGHT_LENGTH,
  CHANNEL_WEIGHT_R2,
  CHANNEL_WEIGHT_WIDTH,
  directionForSlope,
  fitTrendChannel,
  MAX_LOG_SLOPE_PER_YEAR,
  SESSIONS_PER_YEAR,
  type TrendChannel,
} from '@/server/domain/analysis';

const EDGE = 1e-9;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Every candidate evaluated in full; ties keep the earlier start. */
function exhaustiveChannel(closes: readonly number[], dates: readonly string[]): TrendChannel {
  const n = closes.length;
  const lastClose = closes[n - 1];
  if (n === 1) {
    return {
      direction: 'horizontal',
      fromIndex: 0,
      from: dates[0],
      to: dates[0],
      lower: [lastClose, lastClose],
      upper: [lastClose, lastClose],
      slopePctPerYear: 0,
      r2: 0,
      breakout: 0,
    };
  }
  const logs = closes.map((c) => Math.log(c));
  const y = logs.map((l) => l - logs[n - 1]);
  const sumY = [0];
  const sumXY = [0];
  for (let i = 0; i < n; i++) {
    sumY.push(sumY[i] + y[i]);
    sumXY.push(sumXY[i] + i * y[i]);
  }
  const minLength = Math.min(n, Math.max(CHANNEL_MIN_SESSIONS, Math.ceil(n * CHANNEL_MIN_SHARE)));
  const lastStart = n - minLength;
  const steps = Math.min(CHANNEL_CANDIDATES - 1, lastStart);
  const starts: number[] = [];
  for (let j = 0; j <= steps; j++) starts.push(steps === 0 ? 0 : Math.round((j * lastStart) / steps));
  let lowest = 0;
  let highest = 0;
  for (let i = 1; i <= lastStart; i++) {
    if (y[i] < y[lowest]) lowest = i;
    if (y[i] > y[highest]) highest = i;
  }
  starts.push(lowest, highest);
  const unique = [...new Set(starts)].sort((a, b) => a - b);

  const squareSum = (m: number) => ((m - 1) * m * (2 * m - 1)) / 6;
  const candidates = unique.map((start) => {
    const length = n - start;
    const sx = ((start + n - 1) * length) / 2;
    const sxx = squareSum(n) - squareSum(start);
    const sy = sumY[n] - sumY[start];
    const sxy = sumXY[n] - sumXY[start];
    const denominator = length * sxx - sx * sx;
    const slope = denominator > 0 ? (length * sxy - sx * sy) / denominator : 0;
    const intercept = (sy - slope * sx) / length;
    const mean = sy / length;
    let sse = 0;
    let sst = 0;
    let minY = y[start];
    let maxY = y[start];
    for (let i = start; i < n; i++) {
      const residual = y[i] - (intercept + slope * i);
      sse += residual * residual;
      sst += (y[i] - mean) * (y[i] - mean);
      if (y[i] < minY) minY = y[i];
      if (y[i] > maxY) maxY = y[i];
    }
    const halfWidth = CHANNEL_SIGMAS * Math.sqrt(sse / length);
    let inside = 0;
    for (let i = start; i < n; i++) {
      if (Math.abs(y[i] - (intercept + slope * i)) <= halfWidth + EDGE) inside++;
    }
    const r2 = sst > 0 ? clamp(1 - sse / sst, 0, 1) : 0;
    const range = maxY - minY;
    const widthRatio = range > 0 ? Math.min(1, (2 * halfWidth) / range) : 0;
    const score =
      CHANNEL_WEIGHT_R2 * r2 +
      CHANNEL_WEIGHT_INSIDE * (inside / length) +
      CHANNEL_WEIGHT_LENGTH * (length / n) -
      CHANNEL_WEIGHT_WIDTH * widthRatio;
    return { start, score, intercept, slope, halfWidth, r2 };
  });
  const best = candidates.reduce((b, c) => (c.score > b.score ? c : b));
  const { start, intercept, slope, halfWidth, r2 } = best;
  const logSlope = clamp(slope * SESSIONS_PER_YEAR, -MAX_LOG_SLOPE_PER_YEAR, MAX_LOG_SLOPE_PER_YEAR);
  const slopePctPerYear = Math.expm1(logSlope) * 100;
  const fitFrom = intercept + slope * start;
  const fitTo = intercept + slope * (n - 1);
  const lastResidual = y[n - 1] - fitTo;
  return {
    direction: directionForSlope(slopePctPerYear),
    fromIndex: start,
    from: dates[start],
    to: dates[n - 1],
    lower: [lastClose * Math.exp(fitFrom - halfWidth), lastClose * Math.exp(fitTo - halfWidth)],
    upper: [lastClose * Math.exp(fitFrom + halfWidth), lastClose * Math.exp(fitTo + halfWidth)],
    slopePctPerYear,
    r2,
    breakout: lastResidual > halfWidth + EDGE ? 1 : lastResidual < -halfWidth - EDGE ? -1 : 0,
  };
}

const datesFor = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
  );

/** Closes from log steps: trending regimes, noise of any size, flat stretches and jumps. */
const closesArb = fc
  .record({
    first: fc.double({ min: 0.01, max: 5000, noNaN: true }),
    regimes: fc.array(
      fc.record({
        length: fc.integer({ min: 1, max: 400 }),
        drift: fc.double({ min: -0.02, max: 0.02, noNaN: true }),
        noise: fc.constantFrom(0, 1e-12, 1e-6, 0.002, 0.02, 0.08),
        jump: fc.constantFrom(0, 0, 0, 0.3, -0.3),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    seed: fc.integer(),
  })
  .map(({ first, regimes, seed }) => {
    let state = seed >>> 0;
    const random = () => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32 - 0.5;
    };
    const closes: number[] = [];
    let log = Math.log(first);
    for (const regime of regimes) {
      log += regime.jump;
      for (let i = 0; i < regime.length; i++) {
        log += regime.drift + regime.noise * random();
        closes.push(Math.exp(log));
      }
    }
    return closes;
  });

describe('fitTrendChannel skips only candidates that cannot win', () => {
  it('equals the exhaustive evaluation for any window', () => {
    fc.assert(
      fc.property(closesArb, (closes) => {
        const dates = datesFor(closes.length);
        expect(fitTrendChannel(closes, dates)).toEqual(exhaustiveChannel(closes, dates));
      }),
      { numRuns: 400 },
    );
  });

  it.each([
    ['an exact exponential', (i: number) => 100 * Math.exp(0.001 * i)],
    ['a flat line', () => 42],
    ['a flat line then one step', (i: number) => (i < 1400 ? 10 : 11)],
    ['a saw tooth', (i: number) => 100 + (i % 7)],
    ['a long window of a slow wave', (i: number) => 100 * Math.exp(0.3 * Math.sin(i / 90) + 0.0002 * i)],
  ])('equals the exhaustive evaluation on %s (1,500 sessions)', (_name, closeAt) => {
    const closes = Array.from({ length: 1500 }, (_, i) => closeAt(i));
    const dates = datesFor(1500);
    expect(fitTrendChannel(closes, dates)).toEqual(exhaustiveChannel(closes, dates));
  });
});
