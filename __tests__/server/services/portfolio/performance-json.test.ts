/** @jest-environment node */
import fc from 'fast-check';
import type { PerformanceDto, PerformancePointDto } from '@/lib/types/portfolio';
import { serialisePerformance } from '@/server/services/portfolio/portfolioAnalyticsPerformance';

const point = (i: number, value: number): PerformancePointDto => ({
  date: new Date(Date.UTC(2016, 0, 4) + i * 86_400_000).toISOString().slice(0, 10),
  value_base: value,
  invested_base: 1000 + i,
  twr: value / 1e6,
  index_twr: i % 7 === 0 ? null : -i / 1e4,
});

const dto = (points: PerformancePointDto[], overrides: Partial<PerformanceDto> = {}): PerformanceDto => ({
  base_currency: 'NOK',
  index: { ticker_id: 5, symbol: 'OSEBX.INDX', long_name: 'Oslo Børs "Benchmark"', country_id: 160 },
  from: points[0]?.date ?? null,
  to: '2026-11-27',
  points,
  ...overrides,
});

/** A series of `length` days whose values come from `seed`. */
const series = (length: number, seed: number) =>
  Array.from({ length }, (_, i) => point(i, Math.round(((seed * 7919 + i * 104_729) % 1e6) * 100) / 100));

describe('serialisePerformance', () => {
  it('writes exactly what JSON.stringify writes, whatever the earlier answer shared (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.boolean(),
        (lastLength, shared, extra, sameHead) => {
          const last = series(lastLength, 1);
          const kept = last.slice(0, Math.min(shared, lastLength));
          // The days after the shared ones are new objects (a write changed them), maybe more of them.
          const next = kept.concat(series(kept.length + extra, 2).slice(kept.length));
          const earlier = serialisePerformance(dto(last));
          const nextDto = sameHead ? dto(next, { from: dto(last).from }) : dto(next, { to: '2026-11-30' });
          expect(serialisePerformance(nextDto, earlier).body).toBe(JSON.stringify(nextDto));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('gives the earlier answer itself when every point is the same object', () => {
    const points = series(100, 3);
    const earlier = serialisePerformance(dto(points));
    expect(serialisePerformance(dto([...points]), earlier)).toBe(earlier);
    // An empty series too.
    const empty = serialisePerformance(dto([], { from: null }));
    expect(serialisePerformance(dto([], { from: null }), empty)).toBe(empty);
    expect(empty.body).toBe(JSON.stringify(dto([], { from: null })));
  });

  it('writes anew only the pieces from the first changed day (32 days a piece)', () => {
    const last = series(2599, 4);
    const earlier = serialisePerformance(dto(last));
    // A buy three days ago: the last three days are new objects.
    const next = last.slice(0, 2596).concat(series(2599, 5).slice(2596));
    const written: number[] = [];
    const stringify = jest.spyOn(JSON, 'stringify');
    try {
      const answer = serialisePerformance(dto(next), earlier);
      // The arrays of points written (the head, an array too, holds no point).
      for (const [value] of stringify.mock.calls) {
        if (
          Array.isArray(value) &&
          value.every((p: unknown) => typeof p === 'object' && p !== null && 'date' in p)
        )
          written.push(value.length);
      }
      stringify.mockRestore();
      expect(answer.body).toBe(JSON.stringify(dto(next)));
    } finally {
      stringify.mockRestore();
    }
    // 2596 = 81 × 32 + 4: the 81 whole pieces before the first changed day are taken over, and
    // the days from 81 × 32 = 2592 on (7 days) are written anew.
    expect(written.reduce((a, b) => a + b, 0)).toBe(7);
  });
});
