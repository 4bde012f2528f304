/** @jest-environment node */
import fc from 'fast-check';
import {
  applyTransactions,
  exportNordnetCsv,
  parseNordnetCsv,
  toDecimal,
  type NordnetExportTransaction,
  type Position,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, SPLIT, s } from './helpers';

const EQNR = { isin: 'NO0010096985', name: 'Equinor', currency: 'NOK' };
const AAPL = { isin: 'US0378331005', name: 'Apple', currency: 'USD' };

const history: NordnetExportTransaction[] = [
  {
    id: 1,
    date: '2024-01-02',
    eventId: BUY,
    ...EQNR,
    quantity: 1200,
    price: '287.35',
    fee: 79,
    comment: 'first\tbuy; "quoted"',
  },
  { id: 2, date: '2024-01-03', eventId: BUY, ...AAPL, quantity: '2.5', price: '185.64', fee: '1.25' },
  { id: 3, date: '2024-03-01', eventId: SELL, ...EQNR, quantity: 200, price: 301, fee: 49 },
  { id: 4, date: '2024-05-15', eventId: DIVIDEND, ...EQNR, quantity: 1000, price: '3.54' },
  { id: 5, date: '2024-06-10', eventId: SPLIT, ...AAPL, quantity: 4, price: 0 }, // 2.5 held → UTTAK 2.5, INNLEGG 10
  {
    id: 6,
    date: '2024-06-10',
    eventId: SPLIT,
    isin: 'SE0000000001',
    name: 'Nothing Held AB',
    currency: 'SEK',
    quantity: '0.1',
    price: 0,
  },
];

describe('Nordnet export → import round trip', () => {
  const bytes = exportNordnetCsv(history, 'Aksjesparekonto');
  const parsed = parseNordnetCsv(bytes);

  it('writes UTF-8 with a BOM, tab-separated, newest first, with decimal commas', () => {
    expect([bytes[0], bytes[1], bytes[2]]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).split('\r\n');
    expect(lines[0].split('\t').slice(0, 6)).toEqual([
      'Id',
      'Bokføringsdag',
      'Handelsdag',
      'Oppgjørsdag',
      'Portefølje',
      'Transaksjonstype',
    ]);
    // newest first: the two split pairs of 2024-06-10 come right after the header
    expect(lines[1].split('\t')[1]).toBe('2024-06-10');
    // the first buy, last line: 1200 × 287.35 + 79 = 344 899 out of the account; the comment
    // with its tab and quotes is one quoted cell, quotes doubled; then Kind (none given here)
    const last = lines[lines.length - 2];
    expect(last.endsWith('\t"first\tbuy; ""quoted"""\t')).toBe(true);
    expect(last.slice(0, last.indexOf('\t"first')).split('\t')).toEqual([
      '1',
      '2024-01-02',
      '2024-01-02',
      '2024-01-02',
      'Aksjesparekonto',
      'KJØPT',
      'Equinor',
      'NO0010096985',
      '1200',
      '287,35',
      'NOK', // Kurs has its own Valuta in our export
      '',
      '79',
      'NOK',
      '-344899',
      'NOK',
      '1200',
      '', // Vekslingskurs: none recorded
    ]);
  });

  it('reads back every transaction unchanged', () => {
    expect(parsed.errors).toEqual([]);
    expect(parsed.skipped).toEqual([]);
    expect(
      parsed.rows.map((r) => [
        r.externalId,
        r.date,
        r.eventId,
        r.isin,
        r.name,
        s(r.quantity),
        s(r.price),
        s(r.fee),
      ]),
    ).toEqual([
      ['1', '2024-01-02', BUY, EQNR.isin, 'Equinor', '1200', '287.35', '79'],
      ['2', '2024-01-03', BUY, AAPL.isin, 'Apple', '2.5', '185.64', '1.25'],
      ['3', '2024-03-01', SELL, EQNR.isin, 'Equinor', '200', '301', '49'],
      ['4', '2024-05-15', DIVIDEND, EQNR.isin, 'Equinor', '1000', '3.54', '0'],
      // 10 / 2.5 = 4
      ['5', '2024-06-10', SPLIT, AAPL.isin, 'Apple', '4', '0', '0'],
      // nothing held: written as 1 → 0.1, read back as 0.1
      ['6', '2024-06-10', SPLIT, 'SE0000000001', 'Nothing Held AB', '0.1', '0', '0'],
    ]);
    expect(parsed.rows.filter((r) => r.eventId !== SPLIT).map((r) => r.currency)).toEqual([
      'NOK',
      'USD',
      'NOK',
      'NOK',
    ]);
  });
});

// A random valid history over two securities, with partial and full sells, dividends and splits.
const opArb = fc.record({
  security: fc.constantFrom(0, 1),
  day: fc.integer({ min: 1, max: 28 }),
  kind: fc.constantFrom('buy', 'buy', 'sell', 'dividend', 'split'),
  quantity: fc.integer({ min: 1, max: 500000 }),
  price: fc.integer({ min: 0, max: 10000000 }),
  fee: fc.integer({ min: 0, max: 20000 }),
  ratio: fc.constantFrom('2', '3', '0.5', '0.1', '1.5'),
});

describe('round trip property', () => {
  it('export then import gives the same positions for any valid history', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 30 }), (ops) => {
        const securities = [EQNR, AAPL];
        const held = [toDecimal(0), toDecimal(0)];
        const txs: NordnetExportTransaction[] = [];
        ops.forEach((op, i) => {
          const date = `2024-02-${String(op.day).padStart(2, '0')}`;
          const quantity = toDecimal(op.quantity).div(100);
          let eventId: number =
            op.kind === 'buy' ? BUY : op.kind === 'sell' ? SELL : op.kind === 'dividend' ? DIVIDEND : SPLIT;
          // Keep it valid in generation order, then give it dates in that order too (ids rise with the day).
          if (eventId === SELL && held[op.security].isZero()) eventId = BUY;
          let q = eventId === SPLIT ? toDecimal(op.ratio) : quantity;
          if (eventId === SELL && q.gt(held[op.security])) q = held[op.security];
          if (eventId === BUY) held[op.security] = held[op.security].plus(q);
          if (eventId === SELL) held[op.security] = held[op.security].minus(q);
          if (eventId === SPLIT) held[op.security] = held[op.security].mul(q);
          txs.push({
            id: i + 1,
            date,
            eventId,
            ...securities[op.security],
            quantity: q,
            price: toDecimal(op.price).div(100),
            fee: toDecimal(op.fee).div(100),
          });
        });
        // Dates must follow generation order for the holding checks above to hold: sort the days.
        const days = txs.map((t) => t.date).sort();
        const ordered = txs.map((t, i) => ({ ...t, date: days[i] }));
        const tickerOf = (isin: string | null): number => (isin === EQNR.isin ? 1 : 2);
        const original: TransactionInput[] = ordered.map((t) => ({ ...t, tickerId: tickerOf(t.isin) }));
        const parsed = parseNordnetCsv(exportNordnetCsv(ordered));
        const restored: TransactionInput[] = parsed.rows.map((r) => ({
          id: Number(r.externalId),
          tickerId: tickerOf(r.isin),
          date: r.date,
          eventId: r.eventId,
          quantity: r.quantity,
          price: r.price,
          fee: r.fee,
        }));
        const view = (positions: Map<number, Position>): string[][] =>
          [...positions.values()].map((p) =>
            [p.tickerId, p.quantity, p.cost, p.realized, p.dividends, p.fees].map(String),
          );
        expect(parsed.errors).toEqual([]);
        expect(view(applyTransactions(restored))).toEqual(view(applyTransactions(original)));
      }),
      { numRuns: 150 },
    );
  });
});
