/** @jest-environment node */
// The replay keeps a base amount as the very object of its local amount while every rate is exactly
// 1 (it does not make the same sum twice). Whatever the mix of rates (the ONE constant, another
// Decimal equal to 1, or a real USD/NOK rate), the base figures must be those of an average-cost
// ledger written out here on its own: each amount converted at its trade's rate, a partial sale
// taking costBase × sold / held, a full sale taking all of it.
import type Decimal from 'decimal.js';
import fc from 'fast-check';
import { applyTransactions, ONE, PortfolioDecimal, toDecimal, ZERO } from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, cents, shares, tx } from './helpers';

/** A step of the generated history: a buy, a sale of a fraction of the holding or of all of it, a dividend. */
type Step =
  | { kind: 'buy'; quantity: Decimal; price: Decimal; fee: Decimal }
  | { kind: 'sell'; part: number; price: Decimal; fee: Decimal }
  | { kind: 'dividend'; price: Decimal };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('buy' as const),
    quantity: shares,
    price: cents(100_000),
    fee: cents(5_000),
  }),
  fc.record({
    kind: fc.constant('sell' as const),
    part: fc.integer({ min: 1, max: 4 }),
    price: cents(100_000),
    fee: cents(5_000),
  }),
  fc.record({ kind: fc.constant('dividend' as const), price: cents(1_000) }),
);

/** The rate of each trade: ONE itself, a Decimal equal to 1 that is not ONE, or a real rate. */
const rateArb = fc.constantFrom<Decimal>(
  ONE,
  new PortfolioDecimal('1.000'),
  toDecimal('10.25'),
  toDecimal('9.5'),
);

describe('base amounts at a rate of exactly 1', () => {
  it('equal an average-cost ledger converted trade by trade, whatever the mix of rates (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(stepArb, rateArb), { minLength: 1, maxLength: 25 }), (history) => {
        const rows = [];
        const rates = new Map<string, Decimal>();
        // The oracle, in the ticker's currency and in the base currency.
        let held = ZERO;
        let cost = ZERO;
        let costBase = ZERO;
        let realizedBase = ZERO;
        let dividendsBase = ZERO;
        let totalBoughtBase = ZERO;
        for (const [i, [step, rate]] of history.entries()) {
          const date = `2024-01-${String(i + 1).padStart(2, '0')}`;
          rates.set(date, rate);
          if (step.kind === 'buy') {
            rows.push(tx(i + 1, 1, date, BUY, step.quantity, step.price, step.fee));
            const costIn = step.quantity.mul(step.price).plus(step.fee);
            held = held.plus(step.quantity);
            cost = cost.plus(costIn);
            costBase = costBase.plus(costIn.mul(rate));
            totalBoughtBase = totalBoughtBase.plus(costIn.mul(rate));
          } else if (step.kind === 'sell') {
            if (held.isZero()) continue;
            // A quarter, a half, three quarters or all of the holding.
            const quantity = step.part === 4 ? held : held.mul(step.part).div(4).toDecimalPlaces(10, 1);
            if (quantity.isZero()) continue;
            rows.push(tx(i + 1, 1, date, SELL, quantity, step.price, step.fee));
            const proceeds = quantity.mul(step.price).minus(step.fee);
            const all = quantity.eq(held);
            const outBase = all ? costBase : costBase.mul(quantity).div(held);
            const out = all ? cost : cost.mul(quantity).div(held);
            realizedBase = realizedBase.plus(proceeds.mul(rate)).minus(outBase);
            held = all ? ZERO : held.minus(quantity);
            cost = all ? ZERO : cost.minus(out);
            costBase = all ? ZERO : costBase.minus(outBase);
          } else {
            if (held.isZero()) continue;
            rows.push(tx(i + 1, 1, date, DIVIDEND, held, step.price));
            dividendsBase = dividendsBase.plus(held.mul(step.price).mul(rate));
          }
        }
        const position = applyTransactions(rows, { baseRate: (_id, date) => rates.get(date)! }).get(1);
        if (!position) return rows.length === 0;
        expect({
          costBase: position.costBase.toString(),
          realizedBase: position.realizedBase.toString(),
          dividendsBase: position.dividendsBase.toString(),
          totalBoughtBase: position.totalBoughtBase.toString(),
        }).toEqual({
          costBase: costBase.toString(),
          realizedBase: realizedBase.toString(),
          dividendsBase: dividendsBase.toString(),
          totalBoughtBase: totalBoughtBase.toString(),
        });
      }),
      { numRuns: 300 },
    );
  });
});
