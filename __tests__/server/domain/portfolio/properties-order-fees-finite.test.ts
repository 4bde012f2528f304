/** @jest-environment node */
import fc from 'fast-check';
import type Decimal from 'decimal.js';
import {
  applyTransactions,
  computePerformance,
  computePortfolioResults,
  createFxRateOn,
  toDecimal,
  toPerformancePointDto,
  toPortfolioResultDto,
  validateHistory,
  type PricePoint,
  type TickerInfo,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { fifoView } from './fifoView';
import { BUY, DIVIDEND, SELL, SPLIT, s, tx, cents, shares } from './helpers';

const opArb = fc.record({
  tickerId: fc.constantFrom(1, 2, 3),
  kind: fc.constantFrom('buy', 'buy', 'sell', 'sell', 'dividend', 'split'),
  quantity: shares,
  price: cents(10_000_000),
  fee: cents(50_000),
  ratio: fc.constantFrom('2', '3', '0.5', '0.1', '1.5', '4'),
  sellAll: fc.boolean(),
});

/**
 * Valid histories: unique random ids, dates from `dates` (few, so many same-day transactions).
 * Sells are clipped to what is held in canonical (date, id) order, and become buys when nothing is held.
 */
function historyArb(dates: readonly string[]): fc.Arbitrary<TransactionInput[]> {
  return fc
    .array(fc.record({ op: opArb, date: fc.constantFrom(...dates) }), { maxLength: 40 })
    .chain((items) =>
      fc
        .uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), {
          minLength: items.length,
          maxLength: items.length,
        })
        .map((ids) => {
          const draft = items.map(({ op, date }, i) => ({ op, date, id: ids[i] }));
          draft.sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
          const held = new Map<number, Decimal>();
          return draft.map(({ op, date, id }) => {
            const have = held.get(op.tickerId) ?? toDecimal(0);
            let eventId = { buy: BUY, sell: SELL, dividend: DIVIDEND, split: SPLIT }[op.kind];
            if (eventId === SELL && have.isZero()) eventId = BUY;
            let quantity = eventId === SPLIT ? toDecimal(op.ratio) : op.quantity;
            if (eventId === SELL && (op.sellAll || quantity.gt(have))) quantity = have;
            if (eventId === BUY) held.set(op.tickerId, have.plus(quantity));
            if (eventId === SELL) held.set(op.tickerId, have.minus(quantity));
            if (eventId === SPLIT) held.set(op.tickerId, have.mul(quantity));
            return tx(id, op.tickerId, date, eventId, quantity, op.price, op.fee);
          });
        }),
    );
}

const DATES = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
const tickers = new Map<number, TickerInfo>([
  [1, { currency: 'NOK', lastPrice: '101.5' }],
  [2, { currency: 'USD', lastPrice: '12.25' }],
  [3, { currency: 'NOK', lastPrice: null }],
]);
const fxRateOn = createFxRateOn([
  { date: '2024-01-02', rate: '10.5' },
  { date: '2024-01-04', rate: '10.9' },
]);

/** Every figure the domain produces for a history, as exact text. */
function fingerprint(history: TransactionInput[]): string {
  const positions = [...applyTransactions(history).values()].map((p) =>
    [
      p.tickerId,
      p.quantity,
      p.cost,
      p.realized,
      p.dividends,
      p.fees,
      p.totalBought,
      p.firstDate,
      p.lastDate,
    ].map(String),
  );
  const results = computePortfolioResults({
    transactions: history,
    tickers,
    fxRateOn,
    asOf: '2024-01-05',
    includeSold: true,
  }).map((r) => [r.marketValueBase, r.totalReturnBase, r.weight].map(String));
  const tax = fifoView({ transactions: history, tickers, fxRateOn }).sales.map((x) =>
    [x.transactionId, x.gainNok].map(String),
  );
  return JSON.stringify({ positions, results, tax });
}

describe('properties', () => {
  it('the order is canonical: any shuffle of the input gives identical results', () => {
    fc.assert(
      fc.property(
        historyArb(DATES).chain((h) =>
          fc.tuple(fc.constant(h), fc.shuffledSubarray(h, { minLength: h.length, maxLength: h.length })),
        ),
        ([history, shuffled]) => {
          expect(fingerprint(shuffled)).toBe(fingerprint(history));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the order is canonical even when every transaction is on the same day (ids decide)', () => {
    fc.assert(
      fc.property(
        historyArb(['2024-01-03']).chain((h) =>
          fc.tuple(fc.constant(h), fc.shuffledSubarray(h, { minLength: h.length, maxLength: h.length })),
        ),
        ([history, shuffled]) => {
          expect(validateHistory(shuffled)).toBeNull();
          expect(fingerprint(shuffled)).toBe(fingerprint(history));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('buying and selling the same quantity at the same price loses exactly the two fees', () => {
    fc.assert(
      fc.property(
        shares,
        cents(10_000_000),
        cents(100_000),
        cents(100_000),
        (quantity, price, buyFee, sellFee) => {
          const history = [
            tx(1, 1, '2024-01-02', BUY, quantity, price, buyFee),
            tx(2, 1, '2024-01-03', SELL, quantity, price, sellFee),
          ];
          const position = applyTransactions(history).get(1);
          const lost = buyFee.plus(sellFee).neg();
          expect(position && [s(position.realized), s(position.cost), s(position.quantity)]).toEqual([
            s(lost),
            '0',
            '0',
          ]);
          expect(s(fifoView({ transactions: history, tickers, fxRateOn }).sales[0].gainNok)).toBe(s(lost));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never produces NaN or Infinity for a valid history (results, tax, performance)', () => {
    const closeArb = fc.integer({ min: 1, max: 100_000_000 }).map((n) => toDecimal(n).div(100));
    const seriesArb = fc
      .array(fc.option(closeArb, { nil: null }), { minLength: DATES.length, maxLength: DATES.length })
      .map((cs) =>
        cs.flatMap((close, i): PricePoint[] => (close === null ? [] : [{ date: DATES[i], close }])),
      );
    fc.assert(
      fc.property(
        historyArb(DATES),
        fc.tuple(seriesArb, seriesArb, seriesArb, seriesArb),
        (history, [c1, c2, c3, index]) => {
          const numbers: (number | null)[] = [];
          for (const row of computePortfolioResults({
            transactions: history,
            tickers,
            fxRateOn,
            asOf: '2024-01-05',
            includeSold: true,
          })) {
            numbers.push(...Object.values(toPortfolioResultDto(row)));
          }
          const tax = fifoView({ transactions: history, tickers, fxRateOn });
          for (const sale of tax.sales)
            numbers.push(...[sale.quantity, sale.proceedsNok, sale.costNok, sale.gainNok].map(Number));
          for (const year of tax.years)
            numbers.push(
              ...[year.proceedsNok, year.costNok, year.gainNok, year.dividendsNok, year.dividendFeesNok].map(
                Number,
              ),
            );
          const points = computePerformance({
            transactions: history,
            tickers,
            closes: new Map([
              [1, c1],
              [2, c2],
              [3, c3],
            ]),
            indexCloses: index,
            fxRateOn,
            from: DATES[0],
            to: DATES[DATES.length - 1],
          });
          for (const p of points.map(toPerformancePointDto))
            numbers.push(p.value_base, p.invested_base, p.twr, p.index_twr);
          for (const n of numbers) {
            if (n !== null) expect(Number.isFinite(n)).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
