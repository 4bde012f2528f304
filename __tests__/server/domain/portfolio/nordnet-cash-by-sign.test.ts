// Issue 37: every Nordnet row that moves Saldo and no shares is a cash event by its sign: the words
// of real Norwegian, Swedish and Danish files, and words nobody has listed yet.
import Decimal from 'decimal.js';
import { parseNordnetCsv } from '@/server/domain/portfolio';
import { realNordnetFile, type RealRow } from '../../../helpers/nordnetRealFiles';

const DEPOSIT = 5;
const WITHDRAWAL = 6;
const INTEREST = 10;
const FEE = 11;

/** Cash after the rows: deposits and interest in, withdrawals and fees out. */
function cashOf(rows: ReturnType<typeof parseNordnetCsv>['rows']): string {
  let cash = new Decimal(0);
  for (const r of rows) {
    const amount = r.price.mul(r.quantity);
    if (r.eventId === DEPOSIT || r.eventId === INTEREST) cash = cash.plus(amount);
    else if (r.eventId === WITHDRAWAL || r.eventId === FEE) cash = cash.minus(amount);
    else throw new Error(`not a cash row: ${r.eventId}`);
  }
  return cash.toFixed(2);
}

describe('Nordnet cash rows by their sign', () => {
  it('reads a Norwegian pension account’s words; the cash ends at the file’s last Saldo', () => {
    const rows: RealRow[] = [
      // 2 500 in → 2 500
      { id: '101', date: '2023-01-05', type: 'Overføring via Trustly', amount: '2 500', balance: '2 500' },
      // premium paid in: 1 000 → 3 500
      { id: '102', date: '2023-02-01', type: 'PREMIEINNBETALING', amount: '1 000', balance: '3 500' },
      // insurance cost: 12,40 out → 3 487,60
      { id: '103', date: '2023-02-28', type: 'FORSIKRINGSKOSTNAD', amount: '-12,4', balance: '3 487,6' },
      // share lending pays 3,17 → 3 490,77
      { id: '104', date: '2023-03-15', type: 'Utbetaling aksjeutlån', amount: '3,17', balance: '3 490,77' },
      // paid out of the account: 3 000 → 490,77
      { id: '105', date: '2023-04-03', type: 'UTBETALING', amount: '-3 000', balance: '490,77' },
      // a word nobody listed, money in: 9,20 → 499,97 (a deposit by its sign)
      { id: '106', date: '2023-05-02', type: 'KORR. RENTEKOMP', amount: '9,2', balance: '499,97' },
      // a word nobody listed, money out: 320 → 179,97 (a withdrawal by its sign)
      { id: '107', date: '2023-06-01', type: 'OVERFØRT TIL SPAREKONTO', amount: '-320', balance: '179,97' },
    ];
    const result = parseNordnetCsv(realNordnetFile(rows));
    expect(result.errors).toEqual([]);
    expect(result.review).toEqual([]);
    expect(result.rows.map((r) => [r.externalId, r.eventId, r.price.toFixed()])).toEqual([
      ['101', DEPOSIT, '2500'],
      ['102', DEPOSIT, '1000'],
      ['103', FEE, '12.4'],
      ['104', INTEREST, '3.17'],
      ['105', WITHDRAWAL, '3000'],
      ['106', DEPOSIT, '9.2'],
      ['107', WITHDRAWAL, '320'],
    ]);
    // 2 500 + 1 000 − 12,40 + 3,17 − 3 000 + 9,20 − 320 = 179,97
    expect(cashOf(result.rows)).toBe('179.97');
    expect(result.lastBalance?.toFixed(2)).toBe('179.97');
  });

  it('reads Swedish capital-account interest and compensation, and Danish deposits and depot interest, by sign', () => {
    const sv: RealRow[] = [
      {
        id: '1',
        date: '2022-01-03',
        type: 'INSÄTTNING',
        amount: '10 000',
        currency: 'SEK',
        balance: '10 000',
      },
      // capital-account interest credited 4,10 → 10 004,10
      { id: '2', date: '2022-03-31', type: 'KAP RÄNTA', amount: '4,1', currency: 'SEK', balance: '10 004,1' },
      // debit interest 1,35 out → 10 002,75
      {
        id: '3',
        date: '2022-06-30',
        type: 'KAP. DEB RÄNTA',
        amount: '-1,35',
        currency: 'SEK',
        balance: '10 002,75',
      },
      // compensation 50 in → 10 052,75
      {
        id: '4',
        date: '2022-07-01',
        type: 'ERSÄTTNING',
        amount: '50',
        currency: 'SEK',
        balance: '10 052,75',
      },
    ];
    const swedish = parseNordnetCsv(realNordnetFile(sv, 'sv'));
    expect(swedish.review).toEqual([]);
    expect(swedish.rows.map((r) => [r.eventId, r.price.toFixed(), r.currency])).toEqual([
      [DEPOSIT, '10000', 'SEK'],
      [INTEREST, '4.1', 'SEK'],
      [FEE, '1.35', 'SEK'],
      [DEPOSIT, '50', 'SEK'],
    ]);
    // 10 000 + 4,10 − 1,35 + 50 = 10 052,75
    expect(cashOf(swedish.rows)).toBe('10052.75');
    expect(swedish.lastBalance?.toFixed(2)).toBe('10052.75');

    const da: RealRow[] = [
      {
        id: '1',
        date: '2021-01-04',
        type: 'INDSÆTTELSE',
        amount: '5 000',
        currency: 'DKK',
        balance: '5 000',
      },
      // negative depot interest (charged) 2,50 → 4 997,50
      {
        id: '2',
        date: '2021-03-31',
        type: 'DEPOTRENTE',
        amount: '-2,5',
        currency: 'DKK',
        balance: '4 997,5',
      },
      {
        id: '3',
        date: '2021-04-01',
        type: 'INS. KREDIT',
        amount: '100',
        currency: 'DKK',
        balance: '5 097,5',
      },
    ];
    const danish = parseNordnetCsv(realNordnetFile(da, 'da'));
    expect(danish.review).toEqual([]);
    expect(danish.rows.map((r) => [r.eventId, r.price.toFixed()])).toEqual([
      [DEPOSIT, '5000'],
      [FEE, '2.5'],
      [DEPOSIT, '100'],
    ]);
    // 5 000 − 2,50 + 100 = 5 097,50
    expect(cashOf(danish.rows)).toBe('5097.50');
  });

  it('keeps an unknown row that moves shares for review', () => {
    const result = parseNordnetCsv(
      realNordnetFile([
        {
          id: '1',
          date: '2024-01-02',
          type: 'VP-OVERFØRING',
          security: 'X',
          isin: 'NO0000000001',
          quantity: '5',
        },
      ]),
    );
    expect(result.rows).toEqual([]);
    expect(result.review.map((r) => [r.line, r.direction])).toEqual([[2, 'in']]);
  });
});
