/** @jest-environment node */
import fc from 'fast-check';
import { signalForScore, TIMEFRAMES } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import { analyzeTicker } from '@/server/domain/analysis';
import type { TickerAnalysisResult } from '@/server/domain/analysis';

const MIN_PRICE = 1e-4;
const MAX_PRICE = 1e6;

function dateAt(i: number): string {
  return new Date(Date.UTC(2010, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
}

/** Log-uniform in [1e-4, 1e6], so tiny and huge prices are as likely as ordinary ones. */
const price = fc.double({ min: Math.log(MIN_PRICE), max: Math.log(MAX_PRICE), noNaN: true }).map(Math.exp);
const volume = fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_000_000 }));
const wick = fc.double({ min: 0, max: 0.2, noNaN: true });

/** Sessions whose prices are unrelated to each other: any jump between 1e-4 and 1e6. */
const unrelatedBars = fc
  .array(fc.record({ open: price, close: price, up: wick, down: wick, volume }), {
    maxLength: 300,
    size: 'max',
  })
  .map((rows) =>
    rows.map((row, i): Bar => ({
      date: dateAt(i),
      open: row.open,
      close: row.close,
      high: Math.max(row.open, row.close) * (1 + row.up),
      low: Math.min(row.open, row.close) * (1 - row.down),
      volume: row.volume,
    })),
  );

/**
 * Random walks up to 1700 sessions (all three windows) with flat stretches, gaps and silent sessions.
 * size 'max' spreads lengths over the whole range (fast-check's default keeps arrays at about ten).
 */
const step = fc.record({
  kind: fc.constantFrom('move', 'move', 'move', 'flat', 'gap'),
  size: fc.double({ min: -1, max: 1, noNaN: true }),
  wick,
  volume,
});
const walkBars = fc
  .tuple(price, fc.array(step, { minLength: 1, maxLength: 1700, size: 'max' }))
  .map(([start, steps]) => {
    let close = start;
    return steps.map((s, i): Bar => {
      const open = close;
      const move = s.kind === 'flat' ? 0 : s.kind === 'gap' ? s.size * 0.5 : s.size * 0.05;
      close = Math.min(MAX_PRICE, Math.max(MIN_PRICE, open * Math.exp(move)));
      return {
        date: dateAt(i),
        open,
        close,
        high: Math.max(open, close) * (1 + s.wick),
        low: Math.min(open, close) * (1 - s.wick / 2),
        volume: s.volume,
      };
    });
  });

/** One price for every session: the flattest valid series. */
const flatBars = fc.tuple(price, fc.integer({ min: 1, max: 1600 })).map(([p, n]) =>
  Array.from({ length: n }, (_, i): Bar => ({
    date: dateAt(i),
    open: p,
    high: p,
    low: p,
    close: p,
    volume: 100,
  })),
);

const usdPerUnit = fc.constantFrom(1, 1 / 10.7, 1 / 3);

function inUnitRange(x: number): boolean {
  return x >= -1 && x <= 1;
}

function expectAllFinite(value: unknown, path: string): void {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`${path} is ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => expectAllFinite(item, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) expectAllFinite(item, `${path}.${key}`);
  }
}

/** Every figure inside its documented range, and no NaN or Infinity anywhere. */
function checkResult(bars: readonly Bar[], result: TickerAnalysisResult | null): void {
  const counted = bars.filter((b) => b.volume > 0);
  if (counted.length === 0) {
    expect(result).toBeNull();
    return;
  }
  expect(result).not.toBeNull();
  const r = result!;
  expectAllFinite(r, 'result');
  expect(inUnitRange(r.overall)).toBe(true);
  expect(r.overallSignal).toBe(signalForScore(r.overall));
  expect(r.last.date).toBe(counted[counted.length - 1].date);
  expect(r.last.volume).toBeGreaterThan(0);

  for (const timeframe of TIMEFRAMES) {
    const a = r.byTimeframe[timeframe];
    expect(a.timeframe).toBe(timeframe);
    expect(inUnitRange(a.technicalScore)).toBe(true);
    expect(a.signal).toBe(signalForScore(a.technicalScore));
    for (const component of Object.values(a.components)) expect(inUnitRange(component)).toBe(true);
    expect(a.rsi).toBeGreaterThanOrEqual(0);
    expect(a.rsi).toBeLessThanOrEqual(100);
    for (const balance of [a.volbal5, a.volbal22, a.volbal66]) expect(inUnitRange(balance)).toBe(true);
    expect(a.volatilityPct).toBeGreaterThanOrEqual(0);
    expect(a.turnoverAvg66).toBeGreaterThanOrEqual(0);
    expect([1, 2, 3, 4]).toContain(a.volatilityRisk);
    expect([1, 2, 3, 4]).toContain(a.liquidityRisk);
    expect(['rising', 'falling', 'horizontal']).toContain(a.trend.direction);
    expect(a.trend.from <= a.trend.to).toBe(true);
    expect(a.trend.to).toBe(r.last.date);
    expect(a.trend.slopePctPerYear).toBeGreaterThanOrEqual(-100);
    for (const k of [0, 1] as const) {
      expect(a.trend.lower[k]).toBeGreaterThan(0);
      expect(a.trend.lower[k]).toBeLessThanOrEqual(a.trend.upper[k]);
    }
    for (const support of a.supports) expect(support).toBeLessThan(r.last.close);
    for (const resistance of a.resistances) expect(resistance).toBeGreaterThan(r.last.close);
  }
}

describe('analyzeTicker properties', () => {
  it('keeps every output in range for sessions with unrelated prices (1e-4..1e6)', () => {
    fc.assert(
      fc.property(unrelatedBars, usdPerUnit, (bars, usd) => {
        checkResult(bars, analyzeTicker(bars, { usdPerUnit: usd }));
      }),
      { numRuns: 150 },
    );
  });

  it('keeps every output in range for random walks with flats, gaps and zero-volume sessions', () => {
    fc.assert(
      fc.property(walkBars, usdPerUnit, (bars, usd) => {
        checkResult(bars, analyzeTicker(bars, { usdPerUnit: usd }));
      }),
      { numRuns: 60 },
    );
  });

  it('calls a flat series horizontal, with RSI 100 (no losses) and no levels', () => {
    fc.assert(
      fc.property(flatBars, (bars) => {
        const result = analyzeTicker(bars, { usdPerUnit: 1 });
        checkResult(bars, result);
        for (const timeframe of TIMEFRAMES) {
          const a = result!.byTimeframe[timeframe];
          expect(a.trend.direction).toBe('horizontal');
          expect(a.trend.slopePctPerYear).toBe(0);
          expect(a.volatilityPct).toBe(0);
          expect(a.rsi).toBe(bars.length >= 15 ? 100 : 50);
          expect(a.supports).toEqual([]);
          expect(a.resistances).toEqual([]);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('gives the same result with or without zero-volume sessions', () => {
    fc.assert(
      fc.property(unrelatedBars, (bars) => {
        const counted = bars.filter((b) => b.volume > 0);
        expect(analyzeTicker(bars, { usdPerUnit: 1 })).toEqual(analyzeTicker(counted, { usdPerUnit: 1 }));
      }),
      { numRuns: 100 },
    );
  });
});
