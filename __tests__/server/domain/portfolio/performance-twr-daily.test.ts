/** @jest-environment node */
import {
  computePerformance,
  createFxRateOn,
  toPerformancePointDto,
  type ComputePerformanceInput,
  type PerformancePoint,
  type PricePoint,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, s, tx } from './helpers';

const D1 = '2024-01-02';
const D2 = '2024-01-03';
const D3 = '2024-01-04';
const D4 = '2024-01-05';
const nokOnly = createFxRateOn([]);
const nok = new Map([[1, { currency: 'NOK' as const }]]);

function closes(...pairs: [string, number][]): PricePoint[] {
  return pairs.map(([date, close]) => ({ date, close }));
}

function run(
  transactions: TransactionInput[],
  extra: Partial<ComputePerformanceInput> = {},
): PerformancePoint[] {
  return computePerformance({
    transactions,
    tickers: nok,
    closes: new Map([[1, closes([D1, 100], [D2, 110], [D3, 121], [D4, 110])]]),
    fxRateOn: nokOnly,
    from: D1,
    to: D4,
    ...extra,
  });
}

function table(points: PerformancePoint[]): string[][] {
  return points.map((p) => [p.date, s(p.valueBase), s(p.investedBase), s(p.twr)]);
}

describe('performance: daily value, invested and time-weighted return', () => {
  it('chain-links daily returns with flows at the end of the day', () => {
    // D1: buy 10 @ 100 is part of the starting state: V 1000, invested 1000, twr 0.
    // D2: V 1100, no flow → r = 1100/1000 - 1 = 0.1 → twr 0.1
    // D3: buy 10 @ 121 (CF +1210): V 20 × 121 = 2420 → r = (2420 - 1210)/1100 - 1 = 0.1 → twr 1.1 × 1.1 - 1 = 0.21; invested 2210
    // D4: sell 5 @ 110 (CF -550): V 15 × 110 = 1650 → r = (1650 + 550)/2420 - 1 = -1/11 → twr 1.21 × 10/11 - 1 = 0.1;
    //     invested 2210 - 550 = 1660
    const points = run([tx(1, 1, D1, BUY, 10, 100), tx(2, 1, D3, BUY, 10, 121), tx(3, 1, D4, SELL, 5, 110)]);
    expect(table(points)).toEqual([
      [D1, '1000', '1000', '0'],
      [D2, '1100', '1000', '0.1'],
      [D3, '2420', '2210', '0.21'],
      [D4, '1650', '1660', '0.1'],
    ]);
  });

  it('reads closes in columns (dates and a Float64Array, as the database gives them) as it reads points', () => {
    // The same days and figures as the first case, the index in columns too: 1000 → 1100 → 1210 →
    // 1100 is +10 %, +21 %, +10 % from D1.
    const columns = {
      dates: [D1, D2, D3, D4],
      closes: new Float64Array([100, 110, 121, 110]),
    };
    const points = run([tx(1, 1, D1, BUY, 10, 100), tx(2, 1, D3, BUY, 10, 121), tx(3, 1, D4, SELL, 5, 110)], {
      closes: new Map([[1, columns]]),
      indexCloses: { dates: [D1, D2, D3, D4], closes: new Float64Array([1000, 1100, 1210, 1100]) },
    });
    expect(table(points)).toEqual([
      [D1, '1000', '1000', '0'],
      [D2, '1100', '1000', '0.1'],
      [D3, '2420', '2210', '0.21'],
      [D4, '1650', '1660', '0.1'],
    ]);
    expect(points.map((p) => s(p.indexTwr!))).toEqual(['0', '0.1', '0.21', '0.1']);
    // A day between two closes takes the last one (forward fill): D3's 121 on a calendar with D3.5.
    const gap = run([tx(1, 1, D1, BUY, 10, 100)], {
      closes: new Map([[1, { dates: [D1, D3], closes: new Float64Array([100, 121]) }]]),
      indexCloses: { dates: [D1, D2, D3, D4], closes: new Float64Array([1, 1, 1, 1]) },
    });
    expect(table(gap).map((row) => row[1])).toEqual(['1000', '1000', '1210', '1210']);
  });

  it('handles the first buy (no prior value) without dividing by zero', () => {
    // D1: nothing held: V 0, twr 0. D2: buy 10 @ 105 (CF 1050), V 1100; no prior value → r = 1100/1050 - 1.
    // D3: r = 1210/1100 - 1 = 0.1 → twr = 1210/1050 - 1 = 0.15238095238…
    const points = run([tx(1, 1, D2, BUY, 10, 105)]);
    expect(table(points).slice(0, 2)).toEqual([
      [D1, '0', '0', '0'],
      [D2, '1100', '1050', '0.047619047619047619047619047619047619048'],
    ]);
    expect(toPerformancePointDto(points[2]).twr).toBe(0.152381);
  });

  it('keeps the return flat once everything is sold', () => {
    // D1 buy 10 @ 100; D2 sell all @ 110 (CF -1100): r = (0 + 1100)/1000 - 1 = 0.1; D3, D4: no value → r = 0
    const points = run([tx(1, 1, D1, BUY, 10, 100), tx(2, 1, D2, SELL, 10, 110)]);
    expect(table(points).map((row) => row[3])).toEqual(['0', '0.1', '0.1', '0.1']);
    // invested 1000 - 1100 = -100: more came out than went in
    expect(s(points[3].investedBase)).toBe('-100');
  });

  it('counts a dividend as return (cash paid out) without changing invested', () => {
    // flat close 100; D2 dividend 10 × 1 = 10 (CF -10): r = (1000 + 10)/1000 - 1 = 0.01
    const flat = new Map([[1, closes([D1, 100], [D2, 100])]]);
    const points = run([tx(1, 1, D1, BUY, 10, 100), tx(2, 1, D2, DIVIDEND, 10, 1)], { closes: flat, to: D2 });
    expect(table(points)).toEqual([
      [D1, '1000', '1000', '0'],
      [D2, '1000', '1000', '0.01'],
    ]);
  });

  it('values a USD holding at each day’s rate and invests at the trade-date rate', () => {
    // USD/NOK 10 on D1, 11 on D2. buy 1 @ 100 USD on D1 → invested 1000 NOK, V 1000.
    // D2: close still 100 USD but worth 1100 NOK → r = 0.1 (currency effect)
    const points = computePerformance({
      transactions: [tx(1, 1, D1, BUY, 1, 100)],
      tickers: new Map([[1, { currency: 'USD' as const }]]),
      closes: new Map([[1, closes([D1, 100], [D2, 100])]]),
      fxRateOn: createFxRateOn([
        { date: D1, rate: 10 },
        { date: D2, rate: 11 },
      ]),
      from: D1,
      to: D2,
    });
    expect(table(points)).toEqual([
      [D1, '1000', '1000', '0'],
      [D2, '1100', '1000', '0.1'],
    ]);
  });

  it('compares with the index from the first day, forward-filling gaps', () => {
    // index 1000, 1010, (no close on D3 → 1010), 1050 → 0, 0.01, 0.01, 0.05
    const points = run([tx(1, 1, D1, BUY, 10, 100)], {
      indexCloses: closes([D1, 1000], [D2, 1010], [D4, 1050]),
    });
    expect(points.map((p) => (p.indexTwr === null ? null : s(p.indexTwr)))).toEqual([
      '0',
      '0.01',
      '0.01',
      '0.05',
    ]);
  });

  it('has a null index return before the index has any close', () => {
    const points = run([tx(1, 1, D1, BUY, 10, 100)], { indexCloses: closes([D3, 500], [D4, 550]) });
    expect(points.map((p) => (p.indexTwr === null ? null : s(p.indexTwr)))).toEqual([null, null, '0', '0.1']);
    expect(toPerformancePointDto(points[0]).index_twr).toBeNull();
  });

  it('books a weekend trade on the next trading day', () => {
    // Sat 2024-01-06 buy 10 @ 100; calendar Fri 01-05 (nothing held) and Mon 01-08 (close 100): flow lands on Monday
    const points = computePerformance({
      transactions: [tx(1, 1, '2024-01-06', BUY, 10, 100)],
      tickers: nok,
      closes: new Map([[1, closes(['2024-01-05', 99], ['2024-01-08', 100])]]),
      fxRateOn: nokOnly,
      from: '2024-01-05',
      to: '2024-01-08',
    });
    expect(points.map((p) => [p.date, s(p.cashFlowBase), s(p.valueBase), s(p.twr)])).toEqual([
      ['2024-01-05', '0', '0', '0'],
      ['2024-01-08', '1000', '1000', '0'],
    ]);
  });

  it('values a holding with no close yet at its last trade price', () => {
    // ticker 2 has no closes at all: bought 5 @ 20 → valued 100 every day (only the index gives the calendar)
    const points = computePerformance({
      transactions: [tx(1, 2, D1, BUY, 5, 20)],
      tickers: new Map([[2, { currency: 'NOK' as const }]]),
      closes: new Map(),
      indexCloses: closes([D1, 1], [D2, 1]),
      fxRateOn: nokOnly,
      from: D1,
      to: D2,
    });
    expect(points.map((p) => s(p.valueBase))).toEqual(['100', '100']);
  });

  it('is empty when there is no calendar at all', () => {
    expect(
      computePerformance({
        transactions: [],
        tickers: nok,
        closes: new Map(),
        fxRateOn: nokOnly,
        from: D1,
        to: D4,
      }),
    ).toEqual([]);
  });

  it('maps to the JSON shape', () => {
    const [first] = run([tx(1, 1, D1, BUY, 10, 100)], { indexCloses: closes([D1, 1000]) });
    expect(toPerformancePointDto(first)).toEqual({
      date: D1,
      value_base: 1000,
      invested_base: 1000,
      twr: 0,
      index_twr: 0,
    });
  });
});
