/** @jest-environment node */
import { TIMEFRAMES } from '@/lib/constants';
import type { Bar } from '@/lib/types/market';
import { analyzeTicker } from '@/server/domain/analysis';
import { mulberry32 } from '@/server/market-data/demo/prng';

function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function dateAt(i: number): string {
  return new Date(Date.UTC(2018, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
}

function bar(i: number, open: number, close: number, random: () => number): Bar {
  return {
    date: dateAt(i),
    open,
    high: Math.max(open, close) * (1 + 0.004 * random()),
    low: Math.min(open, close) * (1 - 0.004 * random()),
    close,
    volume: Math.round(1e5 * (0.5 + random())),
  };
}

/** A geometric random walk: drift and volatility per session, in log terms. */
function trendingBars(seed: number, sessions: number, drift: number, volatility: number): Bar[] {
  const random = mulberry32(seed);
  const bars: Bar[] = [];
  let close = 100;
  for (let i = 0; i < sessions; i++) {
    const open = close;
    close = open * Math.exp(drift + volatility * normal(random));
    bars.push(bar(i, open, close, random));
  }
  return bars;
}

/** Independent noise around 100 (no memory, no trend), ending exactly at 100, mid-range. */
function sidewaysBars(seed: number, sessions: number, volatility: number): Bar[] {
  const random = mulberry32(seed);
  const bars: Bar[] = [];
  let close = 100;
  for (let i = 0; i < sessions; i++) {
    const open = close;
    close = i === sessions - 1 ? 100 : 100 * Math.exp(volatility * normal(random));
    bars.push(bar(i, open, close, random));
  }
  return bars;
}

const USD = { usdPerUnit: 1 };

describe('analyzeTicker scenarios', () => {
  it.each([1, 2, 3])('a clean uptrend (seed %i) is rising and a buy in every timeframe', (seed) => {
    // +0.3 % a session with 0.6 % noise: about +110 %/yr
    const result = analyzeTicker(trendingBars(seed, 1600, 0.003, 0.006), USD);
    expect(result).not.toBeNull();
    for (const timeframe of TIMEFRAMES) {
      const analysis = result!.byTimeframe[timeframe];
      expect(analysis.trend.direction).toBe('rising');
      expect(analysis.technicalScore).toBeGreaterThanOrEqual(0.5);
      expect(analysis.signal).toBe('buy');
    }
    expect(result!.overallSignal).toBe('buy');
  });

  it.each([1, 2, 3])('a clean downtrend (seed %i) is falling and a sell in every timeframe', (seed) => {
    const result = analyzeTicker(trendingBars(seed, 1600, -0.003, 0.006), USD);
    expect(result).not.toBeNull();
    for (const timeframe of TIMEFRAMES) {
      const analysis = result!.byTimeframe[timeframe];
      expect(analysis.trend.direction).toBe('falling');
      expect(analysis.technicalScore).toBeLessThanOrEqual(-0.5);
      expect(analysis.signal).toBe('sell');
    }
    expect(result!.overallSignal).toBe('sell');
  });

  it.each([1, 2, 3, 4, 5])('sideways noise ending mid-range (seed %i) is horizontal and a hold', (seed) => {
    const result = analyzeTicker(sidewaysBars(seed, 1600, 0.02), USD);
    expect(result).not.toBeNull();
    for (const timeframe of TIMEFRAMES) {
      const analysis = result!.byTimeframe[timeframe];
      expect(analysis.trend.direction).toBe('horizontal');
      expect(analysis.signal).toBe('hold');
    }
    expect(result!.overallSignal).toBe('hold');
  });

  it('a sideways range broken upwards on the last session scores a breakout', () => {
    const bars = sidewaysBars(1, 600, 0.01);
    const last = bars[bars.length - 1];
    bars[bars.length - 1] = { ...last, close: 108, high: 108.5 };
    const analysis = analyzeTicker(bars, USD)!.byTimeframe[2];
    // horizontal channel (0) + breakout above it (+0.5)
    expect(analysis.components.trend).toBeCloseTo(0.5, 12);
    // the close went from inside the range through the levels at its top
    expect(analysis.components.supportResistance).toBe(1);
    expect(analysis.resistances).toEqual([]);
  });
});

describe('analyzeTicker figures', () => {
  it('returns null when no session has volume', () => {
    expect(analyzeTicker([], USD)).toBeNull();
    const silent = trendingBars(1, 30, 0, 0.01).map((b) => ({ ...b, volume: 0 }));
    expect(analyzeTicker(silent, USD)).toBeNull();
  });

  it('drops zero-volume sessions before any calculation', () => {
    const bars = trendingBars(7, 500, 0.001, 0.01);
    const withHolidays = bars.flatMap((b, i) =>
      i % 10 === 5 ? [b, { ...b, date: `${b.date}h`, close: b.close * 3, volume: 0 }] : [b],
    );
    expect(analyzeTicker(withHolidays, USD)).toEqual(analyzeTicker(bars, USD));
  });

  it('reports the last counted session and its change against the previous counted close', () => {
    const bars: Bar[] = [
      { date: '2024-01-02', open: 100, high: 101, low: 99, close: 100, volume: 1000 },
      { date: '2024-01-03', open: 100, high: 120, low: 90, close: 110, volume: 0 },
      { date: '2024-01-04', open: 100, high: 104, low: 100, close: 103, volume: 2000 },
    ];
    // 103 / 100 - 1 = 3 %; the zero-volume 110 does not count
    expect(analyzeTicker(bars, USD)!.last).toEqual({
      date: '2024-01-04',
      close: 103,
      changePct: expect.closeTo(3, 10) as number,
      volume: 2000,
    });
  });

  it('analyses a single session without NaN', () => {
    const result = analyzeTicker(
      [{ date: '2024-01-02', open: 5, high: 6, low: 4, close: 5, volume: 10 }],
      USD,
    )!;
    expect(result.last.changePct).toBe(0);
    expect(result.byTimeframe[1]).toMatchObject({
      rsi: 50,
      volbal5: 0,
      // one window: (6 - 4) / 4 = 50 %
      volatilityPct: 50,
      volatilityRisk: 4,
      // 5 * 10 = 50 USD a day
      turnoverAvg66: 50,
      liquidityRisk: 4,
      trend: { direction: 'horizontal', from: '2024-01-02', to: '2024-01-02', lower: [5, 5], upper: [5, 5] },
      supports: [],
      resistances: [],
    });
  });

  it('converts turnover to USD for liquidity_risk only', () => {
    // close 50 x volume 40,000 = 2,000,000 a day in the ticker's currency
    const bars = trendingBars(3, 100, 0, 0).map((b) => ({
      ...b,
      close: 50,
      high: 50,
      low: 50,
      volume: 40_000,
    }));
    const nok = analyzeTicker(bars, { usdPerUnit: 1 / 10 })!.byTimeframe[2];
    expect(nok.turnoverAvg66).toBe(2_000_000);
    // 2,000,000 NOK / 10 = 200,000 USD: medium
    expect(nok.liquidityRisk).toBe(2);
    expect(analyzeTicker(bars, USD)!.byTimeframe[2].liquidityRisk).toBe(1);
  });

  it('rejects a usdPerUnit that is not a positive number', () => {
    const bars = trendingBars(3, 20, 0, 0.01);
    for (const usdPerUnit of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => analyzeTicker(bars, { usdPerUnit })).toThrow(RangeError);
    }
  });

  it('uses volbal 5 / 22 / 66 as the volume component and each timeframe its own window', () => {
    const bars = trendingBars(11, 2000, 0.0005, 0.015);
    const result = analyzeTicker(bars, USD)!;
    const { 1: short, 2: medium, 3: long } = result.byTimeframe;
    expect([short.timeframe, medium.timeframe, long.timeframe]).toEqual([1, 2, 3]);
    expect(short.components.volume).toBe(short.volbal5);
    expect(medium.components.volume).toBe(medium.volbal22);
    expect(long.components.volume).toBe(long.volbal66);
    // channels end at the last session and start inside their window (105 / 395 / 1500 sessions)
    for (const [analysis, sessions] of [
      [short, 105],
      [medium, 395],
      [long, 1500],
    ] as const) {
      expect(analysis.trend.to).toBe(bars[1999].date);
      expect(analysis.trend.from >= bars[2000 - sessions].date).toBe(true);
    }
    // ticker-wide figures are the same in every timeframe
    expect(short.rsi).toBe(long.rsi);
    expect(short.volatilityPct).toBe(long.volatilityPct);
  });
});
