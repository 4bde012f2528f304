/** @jest-environment node */
// The replay's fast paths against decimal.js itself (issue 26): comparisons that make no Decimal
// must answer as cmp / eq / gt(0), a scaled integer read from a Decimal's fields must be the value
// times 10^scale (worked out here with BigInt from the Decimal's plain text), and a running sum
// kept in a plain number must equal the portfolio Decimal's sequential sum to the last digit,
// whatever the digits (cents, 40-digit quotients, values beyond 2^53, zeros, negatives).
import type Decimal from 'decimal.js';
import fc from 'fast-check';
import { PortfolioDecimal, ZERO } from '@/server/domain/portfolio';
import { compareDecimals, equalDecimals, isAboveZero } from '@/server/domain/portfolio/ledger/decimalCompare';
import { ExactSum, scaledInteger } from '@/server/domain/portfolio/ledger/exactSum';

/** int / 10^scale as a portfolio Decimal. */
const scaled = (int: bigint, scale: number): Decimal => new PortfolioDecimal(`${int}e${-scale}`);

/** Amounts of every kind a replay meets, and some it should never meet. */
const decimalArb: fc.Arbitrary<Decimal> = fc.oneof(
  // Whole øre, as most stored amounts are.
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => scaled(BigInt(n), 2)),
  // Quantities with up to 10 decimals.
  fc
    .tuple(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.integer({ min: 0, max: 10 }))
    .map(([n, k]) => scaled(n, k)),
  // Around 2^53 at scales 0 to 20 (the edge of a safe integer).
  fc
    .tuple(
      fc.bigInt({ min: 2n ** 53n - 1000n, max: 2n ** 53n + 1000n }),
      fc.integer({ min: 0, max: 20 }),
      fc.boolean(),
    )
    .map(([n, k, neg]) => scaled(neg ? -n : n, k)),
  // Up to 40 significant digits at any scale from 10^-45 to 10^20 (quotients, split quantities).
  fc
    .tuple(fc.bigInt({ min: -(10n ** 40n) + 1n, max: 10n ** 40n - 1n }), fc.integer({ min: -20, max: 45 }))
    .map(([n, k]) => scaled(n, k)),
  fc.constantFrom(ZERO, new PortfolioDecimal('-0'), new PortfolioDecimal(1), new PortfolioDecimal('1e-40')),
);

describe('comparisons without a Decimal made', () => {
  it('answer as cmp, eq and gt(0) (fast-check)', () => {
    fc.assert(
      fc.property(decimalArb, decimalArb, fc.boolean(), (a, b, same) => {
        const y = same ? new PortfolioDecimal(a) : b;
        expect(compareDecimals(a, y)).toBe(a.cmp(y));
        expect(equalDecimals(a, y)).toBe(a.eq(y));
        expect(isAboveZero(a)).toBe(a.gt(0));
      }),
      { numRuns: 2000 },
    );
  });
});

/** d × 10^scale by BigInt arithmetic on d's plain text; NaN when it is not an integer of at most 2^53 − 1. */
function oracleScaled(d: Decimal, scale: number): number {
  const [whole, fraction = ''] = d.abs().toFixed().split('.');
  if (fraction.length > scale) return NaN;
  const int = BigInt(whole + fraction.padEnd(scale, '0'));
  if (int > BigInt(Number.MAX_SAFE_INTEGER)) return NaN;
  return d.isNegative() && int !== 0n ? -Number(int) : Number(int);
}

describe('scaledInteger', () => {
  it('is the value times 10^scale when that is a safe integer, else NaN (fast-check)', () => {
    fc.assert(
      fc.property(decimalArb, fc.integer({ min: 0, max: 8 }), (d, extra) => {
        const scale = d.decimalPlaces() + extra;
        expect(scaledInteger(d, scale)).toBe(oracleScaled(d, scale));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads worked examples', () => {
    // 123.45 is 12345 hundredths; 0.05 at 4 decimals is 500; 1e-10 at 10 decimals is 1.
    expect(scaledInteger(new PortfolioDecimal('123.45'), 2)).toBe(12345);
    expect(scaledInteger(new PortfolioDecimal('-0.05'), 4)).toBe(-500);
    expect(scaledInteger(new PortfolioDecimal('1e-10'), 10)).toBe(1);
    // 2^53 − 1 fits, 2^53 does not.
    expect(scaledInteger(new PortfolioDecimal('9007199254740.991'), 3)).toBe(9007199254740991);
    expect(scaledInteger(new PortfolioDecimal('9007199254740.992'), 3)).toBeNaN();
  });
});

describe('ExactSum', () => {
  it('equals the sequential Decimal sum (and difference) to the last digit, copies included (fast-check)', () => {
    fc.assert(
      fc.property(
        decimalArb,
        fc.array(fc.tuple(decimalArb, fc.boolean()), { maxLength: 40 }),
        fc.nat({ max: 40 }),
        (start, addends, copyAt) => {
          const sum = new ExactSum(start);
          let expected = start;
          let copy: ExactSum | null = null;
          let copyExpected = ZERO;
          for (const [i, [a, subtract]] of addends.entries()) {
            if (i === copyAt) {
              copy = sum.copy();
              copyExpected = expected;
            }
            if (subtract) sum.minus(a);
            else sum.plus(a);
            expected = subtract ? expected.minus(a) : expected.plus(a);
            // Asked for midway too (a value made, then summed on).
            if (i % 7 === 3) expect(sum.value().toString()).toBe(expected.toString());
          }
          expect(sum.value().toString()).toBe(expected.toString());
          expect(sum.value().isNegative()).toBe(expected.isNegative());
          if (copy) {
            copy.plus(new PortfolioDecimal('0.01'));
            expect(copy.value().toString()).toBe(copyExpected.plus('0.01').toString());
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('goes on in Decimals past 2^53 and past 15 decimals, from the exact sum so far', () => {
    const sum = new ExactSum(ZERO);
    // 9007199254740.99 + 0.01 = 9007199254741 (still a safe integer of hundredths), then + 1e-20.
    sum.plus(new PortfolioDecimal('9007199254740.99'));
    sum.plus(new PortfolioDecimal('0.01'));
    expect(sum.value().toString()).toBe('9007199254741');
    sum.plus(new PortfolioDecimal('1e-20'));
    expect(sum.value().toString()).toBe('9007199254741.00000000000000000001');
    // 90071992547409.91 in hundredths is beyond 2^53: exact all the same.
    const big = new ExactSum(new PortfolioDecimal('90071992547409.9'));
    big.plus(new PortfolioDecimal('0.01'));
    expect(big.value().toString()).toBe('90071992547409.91');
  });
});
