/** @jest-environment node */
// Issue 24 item 1: one ledger, one answer. For any valid history, splits whose ratio is not exact
// in 10 decimals (1/3, 2/3, 3/7, …) included, the results, the metadata, the tax view, the
// performance series and the export all agree on the quantity held and its cost, whether they are
// handed the stored rows or the transactions the service validated once (the loader's path: the
// reverse-split bug lived in a second validation of already validated transactions).
//
// The expected figures come from an oracle written here with exact fractions (BigInt numerator
// and denominator), not from the domain: average cost, a split multiplies the holding by to/from
// and leaves the cost, a sale of part takes cost × sold / held, a sale of everything (the exact
// holding, or the holding as shown: rounded half-up to 10 decimals) takes it all.
import fc from 'fast-check';
import { splitQuantityText } from '@/lib/splitRatio';
import {
  applyTransactions,
  computePerformance,
  computePortfolioResults,
  computeTickerMetadata,
  createFxRateOn,
  exportNordnetCsv,
  normalizeTransactions,
  parseNordnetCsv,
  toPerformancePointDto,
  toPortfolioResultDto,
  toTickerMetadataDto,
  type LedgerEntry,
  type PricePoint,
  type TickerInfo,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { fifoView } from './fifoView';
import { BUY, DIVIDEND, SELL, SPLIT } from './helpers';

/** An exact non-negative fraction. */
interface Frac {
  n: bigint;
  d: bigint;
}
const TEN = BigInt(10);
const big = (x: number | string) => BigInt(x);
function gcd(a: bigint, b: bigint): bigint {
  while (b !== big(0)) [a, b] = [b, a % b];
  return a < big(0) ? -a : a;
}
function frac(n: bigint, d: bigint = big(1)): Frac {
  const g = gcd(n, d) || big(1);
  return { n: n / g, d: d / g };
}
/** A plain decimal text ("12.5", "0.3333333333") as its exact fraction. */
function parse(text: string): Frac {
  const [i, f = ''] = text.split('.');
  return frac(big(i + f), TEN ** big(f.length));
}
const add = (a: Frac, b: Frac) => frac(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Frac, b: Frac) => frac(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Frac, b: Frac) => frac(a.n * b.n, a.d * b.d);
const div = (a: Frac, b: Frac) => frac(a.n * b.d, a.d * b.n);
const cmp = (a: Frac, b: Frac) => {
  const x = a.n * b.d - b.n * a.d;
  return x < big(0) ? -1 : x > big(0) ? 1 : 0;
};
const ZERO: Frac = { n: big(0), d: big(1) };
/** Round half up (away from zero for the non-negative values here) to `places` decimals, as a JS number. */
function round(a: Frac, places: number): number {
  const scale = TEN ** big(places);
  const negative = a.n < big(0);
  const n = negative ? -a.n : a.n;
  const q = (n * scale * big(2) + a.d) / (a.d * big(2));
  const text = q.toString().padStart(places + 1, '0');
  const value = Number(`${text.slice(0, -places)}.${text.slice(-places)}`);
  return negative && value !== 0 ? -value : value;
}
/** `a` rounded half-up to 10 decimals, as text: the holding as shown, what a user types to sell "everything". */
function shown10(a: Frac): string {
  const q = (a.n * TEN ** big(10) * big(2) + a.d) / (a.d * big(2));
  const text = q.toString().padStart(11, '0');
  return `${text.slice(0, -10)}.${text.slice(-10)}`;
}

const DATES = ['2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05'];
const LAST = DATES[DATES.length - 1];
const CLOSE: Record<number, string> = { 1: '101.5', 2: '12.25' };
const RATIOS: [number, number][] = [
  [1, 3],
  [2, 3],
  [3, 7],
  [2, 1],
  [1, 6],
  [7, 3],
  [3, 1],
  [1, 2],
];

const opArb = fc.record({
  tickerId: fc.constantFrom(1, 2),
  kind: fc.constantFrom('buy', 'buy', 'sell', 'sell', 'dividend', 'split', 'split'),
  quantity: fc.integer({ min: 1, max: 500_000 }).map((n) => (n / 1000).toFixed(3)),
  price: fc.integer({ min: 1, max: 1_000_000 }).map((n) => (n / 100).toFixed(2)),
  fee: fc.integer({ min: 0, max: 5_000 }).map((n) => (n / 100).toFixed(2)),
  ratio: fc.constantFrom(...RATIOS),
  sellAll: fc.boolean(),
  splitFee: fc.boolean(),
});

interface Expected {
  quantity: Frac;
  cost: Frac;
}

/**
 * A valid history as the service stores it (a split: split_to/split_from and the ratio rounded to
 * 10 decimals as its quantity), in generation order with increasing dates and ids, and the
 * oracle's quantity and cost per ticker.
 */
const historyArb = fc.array(opArb, { minLength: 1, maxLength: 30 }).map((ops) => {
  const held = new Map<number, Expected>();
  const history: TransactionInput[] = [];
  ops.forEach((op, i) => {
    const id = i + 1;
    const date = DATES[Math.min(DATES.length - 1, Math.floor((i * DATES.length) / ops.length))];
    const before = held.get(op.tickerId) ?? { quantity: ZERO, cost: ZERO };
    let kind = op.kind;
    if (kind === 'sell' && cmp(before.quantity, ZERO) === 0) kind = 'buy';
    const fee = parse(op.fee);
    switch (kind) {
      case 'buy': {
        const q = parse(op.quantity);
        held.set(op.tickerId, {
          quantity: add(before.quantity, q),
          cost: add(before.cost, add(mul(q, parse(op.price)), fee)),
        });
        history.push({
          id,
          tickerId: op.tickerId,
          date,
          eventId: BUY,
          quantity: op.quantity,
          price: op.price,
          fee: op.fee,
        });
        break;
      }
      case 'sell': {
        let text = op.quantity;
        const shown = shown10(before.quantity);
        if (op.sellAll || cmp(parse(text), before.quantity) > 0) text = shown;
        const q = parse(text);
        if (cmp(q, ZERO) === 0) return; // a holding below 0.00000000005 shows as 0 and cannot be sold
        // The rule under test: selling the holding as shown sells all of it.
        const closes = cmp(q, before.quantity) === 0 || cmp(q, parse(shown)) === 0;
        held.set(op.tickerId, {
          quantity: closes ? ZERO : sub(before.quantity, q),
          cost: closes ? ZERO : sub(before.cost, div(mul(before.cost, q), before.quantity)),
        });
        history.push({
          id,
          tickerId: op.tickerId,
          date,
          eventId: SELL,
          quantity: text,
          price: op.price,
          fee: op.fee,
        });
        break;
      }
      case 'dividend':
        history.push({
          id,
          tickerId: op.tickerId,
          date,
          eventId: DIVIDEND,
          quantity: op.quantity,
          price: op.price,
          fee: '0',
        });
        break;
      case 'split': {
        const [to, from] = op.ratio;
        const splitFee = op.splitFee ? fee : ZERO;
        const holding = cmp(before.quantity, ZERO) > 0;
        held.set(op.tickerId, {
          quantity: mul(before.quantity, frac(big(to), big(from))),
          // A split fee is a cost of the shares held; with none held it is not a cost of any.
          cost: holding ? add(before.cost, splitFee) : before.cost,
        });
        history.push({
          id,
          tickerId: op.tickerId,
          date,
          eventId: SPLIT,
          quantity: splitQuantityText(to, from),
          price: '0',
          fee: op.splitFee ? op.fee : '0',
          splitTo: to,
          splitFrom: from,
        });
        break;
      }
    }
  });
  return { history, expected: held };
});

const tickers = new Map<number, TickerInfo>([
  [1, { currency: 'NOK', lastPrice: CLOSE[1] }],
  [2, { currency: 'NOK', lastPrice: CLOSE[2] }],
]);
const closes = new Map<number, PricePoint[]>(
  [1, 2].map((id) => [id, DATES.map((date) => ({ date, close: CLOSE[id] }))]),
);
const fxRateOn = createFxRateOn([]);

/** What every route says for each ticker, given the ledger as `entries`. */
function everyRoute(entries: readonly LedgerEntry[]) {
  const results = new Map(
    computePortfolioResults({ transactions: entries, tickers, fxRateOn, asOf: LAST, includeSold: true })
      .map(toPortfolioResultDto)
      .map((r) => [r.ticker_id, r]),
  );
  const tax = fifoView({ transactions: entries, tickers, fxRateOn });
  const performance = computePerformance({
    transactions: entries,
    tickers,
    closes,
    fxRateOn,
    from: DATES[0],
    to: LAST,
  }).map(toPerformancePointDto);
  return { results, tax, performance };
}

describe('one ledger, one answer (issue 24 item 1)', () => {
  it('results, metadata, tax, performance and the export agree with the exact oracle on quantity and cost', () => {
    fc.assert(
      fc.property(historyArb, ({ history, expected }) => {
        // As stored (validated inside each computation) and as the loader hands it over (validated once).
        const loaded = normalizeTransactions(history);
        for (const entries of [history, loaded] as const) {
          const { results, tax, performance } = everyRoute(entries);
          let value = ZERO;
          for (const [tickerId, want] of expected) {
            const quantity = round(want.quantity, 10);
            const cost = round(want.cost, 6);
            expect({
              tickerId,
              quantity: results.get(tickerId)?.quantity,
              cost: results.get(tickerId)?.cost,
            }).toEqual({
              tickerId,
              quantity,
              cost,
            });
            expect(toTickerMetadataDto(computeTickerMetadata(entries, tickerId))).toMatchObject({
              quantity,
              cost,
            });
            // FIFO lots hold the same shares as the average-cost position.
            const lots = tax.openLots.filter((l) => l.tickerId === tickerId);
            const lotQuantity = lots.reduce((sum, l) => add(sum, parse(l.quantity.toFixed())), ZERO);
            expect(round(lotQuantity, 10)).toBe(quantity);
            value = add(value, mul(want.quantity, parse(CLOSE[tickerId])));
          }
          // The last day of the series values what is held at the last close.
          expect(performance[performance.length - 1]?.value_base).toBe(round(value, 6));
        }
        // The export, read back, gives the same positions.
        const isin = (tickerId: number) => (tickerId === 1 ? 'NO0010096985' : 'NO0010031479');
        const file = exportNordnetCsv(
          history.map((t) => ({ ...t, isin: isin(t.tickerId!), name: `T${t.tickerId}`, currency: 'NOK' })),
        );
        const parsed = parseNordnetCsv(file);
        expect(parsed.errors).toEqual([]);
        const restored = applyTransactions(
          parsed.rows.map((r) => ({
            // The Id column carries our id (a split's two legs share it).
            id: Number(r.externalId),
            tickerId: r.isin === isin(1) ? 1 : 2,
            date: r.date,
            eventId: r.eventId,
            quantity: r.quantity,
            price: r.price,
            fee: r.fee,
            splitTo: r.splitTo,
            splitFrom: r.splitFrom,
          })),
        );
        for (const [tickerId, want] of expected) {
          const position = restored.get(tickerId);
          expect(position && round(parse(position.quantity.toFixed()), 10)).toBe(round(want.quantity, 10));
          expect(position && round(parse(position.cost.toFixed()), 6)).toBe(round(want.cost, 6));
        }
      }),
      { numRuns: 150 },
    );
  });
});
