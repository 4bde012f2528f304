/** @jest-environment node */
// The replay sums fees, amounts bought and dividends (and each ticker's cash) in plain numbers
// while that is exact (ExactSum, issue 26). Whatever the digits (øre, 18-decimal fees, amounts far
// beyond 2^53 øre, 40-digit rates), each sum must be the Decimal sum of the same amounts, written out
// here on its own, trade by trade: fees, q × p + fee of the buys (and split fees), q × p − fee −
// withholding of the dividends, each also at its trade's rate; and applyTransaction step by step
// must give the replay's position.
import type Decimal from 'decimal.js';
import fc from 'fast-check';
import {
  applyTransaction,
  applyTransactions,
  createEmptyPosition,
  normalizeTransactions,
  ONE,
  PortfolioDecimal,
  toDecimal,
  ZERO,
} from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL } from './helpers';

const dec = (int: bigint, scale: number): Decimal => new PortfolioDecimal(`${int}e${-scale}`);

/** Positive amounts: øre, long decimals, and amounts that overflow a safe integer of øre. */
const amountArb: fc.Arbitrary<Decimal> = fc.oneof(
  fc.integer({ min: 0, max: 10_000_000 }).map((n) => dec(BigInt(n), 2)),
  fc
    .tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 10, max: 18 }))
    .map(([n, k]) => dec(n, k)),
  fc.bigInt({ min: 10n ** 14n, max: 10n ** 18n }).map((n) => dec(n, 2)),
);
const quantityArb: fc.Arbitrary<Decimal> = fc.oneof(
  fc.integer({ min: 1, max: 1000 }).map((n) => toDecimal(n)),
  fc.integer({ min: 1, max: 10_000_000 }).map((n) => dec(BigInt(n), 6)),
);
const rateArb = fc.constantFrom<Decimal>(ONE, new PortfolioDecimal('1.00'), toDecimal('10.25'), ONE.div(3));

type Op = {
  kind: 'buy' | 'sell' | 'dividend';
  quantity: Decimal;
  price: Decimal;
  fee: Decimal;
  rate: Decimal;
};
const opArb: fc.Arbitrary<Op> = fc.record({
  kind: fc.constantFrom('buy' as const, 'buy' as const, 'sell' as const, 'dividend' as const),
  quantity: quantityArb,
  price: amountArb,
  fee: fc.oneof(fc.constant(ZERO), amountArb),
  rate: rateArb,
});

describe('the replay’s sums kept in numbers', () => {
  it('equal the Decimal sums of the same amounts, local and at each trade’s rate (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(opArb, { minLength: 1, maxLength: 30 }), (ops) => {
        const rows = [];
        const rates = new Map<string, Decimal>();
        let held = ZERO;
        // The oracle: plain Decimal sums in trade order.
        let fees = ZERO;
        let bought = ZERO;
        let boughtBase = ZERO;
        let dividends = ZERO;
        let dividendsBase = ZERO;
        for (const [i, op] of ops.entries()) {
          const date = `2024-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
          let kind = op.kind;
          if (kind !== 'buy' && held.isZero()) kind = 'buy';
          const quantity = kind === 'sell' ? (op.quantity.lt(held) ? op.quantity : held) : op.quantity;
          const eventId = kind === 'buy' ? BUY : kind === 'sell' ? SELL : DIVIDEND;
          rows.push({ id: i + 1, tickerId: 1, date, eventId, quantity, price: op.price, fee: op.fee });
          rates.set(date, op.rate);
          fees = fees.plus(op.fee);
          if (kind === 'buy') {
            const costIn = quantity.mul(op.price).plus(op.fee);
            bought = bought.plus(costIn);
            boughtBase = boughtBase.plus(costIn.mul(op.rate));
            held = held.plus(quantity);
          } else if (kind === 'sell') {
            held = held.minus(quantity);
          } else {
            const net = quantity.mul(op.price).minus(op.fee);
            if (!net.isZero()) {
              dividends = dividends.plus(net);
              dividendsBase = dividendsBase.plus(net.mul(op.rate));
            }
          }
        }
        const baseRate = (_id: number, date: string) => rates.get(date)!;
        const position = applyTransactions(rows, { baseRate }).get(1)!;
        expect({
          fees: position.fees.toString(),
          totalBought: position.totalBought.toString(),
          totalBoughtBase: position.totalBoughtBase.toString(),
          dividends: position.dividends.toString(),
          dividendsBase: position.dividendsBase.toString(),
        }).toEqual({
          fees: fees.toString(),
          totalBought: bought.toString(),
          totalBoughtBase: boughtBase.toString(),
          dividends: dividends.toString(),
          dividendsBase: dividendsBase.toString(),
        });
        // One transaction at a time through applyTransaction: the same position, field by field.
        let stepped = createEmptyPosition(1);
        for (const t of normalizeTransactions(rows))
          stepped = applyTransaction(stepped, t, baseRate(1, t.date));
        const text = (p: typeof position) =>
          Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v === null ? null : String(v)]));
        expect(text(stepped)).toEqual(text(position));
      }),
      { numRuns: 400 },
    );
  });
});
