/** @jest-environment node */
// Issue 37: a sale whose row says the holding is now 0 (Nordnet's Totalt antall 0) closes the
// position, whatever remainder the file's rounded units leave. Values are our own.
import Decimal from 'decimal.js';
import { newTransactionSchema } from '@/lib/schemas/portfolio';
import { parseNordnetCsv, type ParsedNordnetRow } from '@/server/domain/portfolio';
import { closePositions } from '@/server/services/import/plan';
import type { ResolvedRow } from '@/server/services/import/resolve';
import type { TickerRef } from '@/server/repositories/marketRepository';
import { realNordnetFile } from '../../../helpers/nordnetRealFiles';

const FUND: TickerRef = {
  id: 7,
  symbol: 'NO0000000005',
  name: 'Global Index Fund',
  currency: 'NOK',
  countryId: 160,
  isIndex: false,
  isin: 'NO0000000005',
  img: '',
  inUniverse: false,
  kind: 'fund',
  segment: null,
};

const schema = newTransactionSchema('2030-01-01');

function resolved(
  eventId: 1 | 2,
  date: string,
  quantity: string,
  price: string,
  closesPosition = false,
): ResolvedRow {
  const input = schema.parse({ date, event_id: eventId, ticker_id: FUND.id, quantity, price, fee: '0' });
  const parsed = { closesPosition } as ParsedNordnetRow;
  return { parsed, ticker: FUND, externalId: `${date}-${quantity}`, input };
}

const quantities = (rows: ResolvedRow[]) => rows.map((r) => r.input.quantity);

describe('a sale that closes the position', () => {
  it('reads Totalt antall 0 on a sale as closing it (and not on a sale that leaves units)', () => {
    const result = parseNordnetCsv(
      realNordnetFile([
        {
          id: '1',
          date: '2024-01-02',
          type: 'SALG',
          security: 'Global Index Fund',
          isin: 'NO0000000005',
          quantity: '-4',
          price: '250',
          amount: '1 000',
          totalQuantity: '6',
        },
        {
          id: '2',
          date: '2024-02-02',
          type: 'SALG',
          security: 'Global Index Fund',
          isin: 'NO0000000005',
          quantity: '-6',
          price: '260',
          amount: '1 560',
          totalQuantity: '0',
        },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(result.rows.map((r) => [r.externalId, r.closesPosition ?? false])).toEqual([
      ['1', false],
      ['2', true],
    ]);
  });

  it('sells exactly the units held when the file’s rounded units leave a remainder', () => {
    // Three monthly buys of 3.3333 units (rounded to 4 decimals) = 9.9999 held; the file sells
    // "10" with Totalt antall 0. Without closing, 10 > 9.9999 held; with it, 9.9999 are sold.
    const rows = [
      resolved(1, '2024-01-05', '3.3333', '300'),
      resolved(1, '2024-02-05', '3.3333', '300'),
      resolved(1, '2024-03-05', '3.3333', '300'),
      resolved(2, '2024-04-05', '10', '320', true),
    ];
    expect(quantities(closePositions([], rows))).toEqual(['3.3333', '3.3333', '3.3333', '9.9999']);
  });

  it('sells the remainder too when the file’s units fall short (10.0001 held, 10 sold, 0 left)', () => {
    // Stored: 5.00005 + 5.00005 = 10.0001 held; the file sells 10 and says 0 are left.
    const stored = [
      {
        id: 1,
        tickerId: FUND.id,
        date: '2023-06-01',
        eventId: 1 as const,
        quantity: '5.00005',
        price: '200',
      },
      {
        id: 2,
        tickerId: FUND.id,
        date: '2023-07-01',
        eventId: 1 as const,
        quantity: '5.00005',
        price: '200',
      },
    ];
    const rows = [resolved(2, '2024-04-05', '10', '320', true)];
    expect(quantities(closePositions(stored, rows))).toEqual(['10.0001']);
  });

  it('leaves a sale alone when it does not say the holding is 0, or when the gap is not rounding', () => {
    const notClosing = [resolved(1, '2024-01-05', '9.9999', '300'), resolved(2, '2024-04-05', '10', '320')];
    expect(quantities(closePositions([], notClosing))).toEqual(['9.9999', '10']);
    // 5 held, 10 sold: a gap of 5 is more than 0.1 % of 10 (0.01): the holding rule judges it.
    const farOff = [resolved(1, '2024-01-05', '5', '300'), resolved(2, '2024-04-05', '10', '320', true)];
    expect(quantities(closePositions([], farOff))).toEqual(['5', '10']);
    // Nothing held at all: left for the opening-position proposal.
    expect(quantities(closePositions([], [resolved(2, '2024-04-05', '10', '320', true)]))).toEqual(['10']);
  });

  it('leaves exactly zero units after the closing sale', () => {
    const rows = closePositions(
      [],
      [
        resolved(1, '2024-01-05', '3.3333', '300'),
        resolved(1, '2024-02-05', '3.3333', '300'),
        resolved(1, '2024-03-05', '3.3333', '300'),
        resolved(2, '2024-04-05', '10', '320', true),
      ],
    );
    const left = rows.reduce(
      (sum, r) => (r.input.event_id === 1 ? sum.plus(r.input.quantity) : sum.minus(r.input.quantity)),
      new Decimal(0),
    );
    expect(left.toFixed()).toBe('0');
  });
});
