/** @jest-environment node */
import {
  scoreMomentum,
  scoreOverall,
  scoreSupportResistance,
  scoreTimeframe,
  scoreTrend,
} from '@/server/domain/analysis';
import type { PriceLevel, SupportResistance, TrendChannel } from '@/server/domain/analysis';

function channel(overrides: Partial<TrendChannel>): TrendChannel {
  return {
    direction: 'horizontal',
    fromIndex: 0,
    from: '2024-01-02',
    to: '2024-06-28',
    lower: [90, 90],
    upper: [110, 110],
    slopePctPerYear: 0,
    r2: 0,
    breakout: 0,
    ...overrides,
  };
}

function levels(tolerance: number, ...list: PriceLevel[]): SupportResistance {
  return { supports: [], resistances: [], levels: list, tolerance };
}

describe('scoreTrend', () => {
  it.each([
    // rising 40 %/yr: strength min(1, 40/20) = 1, times r2 0.9
    ['strong rise, good fit', { direction: 'rising', slopePctPerYear: 40, r2: 0.9 }, 0.9],
    // rising 10 %/yr: strength 10/20 = 0.5, times r2 0.8 = 0.4
    ['slow rise', { direction: 'rising', slopePctPerYear: 10, r2: 0.8 }, 0.4],
    // falling -15 %/yr: -(15/20) * 0.6 = -0.45
    ['fall', { direction: 'falling', slopePctPerYear: -15, r2: 0.6 }, -0.45],
    // horizontal counts 0, a break above the channel adds 0.5
    ['horizontal breakout up', { direction: 'horizontal', slopePctPerYear: 3, r2: 0.9, breakout: 1 }, 0.5],
    // falling -30 %/yr with r2 0.7 and a break below: -0.7 - 0.5 = -1.2, clamped to -1
    ['fall and break down', { direction: 'falling', slopePctPerYear: -30, r2: 0.7, breakout: -1 }, -1],
    // rising 1.0 plus a break below: 1 - 0.5 = 0.5
    ['rise broken below', { direction: 'rising', slopePctPerYear: 25, r2: 1, breakout: -1 }, 0.5],
  ] as const)('%s', (_name, overrides, expected) => {
    expect(scoreTrend(channel(overrides))).toBeCloseTo(expected, 12);
  });
});

describe('scoreSupportResistance', () => {
  // 12 closes, recent = 5: the reference close is index 12 - 1 - 5 = 6.
  const closesFrom = (ref: number, last: number) => [
    ...Array.from({ length: 6 }, () => 95),
    ref,
    96,
    97,
    98,
    99,
    last,
  ];
  const level = (price: number, touches = 3, firstIndex = 2): PriceLevel => ({
    price,
    touches,
    firstIndex,
    lastIndex: firstIndex + 2,
  });

  it.each([
    // ref 98 < 100 < last 102: broke up through the level
    ['break up through resistance', closesFrom(98, 102), levels(0.01, level(100)), 1],
    // ref 102 > 100 > last 98: broke down through the level
    ['break down through support', closesFrom(102, 98), levels(0.01, level(100)), -1],
    // one touch is not a level to break; rising and the nearest level above (none) is far: +0.5
    ['one-touch level is not broken', closesFrom(98, 102), levels(0.01, level(100, 1)), 0.5],
    // a level formed after the reference session cannot have been broken in the period
    ['level formed after the reference', closesFrom(98, 102), levels(0.01, level(100, 3, 7)), 0.5],
    // rising, nearest level above 120: 120/102 - 1 = 17.6 % > 3 x 1 %: far -> +0.5
    ['rising, resistance far above', closesFrom(98, 102), levels(0.01, level(120)), 0.5],
    // rising, nearest level above 103: 0.98 % < 3 %: near -> 0
    ['rising, resistance near', closesFrom(98, 102), levels(0.01, level(103), level(120)), 0],
    // falling, nearest level below 80: 1 - 80/98 = 18.4 % > 3 %: far -> -0.5
    ['falling, support far below', closesFrom(102, 98), levels(0.01, level(80)), -0.5],
    // falling, nearest level below 97: 1.02 % < 3 %: near -> 0
    ['falling, support near', closesFrom(102, 98), levels(0.01, level(97)), 0],
    // falling with no level below at all: nothing stops the fall -> -0.5
    ['falling, no support', closesFrom(102, 98), levels(0.01), -0.5],
    // unchanged over the period: no move, no break
    ['no move', closesFrom(100, 100), levels(0.01, level(99)), 0],
  ])('%s', (_name, closes, sr, expected) => {
    expect(scoreSupportResistance(closes, sr, 5)).toBe(expected);
  });

  it('is 0 for fewer than two closes', () => {
    expect(scoreSupportResistance([100], levels(0.01), 5)).toBe(0);
  });
});

describe('scoreMomentum', () => {
  it.each([
    [50, 0],
    [65, 0.5],
    [80, 1],
    [100, 1],
    [35, -0.5],
    [20, -1],
    [0, -1],
  ])('RSI %f gives %f', (rsi, expected) => {
    expect(scoreMomentum(rsi)).toBeCloseTo(expected, 12);
  });
});

describe('scoreTimeframe', () => {
  it.each([
    // 0.4*1 + 0.2*0.5 + 0.2*(-0.5) + 0.2*0.25 = 0.4 + 0.1 - 0.1 + 0.05 = 0.45
    [{ trend: 1, supportResistance: 0.5, momentum: -0.5, volume: 0.25 }, 0.45],
    // all +1: 0.4 + 0.2 + 0.2 + 0.2 = 1
    [{ trend: 1, supportResistance: 1, momentum: 1, volume: 1 }, 1],
    // 0.4*(-0.5) + 0.2*(-1) + 0.2*(-0.2) + 0.2*0 = -0.2 - 0.2 - 0.04 = -0.44
    [{ trend: -0.5, supportResistance: -1, momentum: -0.2, volume: 0 }, -0.44],
  ])('%j scores %f', (components, expected) => {
    expect(scoreTimeframe(components)).toBeCloseTo(expected, 12);
  });
});

describe('scoreOverall', () => {
  it.each([
    // (0.6 + 0.6 + 0.6) / 2 = 0.9
    [{ 1: 0.6, 2: 0.6, 3: 0.6 }, 0.9],
    // (1 + 1 + 1) / 2 = 1.5, clamped to 1
    [{ 1: 1, 2: 1, 3: 1 }, 1],
    // (-0.2 + 0.1 + 0.3) / 2 = 0.1
    [{ 1: -0.2, 2: 0.1, 3: 0.3 }, 0.1],
    // (-0.5 - 0.5 - 0.5) / 2 = -0.75
    [{ 1: -0.5, 2: -0.5, 3: -0.5 }, -0.75],
  ])('%j gives %f', (scores, expected) => {
    expect(scoreOverall(scores)).toBeCloseTo(expected, 12);
  });
});
