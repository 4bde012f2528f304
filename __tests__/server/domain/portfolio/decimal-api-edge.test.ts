/** @jest-environment node */
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { toApiNumber, toApiQuantity, toDecimal } from '@/server/domain/portfolio/ledger/decimal';

describe('the API edge rounds the exact value, not its 40-digit representation', () => {
  // 36.509 shares through splits 1:6, 3:1, 1:2 and 3:7 are 36.509 · 9/84 = 109527/28000 shares; at a
  // close of 12.25, plus 0.001 shares at 101.5, they are worth 768313/16000 = 48.0195625 exactly
  // (Python: Fraction(109527, 28000) * Fraction('12.25') + Fraction('0.1015')), a half at the sixth
  // decimal: half-up gives 48.019563. In 40 digits the quantity is 3.9116785714…2857 and the
  // product 48.01956249999…9.
  const quantity = toDecimal('36.509').mul(1).div(6).mul(3).div(1).mul(1).div(2).mul(3).div(7);
  const value = quantity.mul('12.25').plus(toDecimal('0.001').mul('101.5'));

  it('a value that is exactly half a millionth rounds up (found by the one-ledger property test)', () => {
    expect(value.toFixed()).toBe('48.01956249999999999999999999999999999999');
    expect(toApiNumber(value)).toBe(48.019563);
  });

  it('values near but not at a tie round as before', () => {
    expect(toApiNumber(toDecimal('48.0195624999'))).toBe(48.019562);
    expect(toApiNumber(toDecimal('48.0195625'))).toBe(48.019563);
    expect(toApiNumber(toDecimal('-0.0000004'))).toBe(0);
    expect(Object.is(toApiNumber(toDecimal('-0.0000004')), 0)).toBe(true);
  });

  it('a quantity is rounded to 10 decimals the same way', () => {
    // 1/3 of 0.00000000015 is 0.00000000005 exactly, a tie at the tenth decimal: half-up gives 1e-10.
    expect(toApiQuantity(toDecimal('0.00000000015').div(3))).toBe(1e-10);
    expect(toApiQuantity(quantity)).toBe(3.9116785714);
  });
});

describe('an amount already within 6 decimals and 15 digits', () => {
  // The definition written out with decimal.js itself: snap to 34 significant digits, round half-up
  // to 6 decimals, then the nearest double; -0 becomes 0.
  const byDefinition = (text: string): number => {
    const n = new Decimal(text)
      .toSignificantDigits(34, Decimal.ROUND_HALF_UP)
      .toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
      .toNumber();
    return n === 0 ? 0 : n;
  };

  it.each([
    ['123456789.123456'], // 15 digits, 6 decimals: read as it is
    ['1234567891.123456'], // 16 digits: rounded by the definition (the double is the nearest)
    ['-0.000001'],
    ['-0'],
    ['0.1234565'], // 7 decimals, a tie: half-up
    ['99999999999999.9'],
    ['1e-7'],
  ])('%s gives what the two roundings give', (text) => {
    expect(Object.is(toApiNumber(toDecimal(text)), byDefinition(text))).toBe(true);
  });

  it('gives what the two roundings give for any amount of up to 8 decimals (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }),
        fc.integer({ min: 0, max: 8 }),
        (int, scale) => {
          const text = new Decimal(int.toString()).div(new Decimal(10).pow(scale)).toFixed();
          expect(Object.is(toApiNumber(toDecimal(text)), byDefinition(text))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
