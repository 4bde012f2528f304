/** @jest-environment node */
import fc from 'fast-check';
import { detectPatterns, PIVOT_SPAN, type PatternSeries } from '@/server/domain/analysis';
import { PATTERN_KINDS } from '@/lib/patterns';

/** mulberry32: a small seeded generator, so the random walks are the same on every run. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A geometric random walk of `n` sessions: daily log return normal with `sigma` (Box–Muller), the
 * day's high and low a uniform 0..sigma beyond the open/close, volume 1,000..2,000.
 */
function randomWalk(seed: number, n: number, sigma: number): PatternSeries {
  const rnd = mulberry32(seed);
  const dates: string[] = [];
  const high: number[] = [];
  const low: number[] = [];
  const close: number[] = [];
  const volume: number[] = [];
  let price = 100;
  for (let i = 0; i < n; i++) {
    const z = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
    const open = price;
    price = price * Math.exp(sigma * z);
    dates.push(new Date(Date.UTC(2000, 0, 1 + i)).toISOString().slice(0, 10));
    close.push(price);
    high.push(Math.max(open, price) * (1 + sigma * rnd()));
    low.push(Math.min(open, price) * (1 - sigma * rnd()));
    volume.push(1000 + 1000 * rnd());
  }
  return { length: n, dates, high, low, close, volume };
}

function prefix(s: PatternSeries, t: number): PatternSeries {
  return {
    length: t,
    dates: s.dates.slice(0, t),
    high: Array.from(s.high).slice(0, t),
    low: Array.from(s.low).slice(0, t),
    close: Array.from(s.close).slice(0, t),
    volume: Array.from(s.volume).slice(0, t),
  };
}

describe('detectPatterns without look-ahead', () => {
  it('reports the patterns completed by session t the same way whatever sessions follow', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom(2, 3, 5),
        fc.integer({ min: 20, max: 400 }),
        fc.integer({ min: 1, max: 200 }),
        (seed, span, t, more) => {
          const full = randomWalk(seed, t + more, 0.02);
          const completedByT = detectPatterns(prefix(full, t), span).filter((p) => p.status === 'completed');
          const later = detectPatterns(full, span);
          for (const p of completedByT) expect(later).toContainEqual(p);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('detectPatterns on random walks', () => {
  /**
   * 40 seeded walks of 1,000 sessions, 2 % daily volatility (a typical Oslo share), medium-timeframe
   * pivots (span 5). A random walk has no memory, so every shape found in it is chance: the
   * detector should find patterns (it is not silent) but not everywhere. Measured when written:
   * 9.7 completed patterns per 1,000 sessions (all eight kinds present); the accepted range 5..20
   * (one every 50–200 sessions per share, a few a year) is what a chart reader would call
   * "now and then" — a change of the thresholds that leaves it fails here.
   */
  it('completes patterns now and then: a rate per 1,000 sessions within 5..20', () => {
    let completed = 0;
    const byKind = new Map<string, number>(PATTERN_KINDS.map((k) => [k, 0]));
    const walks = 40;
    for (let seed = 1; seed <= walks; seed++) {
      for (const p of detectPatterns(randomWalk(seed, 1000, 0.02), PIVOT_SPAN[2])) {
        if (p.status !== 'completed') continue;
        completed++;
        byKind.set(p.kind, byKind.get(p.kind)! + 1);
      }
    }
    const rate = completed / walks;
    console.log(
      `completed patterns per 1,000 sessions: ${rate.toFixed(1)} (${[...byKind].map(([k, v]) => `${k} ${v}`).join(', ')})`,
    );
    expect(rate).toBeGreaterThanOrEqual(5);
    expect(rate).toBeLessThanOrEqual(20);
    for (const kind of PATTERN_KINDS) expect(byKind.get(kind)).toBeGreaterThan(0);
  });
});
