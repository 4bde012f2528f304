/** @jest-environment node */
// Issue 13: one event applier. Every expectation is worked by hand in the comments; positions,
// the FIFO tax view and the performance series must give the same figure for the same event.
import fc from 'fast-check';
import type Decimal from 'decimal.js';
import {
  applyTransactions,
  computePerformance,
  computeTickerTimelines,
  createFxRateOn,
  normalizeTransactions,
  sumDecimals,
  toDecimal,
  validateHistory,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { fifoView } from './fifoView';
import { BUY, DIVIDEND, SELL, SPLIT, s, tx } from './helpers';

const NOK = new Map([[1, { currency: 'NOK' as const }]]);
const fxRateOn = createFxRateOn([]);

/** A split given as its two whole numbers. */
function split(id: number, date: string, to: number, from: number, fee = 0): TransactionInput {
  return {
    id,
    tickerId: 1,
    date,
    eventId: SPLIT,
    quantity: '1',
    price: 0,
    fee,
    splitTo: to,
    splitFrom: from,
  };
}

function position(history: TransactionInput[]) {
  return applyTransactions(history).get(1)!;
}

describe('splits as two whole numbers', () => {
  it('1-for-3: 300 shares become exactly 100, and all 100 can be sold', () => {
    // buy 300 @ 10 = 3000; split 1 for 3 → 300 × 1 / 3 = 100, cost 3000, average 30;
    // sell 100 @ 31 → realized 100 × 31 − 3000 = 100, nothing left
    const history = [tx(1, 1, '2024-01-02', BUY, 300, 10), split(2, '2024-02-01', 1, 3)];
    const p = position(history);
    expect([s(p.quantity), s(p.cost), s(p.avgPrice)]).toEqual(['100', '3000', '30']);
    const sold = [...history, tx(3, 1, '2024-03-01', SELL, 100, 31)];
    expect(validateHistory(sold)).toBeNull();
    const after = position(sold);
    expect([s(after.quantity), s(after.cost), s(after.realized)]).toEqual(['0', '0', '100']);
    // The tax view: one lot of 300 (cost 3000) becomes 100; the sale takes all of it, gain 100
    const tax = fifoView({ transactions: sold, tickers: NOK, fxRateOn });
    expect(tax.sales.map((x) => [s(x.quantity), s(x.costNok), s(x.gainNok)])).toEqual([
      ['100', '3000', '100'],
    ]);
    expect(tax.openLots).toEqual([]);
  });

  it('3-for-2: 7 and 3 shares in two lots become 10.5 and 4.5, and selling all 15 closes both', () => {
    // lots: 7 @ 10 = 70, 3 @ 20 = 60 → 10 shares, cost 130; split 3 for 2 → 15 shares, cost 130
    // lots 7 × 3 / 2 = 10.5 and 3 × 3 / 2 = 4.5; sell 15 @ 10 = 150 → gain 150 − 130 = 20
    const history = [
      tx(1, 1, '2024-01-02', BUY, 7, 10),
      tx(2, 1, '2024-01-03', BUY, 3, 20),
      split(3, '2024-02-01', 3, 2),
      tx(4, 1, '2024-03-01', SELL, 15, 10),
    ];
    const before = position(history.slice(0, 3));
    expect([s(before.quantity), s(before.cost)]).toEqual(['15', '130']);
    expect(
      fifoView({ transactions: history.slice(0, 3), tickers: NOK, fxRateOn }).openLots.map((l) =>
        s(l.quantity),
      ),
    ).toEqual(['10.5', '4.5']);
    const after = position(history);
    expect([s(after.quantity), s(after.realized)]).toEqual(['0', '20']);
    const tax = fifoView({ transactions: history, tickers: NOK, fxRateOn });
    expect(tax.sales.map((x) => s(x.gainNok))).toEqual(['20']);
  });

  it("adds a split's fee to cost in positions, in the tax lots and as money put in for performance", () => {
    // buy 4 @ 10 = 40; split 2 for 1 with fee 3 → 8 shares, cost 43
    const history = [tx(1, 1, '2024-01-02', BUY, 4, 10), split(2, '2024-01-03', 2, 1, 3)];
    expect(s(position(history).cost)).toBe('43');
    const lots = fifoView({ transactions: history, tickers: NOK, fxRateOn }).openLots;
    expect(lots.map((l) => [s(l.quantity), s(l.costNok)])).toEqual([['8', '43']]);
    // Performance: invested 40 then 43; the fee is a flow on its day, not a loss of value:
    // day 2 value 8 × 5 = 40 (close 5 after the split), return (40 − 3) / 40 − 1 = −0.075
    const points = computePerformance({
      transactions: history,
      tickers: NOK,
      closes: new Map([
        [
          1,
          [
            { date: '2024-01-02', close: 10 },
            { date: '2024-01-03', close: 5 },
          ],
        ],
      ]),
      fxRateOn,
      from: '2024-01-02',
      to: '2024-01-03',
    });
    expect(points.map((p) => [s(p.investedBase), s(p.twr)])).toEqual([
      ['40', '0'],
      ['43', '-0.075'],
    ]);
  });
});

describe('a dividend with a fee gives the same figure in results, tax and performance', () => {
  // buy 100 @ 50; dividend 100 × 2.5 = 250 gross, fee 10 → net 240
  const history = [tx(1, 1, '2024-01-02', BUY, 100, 50), tx(2, 1, '2024-05-02', DIVIDEND, 100, '2.5', 10)];

  it('results count 240', () => {
    expect(s(position(history).dividends)).toBe('240');
  });

  it('the tax view shows gross 250, fee 10 and net 240', () => {
    const [year] = fifoView({ transactions: history, tickers: NOK, fxRateOn }).years;
    expect([s(year.dividendsGrossNok), s(year.dividendFeesNok), s(year.dividendsNok)]).toEqual([
      '250',
      '10',
      '240',
    ]);
  });

  it('performance pays 240 out of the portfolio on that day', () => {
    const calendar = ['2024-01-02', '2024-05-02'];
    const timelines = computeTickerTimelines([
      { tickerId: 1, currency: 'NOK', transactions: normalizeTransactions(history), calendar, fxRateOn },
    ]);
    expect(timelines.get(1)!.flows.map((f) => s(f.flow))).toEqual(['5000', '-240']);
  });
});

// Any valid history of one NOK ticker: buys, sells within the holding, dividends and splits (as
// two whole numbers or an exact ratio), with fees.
const opArb = fc.record({
  kind: fc.constantFrom('buy', 'buy', 'sell', 'dividend', 'split', 'ratio'),
  quantity: fc.integer({ min: 1, max: 100_000 }).map((n) => toDecimal(n).div(100)),
  price: fc.integer({ min: 0, max: 1_000_000 }).map((n) => toDecimal(n).div(100)),
  fee: fc.integer({ min: 0, max: 5_000 }).map((n) => toDecimal(n).div(100)),
  to: fc.integer({ min: 1, max: 5 }),
  from: fc.integer({ min: 1, max: 5 }),
  ratio: fc.constantFrom('2', '0.5', '1.5', '0.1'),
});

type Op = typeof opArb extends fc.Arbitrary<infer T> ? T : never;

/** The history, and the split fees it pays while nothing is held (no holding to add them to). */
function buildHistory(ops: Op[]): { history: TransactionInput[]; orphanFees: Decimal } {
  let held = toDecimal(0);
  let orphanFees = toDecimal(0);
  const history = ops.map((op, i) => {
    const id = i + 1;
    const date = `2024-${String(1 + Math.floor(i / 28)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`;
    if (op.kind === 'sell' && held.gt(0)) {
      const q = op.quantity.gt(held) ? held : op.quantity;
      held = held.minus(q);
      return tx(id, 1, date, SELL, q.toFixed(), op.price.toFixed(), op.fee.toFixed());
    }
    if (op.kind === 'dividend')
      return tx(id, 1, date, DIVIDEND, op.quantity.toFixed(), op.price.toFixed(), op.fee.toFixed());
    if ((op.kind === 'split' || op.kind === 'ratio') && held.isZero()) orphanFees = orphanFees.plus(op.fee);
    if (op.kind === 'split') {
      held = held.mul(op.to).div(op.from);
      return split(id, date, op.to, op.from, Number(op.fee.toFixed()));
    }
    if (op.kind === 'ratio') {
      held = held.mul(op.ratio);
      return tx(id, 1, date, SPLIT, op.ratio, 0, op.fee.toFixed());
    }
    held = held.plus(op.quantity);
    return tx(id, 1, date, BUY, op.quantity.toFixed(), op.price.toFixed(), op.fee.toFixed());
  });
  return { history, orphanFees };
}

describe('property: positions, tax and performance agree on quantity and cost', () => {
  const agree = fc.property(fc.array(opArb, { minLength: 1, maxLength: 40 }), (ops) => {
    const { history, orphanFees } = buildHistory(ops);
    expect(validateHistory(history)).toBeNull();
    const p = position(history);
    const tax = fifoView({ transactions: history, tickers: NOK, fxRateOn });
    const calendar = [...new Set(history.map((t) => t.date))].sort();
    const timeline = computeTickerTimelines([
      { tickerId: 1, currency: 'NOK', transactions: normalizeTransactions(history), calendar, fxRateOn },
    ]).get(1)!;
    const lastStep = timeline.steps[timeline.steps.length - 1];

    // Quantity: performance holds exactly what positions hold. The FIFO lots add up to it too;
    // after a ratio that does not terminate (4 for 3) the lots' sum can differ in the 40th
    // significant digit, never more than 1e-25 here.
    expect((lastStep?.quantity ?? toDecimal(0)).eq(p.quantity)).toBe(true);
    const lotQuantity = sumDecimals(tax.openLots.map((l) => l.quantity));
    expect(lotQuantity.minus(p.quantity).abs().lte('1e-25')).toBe(true);

    // Cost put in: positions' total bought (buys and split fees on a holding) equals the money
    // performance counts as invested (its positive invested flows) minus split fees paid
    // while nothing was held (a realised loss in positions, still money in for performance).
    const eventOf = new Map(history.map((t) => [t.id, t.eventId]));
    const inflows = sumDecimals(
      timeline.flows.flatMap((f) =>
        eventOf.get(f.id) === BUY || eventOf.get(f.id) === SPLIT ? [f.invested ?? toDecimal(0)] : [],
      ),
    );
    expect(inflows.minus(p.totalBought).eq(orphanFees)).toBe(true);

    // Cost held: with no sale, average cost and FIFO lots hold the same cost.
    if (!history.some((t) => t.eventId === SELL)) {
      expect(sumDecimals(tax.openLots.map((l) => l.costNok)).eq(p.cost)).toBe(true);
    }

    // Dividends: results' net equals the tax view's net and performance's payouts.
    const taxNet = sumDecimals(tax.years.map((y) => y.dividendsNok));
    expect(taxNet.eq(p.dividends)).toBe(true);
    const paidOut = sumDecimals(timeline.flows.flatMap((f) => (f.invested === null ? [f.flow] : [])));
    expect(paidOut.neg().eq(p.dividends)).toBe(true);
  });

  it('for any valid history', () => {
    fc.assert(agree, { numRuns: 300 });
  });

  // The seed that found a sale of the ledger's whole holding refused by the tax lots, which had
  // rounded apart from it in the 40th digit after a ratio that does not terminate (and 375.01…003
  // against 375.01): the same as shown is the whole holding (personTaxBook's takeLots).
  it('for the histories of seed 1818461014', () => {
    fc.assert(agree, { numRuns: 300, seed: 1818461014 });
  });
});
