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
});
