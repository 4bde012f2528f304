/** @jest-environment node */
// Stored amounts read without decimal.js's parser (issue 26): plainDecimal must give, for every
// plain decimal text, the very Decimal decimal.js's own constructor gives (sign, exponent and
// coefficient words, field by field, and so every answer computed from it), and must leave every
// other text to that constructor. decimal.js is the oracle; the worked examples below are by hand.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { PortfolioDecimal } from '@/server/domain/portfolio';
import { plainDecimal } from '@/server/domain/portfolio/ledger/decimal';
import { normalizeStoredTransaction } from '@/server/domain/portfolio/ledger/transactions';
import { EVENT_BUY } from '@/lib/constants';

interface Fields {
  s: number;
  e: number;
  d: number[];
}
const fields = (x: Decimal): Fields => {
  const { s, e, d } = x as unknown as Fields;
  return { s, e, d: [...d] };
};

/** Plain decimal texts: a sign or not, leading and trailing zeros, 0 to 40 digits on each side. */
const plainText: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.stringMatching(/^[0-9]{1,40}$/),
    fc.option(fc.stringMatching(/^[0-9]{1,40}$/), { nil: undefined }),
  )
  .map(
    ([negative, whole, fraction]) =>
      `${negative ? '-' : ''}${whole}${fraction === undefined ? '' : `.${fraction}`}`,
  );

describe('plainDecimal', () => {
  it('is the Decimal decimal.js makes of the same text, field by field (fast-check)', () => {
    fc.assert(
      fc.property(plainText, (text) => {
        const reference = new PortfolioDecimal(text);
        const fast = plainDecimal(text);
        if (reference.isZero()) {
          // Zero (and -0) is left to decimal.js.
          expect(fast).toBeUndefined();
          return;
        }
        expect(fast).toBeDefined();
        expect(fast).toBeInstanceOf(PortfolioDecimal);
        expect(fast!.constructor).toBe(PortfolioDecimal);
        expect(fields(fast!)).toEqual(fields(reference));
        expect(fast!.toString()).toBe(reference.toString());
        // Arithmetic from it is the same too (here a product and a quotient at 40 digits).
        expect(fast!.times('1.37').div(7).toString()).toBe(reference.times('1.37').div(7).toString());
      }),
      { numRuns: 5000 },
    );
  });

  it('reads worked examples into decimal.js words of 7 digits', () => {
    // 165.77: first significant digit at 10^2, so e = 2 and the first word holds e + 1 = 3 digits
    // (165), the rest padded to 7 (7700000).
    expect(fields(plainDecimal('165.77')!)).toEqual({ s: 1, e: 2, d: [165, 7_700_000] });
    // -0.0025: the first significant digit is at 10^-3, so e = -3; the first word holds
    // (e + 1) mod 7 + 7 = 5 digits from there, "25" padded to 5: 25000 (0.0025 = 25000 × 10^-7).
    expect(fields(plainDecimal('-0.0025')!)).toEqual({ s: -1, e: -3, d: [25_000] });
    // 100 (trailing zeros are not significant): e = 2, one word of 3 digits: 100.
    expect(fields(plainDecimal('100')!)).toEqual({ s: 1, e: 2, d: [100] });
    // 1234567.8: e = 6, (e + 1) mod 7 = 0 digits in a first word, then 1234567 and 8000000.
    expect(fields(plainDecimal('1234567.8')!)).toEqual({ s: 1, e: 6, d: [1_234_567, 8_000_000] });
    // 00012.3400: the same as 12.34.
    expect(fields(plainDecimal('00012.3400')!)).toEqual({ s: 1, e: 1, d: [12, 3_400_000] });
  });

  it('leaves every other text to decimal.js', () => {
    for (const text of [
      '',
      '-',
      '0',
      '-0',
      '0.000',
      '.5',
      '5.',
      '1e5',
      '+1',
      ' 1',
      '1 ',
      '1.2.3',
      'NaN',
      'x1',
      '--1',
    ])
      expect(plainDecimal(text)).toBeUndefined();
    expect(plainDecimal('1'.repeat(65))).toBeUndefined();
  });
});

describe('a stored transaction', () => {
  it('reads its amounts as decimal.js does, padded with the column scale or not', () => {
    const t = normalizeStoredTransaction({
      id: 7,
      tickerId: 3,
      date: '2026-01-05',
      eventId: EVENT_BUY,
      quantity: '12.5000000000',
      price: '165.7700000000',
      fee: '0.0000000000',
      splitTo: null,
      splitFrom: null,
      withholdingTax: null,
      fxRate: '10.4512000000',
    });
    // 12.5 × 165.77 = 2072.125; the fee is zero and the rate 10.4512.
    expect(t.quantity.times(t.price).toString()).toBe('2072.125');
    expect(t.fee.isZero()).toBe(true);
    expect(fields(t.fxRate!)).toEqual(fields(new Decimal('10.4512')));
  });
});
