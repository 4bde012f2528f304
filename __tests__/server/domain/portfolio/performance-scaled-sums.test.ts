/** @jest-environment node */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { computePerformance, createFxRateOn, toDecimal } from '@/server/domain/portfolio';
import { ScaledSum, scaledOf, scaledToDecimal } from '@/server/domain/portfolio/performance/scaled';
import { BUY, s, tx } from './helpers';

describe('scaled integers for the daily sums', () => {
  it('reads numbers, strings and decimals exactly', () => {
    expect(scaledOf('12.3400')).toEqual({ int: 123400n, scale: 4 });
    expect(scaledOf(' -7 ')).toEqual({ int: -7n, scale: 0 });
    // A double is taken as its shortest decimal form, 0.1, as Decimal takes it.
    expect(scaledOf(0.1)).toEqual({ int: 1n, scale: 1 });
    // String(1e-7) is '1e-7' (an exponent): read through Decimal as 0.0000001.
    expect(scaledOf(1e-7)).toEqual({ int: 1n, scale: 7 });
    expect(scaledOf('2.5e3')).toEqual({ int: 2500n, scale: 0 });
    expect(scaledOf(toDecimal('-0.0050'))).toEqual({ int: -5n, scale: 3 });
    expect(() => scaledOf('abc')).toThrow(RangeError);
    expect(() => scaledOf(Number.NaN)).toThrow(RangeError);
  });

  it('reads a double as the digits of String(x) (the fast path for stored closes agrees with the string)', () => {
    // Decimal(String(x)) is the independent reading: the shortest decimal form that gives x back.
    const same = (x: number) => scaledToDecimal(scaledOf(x)).eq(new Decimal(String(x)));
    const close = fc
      .tuple(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([int, fraction]) => Number(`${int}.${String(fraction).padStart(8, '0')}`));
    fc.assert(fc.property(close, same), { numRuns: 2000 });
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), same), { numRuns: 2000 });
    // 0.1 + 0.2 is 0.30000000000000004 as a double: 17 decimals, read through the string.
    expect(scaledOf(0.1 + 0.2)).toEqual({ int: 30000000000000004n, scale: 17 });
    expect(scaledOf(123.45)).toEqual({ int: 12345n, scale: 2 });
  });

  it('writes the digits back out', () => {
    expect(scaledToDecimal({ int: -5n, scale: 3 }).toString()).toBe('-0.005');
    expect(scaledToDecimal({ int: 123456n, scale: 2 }).toString()).toBe('1234.56');
    expect(scaledToDecimal({ int: 42n, scale: 0 }).toString()).toBe('42');
  });

  it('sums mixed scales exactly (0.1 + 0.2 is 0.3, 1.005 + 2.5 + 3 is 6.505)', () => {
    const a = new ScaledSum();
    a.add(1n, 1);
    a.add(2n, 1);
    expect(a.toDecimal().toString()).toBe('0.3');
    const b = new ScaledSum();
    b.add(25n, 1);
    b.add(1005n, 3);
    b.add(3n, 0);
    expect(b.toDecimal().toString()).toBe('6.505');
  });

  it('sums like a 100-digit Decimal does (another configuration, no scaled integers)', () => {
    const Wide = Decimal.clone({ precision: 100 });
    const amount = fc
      .tuple(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 0, max: 10 }))
      .map(([int, dp]) => new Wide(int).div(new Wide(10).pow(dp)).toFixed(dp));
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, amount), { maxLength: 60 }), (pairs) => {
        const sum = new ScaledSum();
        let expected = new Wide(0);
        for (const [q, c] of pairs) {
          const x = scaledOf(q);
          const y = scaledOf(c);
          sum.add(x.int * y.int, x.scale + y.scale);
          expected = expected.plus(new Wide(q).mul(c));
        }
        return sum.toDecimal().eq(expected.toString());
      }),
    );
  });

  it('values a day to the last digit with many decimals in quantity and close', () => {
    // D1: 0.1234567891 × 1000 + 3.3333333333 × 1 = 123.4567891 + 3.3333333333 = 126.7901224333.
    // D2, worked out with Python's decimal module (80 digits):
    // 0.1234567891 × 1234.567891 = 152.4157877488187881
    // 3.3333333333 × 0.000123    =   0.0004099999999959
    // sum                        = 152.4161977488187840
    const D1 = '2024-01-02';
    const D2 = '2024-01-03';
    const points = computePerformance({
      transactions: [tx(1, 1, D1, BUY, '0.1234567891', 1000), tx(2, 2, D1, BUY, '3.3333333333', 1)],
      tickers: new Map([
        [1, { currency: 'NOK' as const }],
        [2, { currency: 'NOK' as const }],
      ]),
      closes: new Map([
        [
          1,
          [
            { date: D1, close: 1000 },
            { date: D2, close: 1234.567891 },
          ],
        ],
        [
          2,
          [
            { date: D1, close: 1 },
            { date: D2, close: 0.000123 },
          ],
        ],
      ]),
      fxRateOn: createFxRateOn([]),
      from: D1,
      to: D2,
    });
    expect(points.map((p) => s(p.valueBase))).toEqual(['126.7901224333', '152.416197748818784']);
  });
});
