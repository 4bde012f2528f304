/** @jest-environment node */
/**
 * combinePerformance's fast paths for a day's cash flows and the net invested cash (flows placed
 * by day, summed in safe integers with a rounded bigint fallback, Decimals made only when read)
 * and the scaled-integer helpers under them, against Decimal sums and 200-digit Decimals worked
 * out here.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  PortfolioDecimal,
  ZERO,
  combinePerformance,
  createFxRateOn,
  toApiNumber,
  toPerformancePointDto,
  type PerformanceSeries,
  type TickerTimeline,
  type TimelineFlow,
} from '@/server/domain/portfolio';
import {
  RunningSum,
  digitCount,
  exactApiNumber,
  exactToDecimal,
  plusRounded,
  scaledToDecimal,
  smallScaledOf,
} from '@/server/domain/portfolio/performance/scaled';
import { MAX_SAFE, Wide, wide } from './helpers';

/** `int / 10^scale` as a portfolio Decimal (at most 40 digits: it is not rounded). */
const portfolio = ([int, scale]: [bigint, number]) => new PortfolioDecimal(wide(int, scale).toFixed(scale));

// Amounts as the flows have them: øre amounts, 6-decimal converted ones, digits near 2^53, 40-digit
// ones (a quantity split 1 for 3 times a price), tiny ones with 30 decimals, and exponents either way.
const amount: fc.Arbitrary<Decimal> = fc.oneof(
  fc.integer({ min: -100_000_000, max: 100_000_000 }).map((n) => new PortfolioDecimal(n).div(100)),
  fc
    .tuple(fc.integer({ min: -(10 ** 12), max: 10 ** 12 }), fc.nat(6))
    .map(([n, dp]) => portfolio([BigInt(n), dp])),
  fc
    .tuple(fc.bigInt({ min: BigInt(MAX_SAFE) - 1000n, max: BigInt(MAX_SAFE) + 1000n }), fc.nat(8))
    .map(portfolio),
  fc.tuple(fc.bigInt({ min: -(10n ** 40n) + 1n, max: 10n ** 40n - 1n }), fc.nat(40)).map(portfolio),
  fc
    .tuple(fc.integer({ min: -999, max: 999 }), fc.integer({ min: 20, max: 40 }))
    .map(([n, dp]) => portfolio([BigInt(n), dp])),
  fc
    .tuple(fc.integer({ min: 1, max: 99 }), fc.integer({ min: -25, max: 25 }))
    .map(([n, exp]) => new PortfolioDecimal(`${n}e${exp}`)),
);

describe('smallScaledOf: a Decimal as a safe integer over 10^scale, read from its words', () => {
  it('is the exact value at the fewest decimals, and null only beyond a safe integer', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          amount,
          fc
            .constantFrom('0', '-0', '1e21', '9007199254740991', '9007199254740993', '0.1', '-123.4500')
            .map((t) => new PortfolioDecimal(t)),
        ),
        (d) => {
          const small = smallScaledOf(d);
          // The digits at the Decimal's decimal places, worked out by the 200-digit Decimal.
          const dp = d.decimalPlaces();
          const digits = BigInt(new Wide(d.toString()).mul(new Wide(10).pow(dp)).toFixed(0));
          const safe = (digits < 0n ? -digits : digits) <= BigInt(MAX_SAFE);
          if (small === null) {
            // A safe integer of at most 15 significant digits always spans 3 words or fewer.
            return !safe || d.precision() > 15;
          }
          return (
            Number.isSafeInteger(small.int) &&
            !Object.is(small.int, -0) &&
            small.scale === dp &&
            BigInt(small.int) === digits
          );
        },
      ),
      { numRuns: 3000 },
    );
    // 1.5 is the words [1, 5000000] with the exponent 0: 15 over 10^1.
    expect(smallScaledOf(new PortfolioDecimal('1.5'))).toEqual({ int: 15, scale: 1 });
    // 1.5e10 is [1500] with the exponent 10: 15000000000, no decimals.
    expect(smallScaledOf(new PortfolioDecimal('1.5e10'))).toEqual({ int: 15000000000, scale: 0 });
    expect(smallScaledOf(new PortfolioDecimal('-0.0015'))).toEqual({ int: -15, scale: 4 });
    expect(smallScaledOf(new PortfolioDecimal('9007199254740993'))).toBeNull();
  });
});

describe('digitCount: the digits of a bigint without its string', () => {
  it('is the length of its decimal text, at and around every power of ten', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.bigInt({ min: 0n, max: 10n ** 90n }),
          fc.bigInt({ min: 0n, max: BigInt(MAX_SAFE) * 4n }),
          fc
            .tuple(fc.nat(400), fc.integer({ min: -2, max: 2 }))
            .map(([k, d]) => (10n ** BigInt(k) + BigInt(d) < 0n ? 0n : 10n ** BigInt(k) + BigInt(d))),
        ),
        (n) => digitCount(n) === n.toString().length,
      ),
      { numRuns: 3000 },
    );
    expect(digitCount(0n)).toBe(1);
    expect(digitCount(9007199254740991n)).toBe(16);
    expect(digitCount(10n ** 22n - 1n)).toBe(22);
    expect(digitCount(10n ** 22n)).toBe(23);
  });
});

describe('plusRounded and RunningSum: Decimal plus without Decimals', () => {
  const operand = fc.oneof(
    fc.tuple(fc.bigInt({ min: -(10n ** 45n), max: 10n ** 45n }), fc.nat(45)),
    fc.tuple(fc.bigInt({ min: -2_000_000n, max: 2_000_000n }), fc.nat(8)),
  );

  it('plusRounded gives the digits of Decimal plus', () => {
    fc.assert(
      fc.property(operand, operand, (a, b) => {
        const sum = plusRounded({ int: a[0], scale: a[1] }, { int: b[0], scale: b[1] });
        return scaledToDecimal(sum).toString() === portfolio(a).plus(portfolio(b)).toString();
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the running sum.plus(term) of any terms, from 0 or a start, and its JSON number', () => {
    fc.assert(
      fc.property(fc.option(amount, { nil: null }), fc.array(amount, { maxLength: 30 }), (from, terms) => {
        const sum = new RunningSum();
        let expected = from ?? ZERO;
        if (from !== null) {
          // Start from the exact value of a sum (as a resumed series does).
          const start = new RunningSum();
          start.add(from);
          sum.reset(start.value);
        }
        for (const term of terms) {
          sum.add(term);
          expected = expected.plus(term);
          const value = sum.value;
          if (exactToDecimal(value).toString() !== expected.toString()) return false;
          if (sum.positive !== expected.gt(0)) return false;
          if (!Object.is(exactApiNumber(value), toApiNumber(expected))) return false;
        }
        return true;
      }),
      { numRuns: 1000 },
    );
  });

  it('rounds once a partial sum passes 40 digits (hand-worked)', () => {
    // 10^30 + 0.0000000000001 (44 digits) rounds to 10^30 at 40 digits; − 10^30 then gives 0, where
    // the exact sum would be 0.0000000000001.
    const sum = new RunningSum();
    sum.add(new PortfolioDecimal('1e30'));
    sum.add(new PortfolioDecimal('1e-13'));
    sum.add(new PortfolioDecimal('-1e30'));
    expect(exactToDecimal(sum.value).toString()).toBe('0');
    // 2^53 − 1 and 1 more: past the safe integers, exactly 9007199254740992.
    sum.reset();
    sum.add(new PortfolioDecimal(MAX_SAFE));
    sum.add(new PortfolioDecimal(1));
    expect(exactToDecimal(sum.value).toString()).toBe('9007199254740992');
  });
});

describe("combinePerformance: a day's cash flow and the net invested cash", () => {
  const DATES = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08'];
  // Each ticker's flows: a day, whether the flow is dated the calendar day or a day before it
  // (a weekend trade booked on the next session), and what changes the invested cash.
  const flowSpec = fc.record({
    day: fc.nat(DATES.length - 1),
    early: fc.boolean(),
    flow: amount,
    invested: fc.oneof(fc.constant('same' as const), fc.constant(null), amount),
  });
  const tickersArb = fc.array(fc.array(flowSpec, { maxLength: 12 }), { minLength: 1, maxLength: 40 });

  /** The timelines of the specs: ids unique across tickers and shuffled by `seed`. */
  function timelinesOf(specs: (typeof flowSpec extends fc.Arbitrary<infer T> ? T : never)[][], seed: number) {
    const all: TimelineFlow[] = [];
    const timelines = new Map<number, TickerTimeline>();
    let n = 0;
    specs.forEach((list, t) => {
      const flows = list
        .map((f) => {
          n += 1;
          const date = f.early && f.day > 0 ? `2024-01-0${Number(DATES[f.day].slice(-1)) - 1}` : DATES[f.day];
          return {
            date: f.day > 0 && date <= DATES[f.day - 1] ? DATES[f.day] : date,
            // Unique ids in an order unlike the tickers': n · m mod the prime 997 for an m from 1 to
            // 996 (n stays below 997: at most 40 × 12 flows).
            id: (n * ((seed % 996) + 1)) % 997,
            day: f.day,
            flow: f.flow,
            invested: f.invested === 'same' ? f.flow : f.invested,
          };
        })
        .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
      all.push(...flows);
      timelines.set(t + 1, {
        tickerId: t + 1,
        currency: 'NOK',
        first: flows.length ? { date: flows[0].date, id: flows[0].id, day: flows[0].day } : null,
        steps: [],
        flows,
      });
    });
    return { timelines, all };
  }

  it('sums each day in (date, id) order across tickers as Decimal plus does, in one part or many', () => {
    fc.assert(
      fc.property(tickersArb, fc.nat(), fc.integer({ min: 1, max: 3 }), (specs, seed, part) => {
        const { timelines, all } = timelinesOf(specs, seed);
        // (date, id) orders them all: no two share an id.
        expect(new Set(all.map((f) => f.id)).size).toBe(all.length);
        // Expected: every flow in (date, id) order, summed day by day with Decimal plus.
        const ordered = [...all].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id));
        let invested = ZERO;
        const expected = DATES.map((date, day) => {
          let flow = ZERO;
          for (const f of ordered.filter((x) => x.day === day)) {
            flow = flow.plus(f.flow);
            if (f.invested !== null) invested = invested.plus(f.invested);
          }
          return [date, flow.toString(), invested.toString(), toApiNumber(invested)];
        });
        const input = {
          calendar: DATES,
          timelines,
          closes: new Map(),
          fxRateOn: createFxRateOn([]),
        };
        let series: PerformanceSeries = combinePerformance({ ...input, maxDays: part });
        while (series.points.length < DATES.length) {
          series = combinePerformance({ ...input, maxDays: part, previous: series });
        }
        const whole = combinePerformance(input);
        for (const s of [series, whole]) {
          expect(
            s.points.map((p) => [
              p.date,
              p.cashFlowBase.toString(),
              p.investedBase.toString(),
              toPerformancePointDto(p).invested_base,
            ]),
          ).toEqual(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('orders a day by date, then id, across tickers (hand-worked)', () => {
    // Ticker 1 pays in 10^30 (id 1) and takes it out (id 3); ticker 2 adds 10^-13 (id 2) between.
    // In (date, id) order: 10^30 + 10^-13 has 44 digits and rounds to 10^30 at 40, − 10^30 = 0.
    // Ticker by ticker it would be 10^30 − 10^30 + 10^-13 = 0.0000000000001. On 01-03, 38 more
    // tickers add 0 (ids 10 to 47): 40 flows that day; on 01-04 the three alone.
    const big = new PortfolioDecimal('1e30');
    const tiny = new PortfolioDecimal('1e-13');
    const timelines = new Map<number, TickerTimeline>();
    const flowsOf = (t: number): TimelineFlow[] => {
      const on = (day: number, id: number, flow: Decimal) => ({
        date: DATES[day],
        id,
        day,
        flow,
        invested: flow,
      });
      if (t === 1) return [on(1, 1, big), on(1, 3, big.neg()), on(2, 1001, big), on(2, 1003, big.neg())];
      if (t === 2) return [on(1, 2, tiny), on(2, 1002, tiny)];
      return [on(1, t + 7, ZERO)];
    };
    for (let t = 1; t <= 40; t++) {
      const flows = flowsOf(t);
      timelines.set(t, { tickerId: t, currency: 'NOK', first: flows[0], steps: [], flows });
    }
    const series = combinePerformance({
      calendar: DATES,
      timelines,
      closes: new Map(),
      fxRateOn: createFxRateOn([]),
    });
    expect(series.points.map((p) => [p.cashFlowBase.toString(), p.investedBase.toString()])).toEqual([
      ['0', '0'],
      ['0', '0'],
      ['0', '0'],
      ['0', '0'],
      ['0', '0'],
    ]);
    // No flow on a day: the shared 0.
    expect(series.points[0].cashFlowBase).toBe(ZERO);
  });
});
