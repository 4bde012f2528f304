/** @jest-environment node */
/**
 * Issue 26's faster cold read: rows read back from the database are taken without re-validation
 * (normalizeStoredTransactions), and each ticker's part of the cash balance comes from the replay
 * of the results (computeResultsAndCash) instead of a second pass. Both are checked against the
 * paths they replace (full validation; cashBalance over the ticker's events) and by hand.
 */
import fc from 'fast-check';
import type Decimal from 'decimal.js';
import {
  cashBalance,
  computePortfolioResults,
  computeResultsAndCash,
  createFxRateOn,
  normalizeStoredTransactions,
  normalizeTransactions,
  toDecimal,
  toPortfolioResultDto,
  type TickerInfo,
  type Transaction,
  type TransactionInput,
  withoutPaddingZeros,
} from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, SPLIT, cents, shares } from './helpers';

/** An amount as PostgreSQL's numeric(28, 10) gives it back: always ten decimals ("12.3400000000"). */
const stored = (d: Decimal): string => d.toFixed(10);

const opArb = fc.record({
  tickerId: fc.constantFrom(1, 2, 3),
  kind: fc.constantFrom('buy', 'buy', 'sell', 'sell', 'dividend', 'split'),
  quantity: shares,
  price: cents(10_000_000),
  fee: fc.oneof(fc.constant(toDecimal(0)), cents(50_000)),
  withholding: fc.option(cents(100), { nil: null }),
  fxRate: fc.option(
    fc.integer({ min: 1, max: 200_000 }).map((n) => toDecimal(n).div(10_000)),
    { nil: null },
  ),
  ratio: fc.constantFrom([2, 1], [3, 1], [1, 2], [1, 10], [3, 2], [4, 1]),
  sellAll: fc.boolean(),
});

const DATES = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];

/** Valid stored histories in (date, id) order: sells clipped to what is held, withholding within the gross. */
const storedHistoryArb: fc.Arbitrary<TransactionInput[]> = fc
  .array(fc.record({ op: opArb, date: fc.constantFrom(...DATES) }), { maxLength: 40 })
  .map((items) => {
    const draft = items
      .map(({ op, date }, i) => ({ op, date, id: i + 1 }))
      .sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
    const held = new Map<number, Decimal>();
    return draft.map(({ op, date, id }): TransactionInput => {
      const have = held.get(op.tickerId) ?? toDecimal(0);
      let eventId = { buy: BUY, sell: SELL, dividend: DIVIDEND, split: SPLIT }[op.kind];
      if (eventId === SELL && have.isZero()) eventId = BUY;
      let quantity = op.quantity;
      if (eventId === SELL && (op.sellAll || quantity.gt(have))) quantity = have;
      const [to, from] = op.ratio;
      if (eventId === BUY) held.set(op.tickerId, have.plus(quantity));
      if (eventId === SELL) held.set(op.tickerId, have.minus(quantity));
      if (eventId === SPLIT) {
        quantity = toDecimal(to).div(from);
        held.set(op.tickerId, have.mul(to).div(from));
      }
      const gross = quantity.mul(op.price);
      const withholding =
        eventId === DIVIDEND && op.withholding !== null && op.withholding.lte(gross) ? op.withholding : null;
      return {
        id,
        tickerId: op.tickerId,
        date,
        eventId,
        quantity: stored(quantity.toDecimalPlaces(10)),
        price: stored(eventId === SPLIT ? toDecimal(0) : op.price),
        fee: stored(op.fee),
        splitTo: eventId === SPLIT ? to : null,
        splitFrom: eventId === SPLIT ? from : null,
        withholdingTax: withholding === null ? null : stored(withholding),
        fxRate: op.fxRate === null ? null : stored(op.fxRate),
      };
    });
  });

/** A transaction's every field as exact text. */
function fields(t: Transaction): string {
  return [
    t.id,
    t.tickerId,
    t.date,
    t.eventId,
    t.quantity.toString(),
    t.price.toString(),
    t.fee.toString(),
    t.split ? `${t.split.to.toString()}/${t.split.from.toString()}` : '-',
    t.withholdingTax.toString(),
    t.fxRate?.toString() ?? '-',
  ].join('|');
}

const tickers = new Map<number, TickerInfo>([
  [1, { currency: 'NOK', lastPrice: '101.5', previousClose: '100' }],
  [2, { currency: 'USD', lastPrice: '12.25', previousClose: null }],
  [3, { currency: 'NOK', lastPrice: null }],
]);
const fxRateOn = createFxRateOn([
  { date: '2024-01-02', rate: '10.5' },
  { date: '2024-01-04', rate: '10.9' },
]);
const context = {
  baseCurrency: 'NOK' as const,
  currencyOf: (id: number) => tickers.get(id)!.currency,
  fxRateOn,
};

describe('stored rows read without re-validation', () => {
  it('give the very transactions full validation gives (fast-check)', () => {
    fc.assert(
      fc.property(storedHistoryArb, (rows) => {
        const trusted = normalizeStoredTransactions(rows).map(fields);
        const validated = normalizeTransactions(rows).map(fields);
        expect(trusted).toEqual(validated);
      }),
      { numRuns: 200 },
    );
  });

  it('are put in (date, id) order when they are not', () => {
    const rows: TransactionInput[] = [
      {
        id: 2,
        tickerId: 1,
        date: '2024-01-03',
        eventId: BUY,
        quantity: '1.0000000000',
        price: '5.0000000000',
        fee: '0.0000000000',
      },
      {
        id: 1,
        tickerId: 1,
        date: '2024-01-03',
        eventId: BUY,
        quantity: '2.0000000000',
        price: '5.0000000000',
        fee: '1.5000000000',
      },
    ];
    expect(normalizeStoredTransactions(rows).map((t) => t.id)).toEqual([1, 2]);
  });

  it('are validated once: frozen, passed through as they are, and a copy of one is checked again', () => {
    // A 1-for-3 split: its stored quantity is the ratio rounded to 10 decimals, its ratio lives in
    // `split` (issue 24). Read as a new input, that quantity would be the ratio 3333333333/10^10.
    const row: TransactionInput = {
      id: 7,
      tickerId: 1,
      date: '2024-01-03',
      eventId: SPLIT,
      quantity: '0.3333333333',
      price: '0.0000000000',
      fee: '0.0000000000',
      splitTo: 1,
      splitFrom: 3,
    };
    const [split] = normalizeStoredTransactions([row]);
    expect(Object.isFrozen(split)).toBe(true);
    expect(normalizeTransactions([split])[0]).toBe(split);
    expect(normalizeStoredTransactions([split])[0]).toBe(split);
    expect(`${split.split!.to}/${split.split!.from}`).toBe('1/3');
    // A plain copy is an input again: validated anew, and without splitTo/splitFrom its ratio is
    // read from the rounded quantity (3333333333/10^10, not 1/3).
    const copy = normalizeTransactions([{ ...split, splitTo: null, splitFrom: null }])[0];
    expect(copy).not.toBe(split);
    expect(`${copy.split!.to}/${copy.split!.from}`).toBe('3333333333/10000000000');
  });
});

describe('cash from the results replay', () => {
  it("equals cashBalance over each ticker's events, and the rows are computePortfolioResults' (fast-check)", () => {
    fc.assert(
      fc.property(storedHistoryArb, (rows) => {
        const transactions = normalizeStoredTransactions(rows);
        const input = { transactions, tickers, fxRateOn, asOf: '2024-01-05', includeSold: true };
        const { rows: results, cash } = computeResultsAndCash(input);
        expect(results.map(toPortfolioResultDto)).toEqual(
          computePortfolioResults(input).map(toPortfolioResultDto),
        );
        for (const id of [1, 2, 3]) {
          const own = transactions.filter((t) => t.tickerId === id);
          const expected = cashBalance(own, context);
          expect([id, (cash.get(id) ?? toDecimal(0)).toString()]).toEqual([id, expected.toString()]);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('books buys, dividends, sells and a trade with its own rate (hand-worked)', () => {
    const rows: TransactionInput[] = [
      // NOK: buy 10 × 100 + 5 fee = −1005; dividend 10 × 2 − 3 withheld = +17; sell 4 × 120 − 2 fee = +478.
      {
        id: 1,
        tickerId: 1,
        date: '2024-01-02',
        eventId: BUY,
        quantity: '10.0000000000',
        price: '100.0000000000',
        fee: '5.0000000000',
      },
      {
        id: 2,
        tickerId: 1,
        date: '2024-01-03',
        eventId: DIVIDEND,
        quantity: '10.0000000000',
        price: '2.0000000000',
        fee: '0.0000000000',
        withholdingTax: '3.0000000000',
      },
      {
        id: 3,
        tickerId: 1,
        date: '2024-01-04',
        eventId: SELL,
        quantity: '4.0000000000',
        price: '120.0000000000',
        fee: '2.0000000000',
      },
      // USD: buy 2 × 50 + 1 = 101 USD at its own rate 10.2 = −1030.2 NOK; sell 1 × 60 − 0 = 60 USD at
      // the market's 10.9 on 2024-01-04 = +654 NOK.
      {
        id: 4,
        tickerId: 2,
        date: '2024-01-02',
        eventId: BUY,
        quantity: '2.0000000000',
        price: '50.0000000000',
        fee: '1.0000000000',
        fxRate: '10.2000000000',
      },
      {
        id: 5,
        tickerId: 2,
        date: '2024-01-04',
        eventId: SELL,
        quantity: '1.0000000000',
        price: '60.0000000000',
        fee: '0.0000000000',
      },
    ];
    const { cash } = computeResultsAndCash({
      transactions: normalizeStoredTransactions(rows),
      tickers,
      fxRateOn,
      asOf: '2024-01-05',
    });
    // −1005 + 17 + 478 = −510; −1030.2 + 654 = −376.2
    expect(cash.get(1)?.toString()).toBe('-510');
    expect(cash.get(2)?.toString()).toBe('-376.2');
  });
});

describe('a stored numeric without its padding zeros', () => {
  it.each([
    ['165.7700000000', '165.77'],
    ['100.0000000000', '100'],
    ['100', '100'], // no decimal point: an integer's zeros are digits
    ['0.0000000000', '0'],
    ['-12.5000', '-12.5'],
    ['0.0720000000', '0.072'],
    ['10', '10'],
  ])('%s is read as %s', (text, expected) => {
    expect(withoutPaddingZeros(text)).toBe(expected);
  });

  it('is the same value (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.integer({ min: 0, max: 10 }),
        (int, scale) => {
          // int / 10^scale written with `scale` decimals, as PostgreSQL writes a numeric(…, scale).
          const digits = (int < 0n ? -int : int).toString().padStart(scale + 1, '0');
          const text = `${int < 0n ? '-' : ''}${scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`}`;
          const stripped = withoutPaddingZeros(text);
          expect(toDecimal(stripped).eq(toDecimal(text))).toBe(true);
          expect(stripped.includes('.') && /[0.]$/.test(stripped)).toBe(false);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
