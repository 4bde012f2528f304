// Issue 37: corporate actions with their cash legs and their true direction. A compulsory
// redemption (INNLØSN. UTTAK VP + INNL. VP LIKVID) is one sale at the cash leg's amount, and the
// cash leg is not also a deposit; a cancellation (SLETTING UTTAK VP, POISTO) takes shares out at 0;
// rights come in at 0 (TILDELING INNLEGG RE, TILD. INDLÆG RETTER) and go out at 0 when used.
// Files in Nordnet's real layout (helpers/nordnetRealFiles), our own values.
import { parseNordnetCsv } from '@/server/domain/portfolio';
import { realNordnetFile, type RealRow } from '../../../helpers/nordnetRealFiles';

const BUY = 1;
const SELL = 2;
const DEPOSIT = 5;

const rowsOf = (result: ReturnType<typeof parseNordnetCsv>) =>
  result.rows.map((r) => [r.line, r.eventId, r.isin, r.quantity.toFixed(), r.price.toFixed(), r.externalId]);

describe('Nordnet corporate actions', () => {
  it('pairs a redemption with its cash leg into one sale at the cash amount; no deposit', () => {
    const rows: RealRow[] = [
      { id: '10', date: '2023-01-10', type: 'INNSKUDD', amount: '20 000', balance: '20 000' },
      // 70 bank shares at 150 + 99 fee: −10 599 → 9 401
      {
        id: '11',
        date: '2023-02-01',
        type: 'KJØPT',
        security: 'Some Bank',
        isin: 'NO0010000001',
        quantity: '70',
        price: '150',
        fees: '99',
        amount: '-10 599',
        balance: '9 401',
      },
      // The redemption: 70 shares out, no amount
      {
        id: '12',
        date: '2023-06-05',
        type: 'INNLØSN. UTTAK VP',
        security: 'Some Bank',
        isin: 'NO0010000001',
        quantity: '-70',
        totalQuantity: '0',
      },
      // …and the cash for them three days later: 70 × 162,50 = 11 375 → 20 776
      {
        id: '13',
        date: '2023-06-08',
        type: 'INNL. VP LIKVID',
        security: 'Some Bank',
        isin: 'NO0010000001',
        quantity: '70',
        amount: '11 375',
        balance: '20 776',
      },
    ];
    const result = parseNordnetCsv(realNordnetFile(rows));
    expect(result.errors).toEqual([]);
    expect(result.review).toEqual([]);
    // Newest first in the file: the lines are 5 (id 10) … 2 (id 13).
    expect(rowsOf(result)).toEqual([
      [5, DEPOSIT, null, '1', '20000', '10'],
      [4, BUY, 'NO0010000001', '70', '150', '11'],
      // 11 375 / 70 = 162.5 per share, on the day the shares went out
      [3, SELL, 'NO0010000001', '70', '162.5', '12/13'],
    ]);
    expect(result.rows[2].date).toBe('2023-06-05');
    // Cash: 20 000 − (70 × 150 + 99) + 70 × 162.5 = 20 776, the file's last Saldo; the cash leg
    // counted once (as the sale), not again as a deposit.
    expect(result.rows.filter((r) => r.eventId === DEPOSIT)).toHaveLength(1);
    expect(result.lastBalance?.toFixed(2)).toBe('20776.00');
  });

  it('a cancellation takes the shares out at 0 (SLETTING UTTAK VP, Finnish POISTO)', () => {
    const nb = parseNordnetCsv(
      realNordnetFile([
        {
          id: '21',
          date: '2023-09-12',
          type: 'SLETTING UTTAK VP',
          security: 'SAS AB',
          isin: 'SE0003366871',
          quantity: '-52 308',
          totalQuantity: '0',
        },
      ]),
    );
    expect(nb.errors).toEqual([]);
    expect(nb.review).toEqual([]);
    expect(rowsOf(nb)).toEqual([[2, SELL, 'SE0003366871', '52308', '0', '21']]);

    const fi = parseNordnetCsv(
      realNordnetFile(
        [
          {
            id: '22',
            date: '2023-09-12',
            type: 'POISTO',
            security: 'SAS AB',
            isin: 'SE0003366871',
            quantity: '-1 000',
            currency: 'EUR',
          },
        ],
        'fi',
      ),
    );
    expect(fi.errors).toEqual([]);
    expect(rowsOf(fi)).toEqual([[2, SELL, 'SE0003366871', '1000', '0', '22']]);
  });

  it('fractions deleted and paid for: SLETTING DESIM. UTTA + SLETTING DESIM. LIKV is a sale at the cash', () => {
    const result = parseNordnetCsv(
      realNordnetFile([
        // 0,4 units out; 0,4 × 12,50 = 5 paid the same day
        {
          id: '31',
          date: '2024-02-01',
          type: 'SLETTING DESIM. UTTA',
          security: 'Fund A',
          isin: 'NO0000000002',
          quantity: '-0,4',
        },
        {
          id: '32',
          date: '2024-02-01',
          type: 'SLETTING DESIM. LIKV',
          security: 'Fund A',
          isin: 'NO0000000002',
          quantity: '0,4',
          amount: '5',
          balance: '5',
        },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(rowsOf(result)).toEqual([[3, SELL, 'NO0000000002', '0.4', '12.5', '31/32']]);
  });

  it('rights in at 0 and out at 0 when used (nb TILDELING INNLEGG RE, da TILD. INDLÆG RETTER)', () => {
    const nb = parseNordnetCsv(
      realNordnetFile([
        {
          id: '41',
          date: '2024-03-01',
          type: 'TILDELING INNLEGG RE',
          security: 'X TR',
          isin: 'NO0000000009',
          quantity: '10',
        },
        {
          id: '42',
          date: '2024-03-04',
          type: 'TEGNING UTTAK RETTER',
          security: 'X TR',
          isin: 'NO0000000009',
          quantity: '-10',
        },
      ]),
    );
    expect(nb.errors).toEqual([]);
    expect(nb.skipped).toEqual([]);
    expect(rowsOf(nb)).toEqual([
      [3, BUY, 'NO0000000009', '10', '0', '41'],
      [2, SELL, 'NO0000000009', '10', '0', '42'],
    ]);

    const da = parseNordnetCsv(
      realNordnetFile(
        [
          {
            id: '43',
            date: '2024-03-01',
            type: 'TILD. INDLÆG RETTER',
            security: 'Y TR',
            isin: 'DK0000000001',
            quantity: '25',
          },
        ],
        'da',
      ),
    );
    expect(da.errors).toEqual([]);
    expect(da.review).toEqual([]);
    expect(rowsOf(da)).toEqual([[2, BUY, 'DK0000000001', '25', '0', '43']]);
  });

  it('an issue without a leg word goes by Antall’s sign (da EMISSION OVERF. VP)', () => {
    const da = parseNordnetCsv(
      realNordnetFile(
        [
          // new shares in: 30 at Beløb 0 → cost 0
          {
            id: '51',
            date: '2024-04-02',
            type: 'EMISSION OVERF. VP',
            security: 'Z',
            isin: 'DK0000000002',
            quantity: '30',
          },
          // the interim shares used up: no effect here
          {
            id: '52',
            date: '2024-04-02',
            type: 'EMISSION OVERF. VP',
            security: 'Z T',
            isin: 'DK0000000003',
            quantity: '-30',
          },
        ],
        'da',
      ),
    );
    expect(da.errors).toEqual([]);
    expect(da.review).toEqual([]);
    expect(rowsOf(da)).toEqual([[3, BUY, 'DK0000000002', '30', '0', '51']]);
    expect(da.skipped.map((s) => [s.line, s.code])).toEqual([[2, 'NO_EFFECT']]);
  });

  it('a redemption without its cash is for review (out); a cash leg without its shares is their sale', () => {
    const result = parseNordnetCsv(
      realNordnetFile([
        // cash for shares whose out-leg lies before the exported period: 20 × 55 = 1 100
        {
          id: '61',
          date: '2024-01-03',
          type: 'INNL. VP LIKVID',
          security: 'Old Bank',
          isin: 'NO0010000003',
          quantity: '20',
          amount: '1 100',
          balance: '1 100',
        },
        // a redemption with no cash within 14 days
        {
          id: '62',
          date: '2024-06-03',
          type: 'INNLØSN. UTTAK VP',
          security: 'Other Bank',
          isin: 'NO0010000004',
          quantity: '-15',
        },
      ]),
    );
    expect(result.errors).toEqual([]);
    expect(rowsOf(result)).toEqual([[3, SELL, 'NO0010000003', '20', '55', '61']]);
    expect(result.review.map((r) => [r.line, r.direction, r.code, r.quantity])).toEqual([
      [2, 'out', 'REDEMPTION_LEG_ALONE', '-15'],
    ]);
  });
});
