/** @jest-environment node */
/**
 * The daily sum's number path (scaled.ts: ScaledCloses, ScaledDaySum) against
 * decimals computed here with a 200-digit Decimal configuration, and the whole series against the
 * one-pass Decimal oracle with values that force the exact BigInt fallback.
 */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  computePerformance,
  createFxRateOn,
  PortfolioDecimal,
  toApiNumber,
  toPerformancePointDto,
  type CurrencyCode,
  type PricePoint,
  type TransactionInput,
} from '@/server/domain/portfolio';
import {
  BIG_SCALE,
  MAX_NUMBER_SCALE,
  ScaledCloses,
  ScaledDaySum,
  divRounded,
  indexReturn,
  minusRounded,
  scaledApiNumber,
  mulRounded,
  scaledToDecimal,
} from '@/server/domain/portfolio/performance/scaled';
import { referencePerformance } from './fixtures/referencePerformance';
import { BUY, MAX_SAFE, SELL, SPLIT, Wide, digits, tx, wide } from './helpers';

describe('ScaledDaySum: plain-number sums per scale with an exact BigInt fallback', () => {
  type Term = { kind: 'number'; int: number; scale: number } | { kind: 'big'; int: bigint; scale: number };
  // Small digits, digits near 2^53 (two of them overflow a scale's sum), and huge bigints.
  const numberTerm = fc.record({
    kind: fc.constant('number' as const),
    int: fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }),
      fc.integer({ min: MAX_SAFE - 1_000, max: MAX_SAFE }),
      fc.integer({ min: -MAX_SAFE, max: -MAX_SAFE + 1_000 }),
      fc.integer({ min: -MAX_SAFE, max: MAX_SAFE }),
    ),
    scale: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: MAX_NUMBER_SCALE })),
  });
  const bigTerm = fc.record({
    kind: fc.constant('big' as const),
    int: fc.bigInt({ min: -(10n ** 45n), max: 10n ** 45n }),
    scale: fc.integer({ min: 0, max: 48 }),
  });
  const day = fc.array(fc.oneof({ weight: 4, arbitrary: numberTerm }, { weight: 1, arbitrary: bigTerm }), {
    maxLength: 60,
  });

  it('gives the exact sum of every day, day after day (a reset between days)', () => {
    fc.assert(
      fc.property(fc.array(day, { minLength: 1, maxLength: 5 }), (days: Term[][]) => {
        const sum = new ScaledDaySum();
        for (const terms of days) {
          let expected = new Wide(0);
          for (const t of terms) {
            if (t.kind === 'number') sum.addNumber(t.int, t.scale);
            else sum.addBig(t.int, t.scale);
            expected = expected.plus(wide(t.int, t.scale));
          }
          const total = sum.takeDecimal();
          if (!total.eq(expected.toString())) return false;
          // fitsPrecision promises at most 40 significant digits (0 + total is then total itself).
          if (sum.fitsPrecision && expected.sd() > 40) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('overflows a scale past 2^53 into the exact sum: (2^53 − 1) + (2^53 − 1) + 3 at scale 8', () => {
    // 9007199254740991 + 9007199254740991 + 3 = 18014398509481985 → 180143985.09481985.
    const sum = new ScaledDaySum();
    sum.addNumber(MAX_SAFE, 8);
    sum.addNumber(MAX_SAFE, 8);
    sum.addNumber(3, 8);
    expect(sum.takeDecimal().toString()).toBe('180143985.09481985');
    // Scales 0 and 30 do not align in numbers (10^30 × 7): 7 + 0.000…001 (30 decimals).
    sum.addNumber(7, 0);
    sum.addNumber(1, 30);
    expect(sum.takeDecimal().toString()).toBe('7.000000000000000000000000000001');
    // Nothing added: 0.
    expect(sum.takeDecimal().toString()).toBe('0');
  });

  it('gives the same Decimal object back for an unchanged total', () => {
    const sum = new ScaledDaySum();
    sum.addNumber(1234, 2);
    const first = sum.takeDecimal();
    sum.addNumber(1000, 2);
    sum.addNumber(234, 2);
    expect(sum.takeDecimal()).toBe(first);
    sum.addNumber(1235, 2);
    expect(sum.takeDecimal().toString()).toBe('12.35');
  });
});

describe('ScaledCloses: a series read as digits and scales', () => {
  // Stored closes (doubles with up to 8 decimals, some near 10^6 and 10^9), any double, long
  // decimal strings, and Decimals with more digits than a double holds.
  const close = fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: 0, max: 99_999_999 }), fc.nat(8))
      .map(([int, fraction, dp]) => Number(`${int}.${String(fraction).padStart(8, '0').slice(0, dp)}`)),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat(25))
      .map(([int, scale]) => wide(int, scale).toFixed(scale)),
    fc
      .tuple(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.nat(12))
      .map(([int, scale]) => new PortfolioDecimal(wide(int, scale).toFixed(scale))),
  );

  it('reads every close exactly, in any order', () => {
    fc.assert(
      fc.property(fc.array(close, { minLength: 1, maxLength: 40 }), fc.nat(), (closes, seed) => {
        const points: PricePoint[] = closes.map((c) => ({ date: '2024-01-02', close: c }));
        const series = new ScaledCloses(points);
        for (let k = 0; k < points.length; k++) {
          const i = (seed + k * 7) % points.length;
          // A double is taken as its shortest decimal form (String), as Decimal takes it.
          const expected = new Wide(String(closes[i]));
          const exact = series.exact(i);
          if (!wide(exact.int, exact.scale).eq(expected)) return false;
          const scale = series.scale(i);
          if (scale !== BIG_SCALE) {
            if (!Number.isSafeInteger(series.digits[i]) || scale > MAX_NUMBER_SCALE) return false;
            if (!wide(series.digits[i], scale).eq(expected)) return false;
          }
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });

  it('keeps 8-decimal closes near 10^6 in numbers and a 17-digit one as a bigint', () => {
    const series = new ScaledCloses([
      { date: '2024-01-02', close: 999999.99999999 },
      { date: '2024-01-03', close: '123456789.123456789' },
      { date: '2024-01-04', close: 0.1 + 0.2 },
    ]);
    expect([series.scale(0), series.digits[0]]).toEqual([8, 99999999999999]);
    // 123456789123456789 is beyond 2^53.
    expect(series.scale(1)).toBe(BIG_SCALE);
    expect(series.exact(1)).toEqual({ int: 123456789123456789n, scale: 9 });
    // 0.30000000000000004: 17 decimals, read through its string; 3·10^16 + 4 is beyond 2^53.
    expect(series.scale(2)).toBe(BIG_SCALE);
    expect(series.exact(2)).toEqual({ int: 30000000000000004n, scale: 17 });
  });
});

describe('indexReturn: close / anchor − 1 in bigints, rounded as Decimal rounds', () => {
  // Any digits up to 45 and scales up to 30: quotients that end, that repeat, ties at the 41st
  // digit (x / 2^k, x / 5^k) and quotients far from 1 (a return below -0.9 rounds again).
  const amount = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 45n }), fc.nat(30))
    .map(([int, scale]) => ({ int, scale }));
  const small = fc
    .tuple(fc.integer({ min: 1, max: 2_000_000 }), fc.nat(8))
    .map(([int, scale]) => ({ int: BigInt(int), scale }));
  const tie = fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 41n }), fc.constantFrom(2n, 4n, 8n, 5n, 25n, 125n, 16n))
    .map(
      ([int, d]) =>
        [
          { int: int * 10n + 5n, scale: 41 },
          { int: d, scale: 0 },
        ] as const,
    );

  const twrOf = (close: { int: bigint; scale: number }, anchor: { int: bigint; scale: number }) =>
    scaledToDecimal(indexReturn(close, anchor));

  /** The Decimal way, as combinePerformance did it: close.div(anchor).minus(1) in the portfolio configuration. */
  const byDecimal = (close: { int: bigint; scale: number }, anchor: { int: bigint; scale: number }) =>
    new PortfolioDecimal(wide(close.int, close.scale).toFixed(close.scale))
      .div(new PortfolioDecimal(wide(anchor.int, anchor.scale).toFixed(anchor.scale)))
      .minus(1)
      .toString();

  it('gives the digits of close.div(anchor).minus(1)', () => {
    fc.assert(
      fc.property(fc.oneof(amount, small), fc.oneof(amount, small), (close, anchor) => {
        return twrOf(close, anchor).toString() === byDecimal(close, anchor);
      }),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(tie, ([close, anchor]) => twrOf(close, anchor).toString() === byDecimal(close, anchor)),
      { numRuns: 500 },
    );
  });

  it('rounds the quotient half-up at 40 digits, then the difference again (hand-worked)', () => {
    // 2 / 3 = 0.6666666666666666666666666666666666666667 (40 digits, the last one rounded up),
    // − 1 = −0.3333333333333333333333333333333333333333.
    expect(twrOf({ int: 2n, scale: 0 }, { int: 3n, scale: 0 }).toString()).toBe(
      '-0.3333333333333333333333333333333333333333',
    );
    // 1 / 30 = 0.03333333333333333333333333333333333333333 (40 digits from the first 3);
    // − 1 = −0.96666666666666666666666666666666666666667 has 41 digits: half-up to
    // −0.9666666666666666666666666666666666666667.
    expect(twrOf({ int: 1n, scale: 0 }, { int: 30n, scale: 0 }).toString()).toBe(
      '-0.9666666666666666666666666666666666666667',
    );
    // 1234.5 / 1000 − 1 = 0.2345 exactly; 0 / 7 − 1 = −1.
    expect(twrOf({ int: 12345n, scale: 1 }, { int: 1000n, scale: 0 }).toString()).toBe('0.2345');
    expect(twrOf({ int: 0n, scale: 0 }, { int: 7n, scale: 0 }).toString()).toBe('-1');
  });
});

describe('the daily chain in bigints: minus, mul, div rounded as Decimal rounds', () => {
  // Signed operands with up to 45 digits and scales up to 45 (a growth factor of 40 digits times
  // another is 80 digits before rounding), and small ones.
  const operand = fc.oneof(
    fc.tuple(fc.bigInt({ min: -(10n ** 45n), max: 10n ** 45n }), fc.nat(45)),
    fc.tuple(fc.bigInt({ min: -2_000_000n, max: 2_000_000n }), fc.nat(8)),
  );
  const decimalOf = ([int, scale]: [bigint, number]) => new PortfolioDecimal(wide(int, scale).toFixed(scale));
  const scaledOfTuple = ([int, scale]: [bigint, number]) => ({ int, scale });

  it('gives the digits of Decimal minus, mul and div', () => {
    fc.assert(
      fc.property(operand, operand, (a, b) => {
        const x = scaledOfTuple(a);
        const y = scaledOfTuple(b);
        const text = (v: { int: bigint; scale: number }) => scaledToDecimal(v).toString();
        if (text(minusRounded(x, y)) !== decimalOf(a).minus(decimalOf(b)).toString()) return false;
        if (text(mulRounded(x, y)) !== decimalOf(a).mul(decimalOf(b)).toString()) return false;
        if (b[0] !== 0n && text(divRounded(x, y)) !== decimalOf(a).div(decimalOf(b)).toString()) return false;
        return true;
      }),
      { numRuns: 3000 },
    );
  });

  it('rounds a 41-digit product half-up (hand-worked)', () => {
    // 1.000000000000000000001 × 1.0000000000000000005 = 1.0000000000000000005010000000000000000005
    // (41 digits, ending in a 5): half-up at 40 digits gives
    // 1.000000000000000000501000000000000000001 (Python's decimal, prec 40, ROUND_HALF_UP).
    const a = { int: 1000000000000000000001n, scale: 21 };
    const b = { int: 10000000000000000005n, scale: 19 };
    expect(scaledToDecimal(mulRounded(a, b)).toString()).toBe('1.000000000000000000501000000000000000001');
  });
});

describe('scaledApiNumber: the JSON number of a scaled integer as toApiNumber gives it', () => {
  it('snaps to 34 digits and rounds to 6 decimals, both half-up, as toApiNumber does', () => {
    const value = fc.oneof(
      fc.tuple(fc.bigInt({ min: -(10n ** 45n), max: 10n ** 45n }), fc.nat(45)),
      fc.tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.nat(10)),
      // Halves at the 7th decimal and at the 35th digit.
      fc
        .tuple(fc.bigInt({ min: -(10n ** 10n), max: 10n ** 10n }), fc.constant(7))
        .map(([int, scale]) => [int * 10n + 5n, scale + 1] as [bigint, number]),
      fc
        .tuple(fc.bigInt({ min: 10n ** 33n, max: 10n ** 34n }), fc.nat(40))
        .map(([int, scale]) => [int * 10n + 5n, scale] as [bigint, number]),
    );
    fc.assert(
      fc.property(value, ([int, scale]) => {
        const expected = toApiNumber(new PortfolioDecimal(wide(int, scale).toFixed(scale)));
        return Object.is(scaledApiNumber({ int, scale }), expected);
      }),
      { numRuns: 3000 },
    );
    // 0.0000005 → 0.000001; −0.0000004 → 0 (not −0); 1.23456749999… (35 digits) snaps to 1.2345675 then 1.234568.
    expect(scaledApiNumber({ int: 5n, scale: 7 })).toBe(0.000001);
    expect(Object.is(scaledApiNumber({ int: -4n, scale: 7 }), 0)).toBe(true);
    expect(scaledApiNumber({ int: 12345674999999999999999999999999999999n, scale: 37 })).toBe(1.234568);
  });
});

describe('toPerformancePointDto of a point it did not compute (Decimals only)', () => {
  it('rounds as toApiNumber: 6 decimals half-up after a 34-digit snap, plain numbers kept', () => {
    const dto = toPerformancePointDto({
      date: '2024-01-02',
      // 2.1234564999999999999999999999999999999 (38 digits) snaps to 2.123456500000000000000000000000000
      // (34 digits), then 2.123457.
      valueBase: new PortfolioDecimal('2.1234564999999999999999999999999999999'),
      // 7 decimals: 1.0000005 → 1.000001.
      investedBase: new PortfolioDecimal('1.0000005'),
      cashFlowBase: new PortfolioDecimal('0'),
      // 6 decimals and fewer than 34 digits: as it is.
      twr: new PortfolioDecimal('-0.123456'),
      indexTwr: new PortfolioDecimal('-0.0000004'),
    });
    expect(dto).toEqual({
      date: '2024-01-02',
      value_base: 2.123457,
      invested_base: 1.000001,
      twr: -0.123456,
      index_twr: 0,
    });
    expect(Object.is(dto.index_twr, 0)).toBe(true);
  });
});

describe('the series with the number path and its fallback, to the last digit', () => {
  it('values a day past 2^53 exactly (hand-worked)', () => {
    // Worked out with Python's decimal module (100 digits):
    // D1: 1234.56789012 × 999999.99999999 = 1234567890.1199876543210988  (digits past 2^53: BigInt)
    //     90071992.54740991 × 1 twice     =  180143985.09481982            (two × (2^53 − 1) at scale 8)
    //     3 × 12.34                        =         37.02
    //     sum                              = 1414711912.2348074743210988
    // D2: ticker 1 closes at 1000000.5, the others carried: 1234.56789012 × 1000000.5
    //     = 1234568507.853840060; + 180143985.09481982 + 37.02 = 1414712529.518764880
    const D1 = '2024-01-02';
    const D2 = '2024-01-03';
    const q = '90071992.54740991';
    const points = computePerformance({
      transactions: [
        tx(1, 1, D1, BUY, '1234.56789012', 5),
        tx(2, 2, D1, BUY, q, 1),
        tx(3, 3, D1, BUY, q, 1),
        tx(4, 4, D1, BUY, 3, 12.34),
      ],
      tickers: new Map([1, 2, 3, 4].map((id) => [id, { currency: 'NOK' as const }])),
      closes: new Map([
        [
          1,
          [
            { date: D1, close: 999999.99999999 },
            { date: D2, close: 1000000.5 },
          ],
        ],
        [2, [{ date: D1, close: 1 }]],
        [3, [{ date: D1, close: 1 }]],
        [4, [{ date: D1, close: 12.34 }]],
      ]),
      fxRateOn: createFxRateOn([]),
      from: D1,
      to: D2,
    });
    expect(points.map((p) => p.valueBase.toString())).toEqual([
      '1414711912.2348074743210988',
      '1414712529.51876488',
    ]);
  });

  it('rounds a day beyond 40 digits as a Decimal sum does (0 + it, at the portfolio precision)', () => {
    // 1 share split 1 for 3 is 1/3 at 40 digits: 0.3333333333333333333333333333333333333333.
    // × 12.345678 = 4.1152259999999999999999999999999999999995884774 exactly (46 digits), which the
    // portfolio Decimal (40 digits, half-up) rounds to 4.115226000000000000000000000000000000000
    // (Python's decimal module, Context(prec=40, rounding=ROUND_HALF_UP)).
    const D1 = '2024-01-02';
    const D2 = '2024-01-03';
    const points = computePerformance({
      transactions: [
        tx(1, 1, D1, BUY, 1, 10),
        { ...tx(2, 1, D2, SPLIT, '0.3333333333', 0), splitTo: 1, splitFrom: 3 },
      ],
      tickers: new Map([[1, { currency: 'NOK' as const }]]),
      closes: new Map([
        [
          1,
          [
            { date: D1, close: 10 },
            { date: D2, close: 12.345678 },
          ],
        ],
      ]),
      fxRateOn: createFxRateOn([]),
      from: D1,
      to: D2,
    });
    expect(points.map((p) => p.valueBase.toString())).toEqual(['10', '4.115226']);
  });

  it('rounds a converted total beyond 40 digits as Decimal × rate does', () => {
    // Python's decimal module (200 digits, then Context(prec=40, rounding=ROUND_HALF_UP)):
    // 1234.56789012 × 123456.123456789012345678 = 152414965.85844225196160232056090136 USD, exactly;
    // × 10.871234 = 1656938758.94913659656153784176056993547824 (42 digits)
    // → 1656938758.949136596561537841760569935478 NOK at 40 digits.
    const D1 = '2024-01-02';
    const points = computePerformance({
      transactions: [tx(1, 1, D1, BUY, '1234.56789012', 5)],
      tickers: new Map([[1, { currency: 'USD' as const }]]),
      closes: new Map([[1, [{ date: D1, close: '123456.123456789012345678' }]]]),
      fxRateOn: createFxRateOn([{ date: D1, rate: '10.871234' }]),
      from: D1,
      to: D1,
    });
    expect(points.map((p) => p.valueBase.toString())).toEqual(['1656938758.949136596561537841760569935478']);
  });

  it('rounds a day whose totals together pass 40 digits as Decimal + does', () => {
    // Python's decimal module (200 digits, then Context(prec=40, rounding=ROUND_HALF_UP)):
    // NOK: 1234.56789012 × 123456.123456789012345678 = 152414965.85844225196160232056090136 (35 digits)
    // USD: 0.00000001 × 0.000000000000000000000001 × 10.871234 = 1.0871234E-31
    // sum 152414965.85844225196160232056090136000010871234 (47 digits)
    // → 152414965.8584422519616023205609013600001 at 40 digits.
    const D1 = '2024-01-02';
    const points = computePerformance({
      transactions: [tx(1, 1, D1, BUY, '1234.56789012', 5), tx(2, 2, D1, BUY, '0.00000001', 5)],
      tickers: new Map([
        [1, { currency: 'NOK' as const }],
        [2, { currency: 'USD' as const }],
      ]),
      closes: new Map([
        [1, [{ date: D1, close: '123456.123456789012345678' }]],
        [2, [{ date: D1, close: '0.000000000000000000000001' }]],
      ]),
      fxRateOn: createFxRateOn([{ date: D1, rate: '10.871234' }]),
      from: D1,
      to: D1,
    });
    expect(points.map((p) => p.valueBase.toString())).toEqual(['152414965.8584422519616023205609013600001']);
  });

  const DATES = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-08'];
  const TICKERS = 50;
  const currencyOf = (id: number): CurrencyCode => (id % 5 === 0 ? 'USD' : 'NOK');
  const tickers = new Map(
    Array.from({ length: TICKERS }, (_, k) => [k + 1, { currency: currencyOf(k + 1) }]),
  );
  const fxRateOn = createFxRateOn([
    { date: '2024-01-02', rate: '10.5' },
    { date: '2024-01-04', rate: '10.8712' },
  ]);
  // Quantities with 8 decimals up to 10,000 and closes near 10^6 with 8 decimals (their product's
  // digits are far past 2^53), beside whole quantities and 2-decimal closes (the number path).
  const bigQuantity = fc
    .tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 99_999_999 }))
    .map(([int, fraction]) => `${int}.${String(fraction).padStart(8, '0')}`);
  const smallQuantity = fc.integer({ min: 1, max: 500 }).map(String);
  const bigClose = fc
    .tuple(fc.integer({ min: 900_000, max: 1_100_000 }), fc.integer({ min: 0, max: 99_999_999 }))
    .map(([int, fraction]) => Number(`${int}.${String(fraction).padStart(8, '0')}`));
  const smallClose = fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100);
  const tickerArb = fc.record({
    big: fc.boolean(),
    trades: fc.array(
      fc.record({
        day: fc.nat(DATES.length - 1),
        sell: fc.boolean(),
        quantity: fc.tuple(bigQuantity, smallQuantity),
        price: smallClose,
      }),
      { minLength: 1, maxLength: 3 },
    ),
    closes: fc.array(fc.option(fc.tuple(bigClose, smallClose), { nil: null }), {
      minLength: DATES.length,
      maxLength: DATES.length,
    }),
  });

  it('matches the one-pass Decimal oracle for 50 tickers (value, invested, twr, index twr)', () => {
    fc.assert(
      fc.property(
        fc.array(tickerArb, { minLength: TICKERS, maxLength: TICKERS }),
        fc.array(smallClose, { minLength: DATES.length, maxLength: DATES.length }),
        fc.constantFrom<CurrencyCode>('NOK', 'USD'),
        (specs, index, baseCurrency) => {
          const transactions: TransactionInput[] = [];
          const closes = new Map<number, PricePoint[]>();
          let id = 1;
          specs.forEach((spec, k) => {
            const tickerId = k + 1;
            let held = new Decimal(0);
            const trades = [...spec.trades].sort((a, b) => a.day - b.day);
            for (const t of trades) {
              const quantity = t.quantity[spec.big ? 0 : 1];
              // A sell of at most the holding (all of it when it holds less).
              const sell = t.sell && held.gt(0);
              const q = sell ? Decimal.min(held, quantity).toString() : quantity;
              held = sell ? held.minus(q) : held.plus(q);
              transactions.push(tx(id++, tickerId, DATES[t.day], sell ? SELL : BUY, q, t.price, 1.5));
            }
            closes.set(
              tickerId,
              spec.closes.flatMap((c, i) =>
                c === null ? [] : [{ date: DATES[i], close: c[spec.big ? 0 : 1] }],
              ),
            );
          });
          const input = {
            transactions,
            tickers,
            closes,
            indexCloses: index.map((close, i) => ({ date: DATES[i], close })),
            fxRateOn,
            from: DATES[0],
            to: DATES[DATES.length - 1],
            baseCurrency,
          };
          const points = computePerformance(input);
          const reference = referencePerformance(input);
          expect(digits(points)).toEqual(digits(reference));
          // The JSON numbers too, against toApiNumber of the oracle's Decimals.
          expect(points.map(toPerformancePointDto)).toEqual(
            reference.map((p) => ({
              date: p.date,
              value_base: toApiNumber(p.valueBase),
              invested_base: toApiNumber(p.investedBase),
              twr: toApiNumber(p.twr),
              index_twr: p.indexTwr === null ? null : toApiNumber(p.indexTwr),
            })),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
