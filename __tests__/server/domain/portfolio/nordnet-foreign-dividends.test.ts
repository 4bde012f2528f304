// Issue 37: Nordnet writes a foreign share's dividend per share in the share's currency but labels
// the row with the account's currency and Vekslingskurs 1; Beløp is the gross in the account's
// currency. The dividend is recorded in the share's currency at the rate Beløp implies, and its
// withholding likewise. Files in Nordnet's real layout (helpers/nordnetRealFiles), our own values.
import { parseNordnetCsv } from '@/server/domain/portfolio';
import { realNordnetFile, type RealRow } from '../../../helpers/nordnetRealFiles';
import type { NordnetLanguage } from '../../../helpers/nordnetFiles';

const DIVIDEND = 3;

function dividendsOf(bytes: Buffer) {
  const result = parseNordnetCsv(bytes);
  expect(result.errors).toEqual([]);
  expect(result.review).toEqual([]);
  return result.rows
    .filter((r) => r.eventId === DIVIDEND)
    .map((r) => ({
      isin: r.isin,
      quantity: r.quantity.toFixed(),
      price: r.price.toFixed(),
      currency: r.currency,
      fxRate: r.fxRate?.toFixed() ?? null,
      withheld: r.withholdingTax?.toFixed() ?? null,
    }));
}

/** A dividend and its withholding in one account currency, as Nordnet writes them (rate 1, account labels). */
function foreignDividend(
  language: NordnetLanguage,
  words: { dividend: string; withholding: string },
  values: { quantity: string; perShare: string; amount: string; withheld: string; currency: string },
): Buffer {
  const rows: RealRow[] = [
    {
      id: '501',
      date: '2024-05-16',
      type: words.dividend,
      security: 'Apple',
      isin: 'US0378331005',
      quantity: values.quantity,
      price: values.perShare,
      amount: values.amount,
      currency: values.currency,
      rate: '1',
    },
    {
      id: '502',
      date: '2024-05-16',
      type: words.withholding,
      security: 'Apple',
      isin: 'US0378331005',
      amount: `-${values.withheld}`,
      currency: values.currency,
      rate: '1',
    },
  ];
  return realNordnetFile(rows, language);
}

describe('Nordnet foreign dividends in the share’s currency', () => {
  it('nb: 10 Apple at 0,24 USD, Beløp 25,20 NOK → 0.24 USD per share at 10.5 NOK/USD; 3,78 NOK withheld = 0.36 USD', () => {
    const file = foreignDividend(
      'nb',
      { dividend: 'UTBYTTE', withholding: 'KUPONGSKATT' },
      // 10 × 0.24 = 2.40 USD; 25.20 / 2.40 = 10.5; 15 % of 2.40 = 0.36 USD = 3.78 NOK
      { quantity: '10', perShare: '0,24', amount: '25,2', withheld: '3,78', currency: 'NOK' },
    );
    expect(dividendsOf(file)).toEqual([
      {
        isin: 'US0378331005',
        quantity: '10',
        price: '0.24',
        currency: null, // the share's own (USD, from the resolved instrument)
        fxRate: '10.5',
        withheld: '0.36', // 3.78 / 10.5
      },
    ]);
  });

  it('sv: 20 at 0,25 USD, Belopp 52 SEK → rate 10.4; UTL KUPSKATT 7,80 SEK = 0.75 USD', () => {
    // 20 × 0.25 = 5 USD; 52 / 5 = 10.4; 7.80 / 10.4 = 0.75
    const file = foreignDividend(
      'sv',
      { dividend: 'UTDELNING', withholding: 'UTL KUPSKATT' },
      { quantity: '20', perShare: '0,25', amount: '52', withheld: '7,8', currency: 'SEK' },
    );
    expect(dividendsOf(file)).toEqual([
      {
        isin: 'US0378331005',
        quantity: '20',
        price: '0.25',
        currency: null,
        fxRate: '10.4',
        withheld: '0.75',
      },
    ]);
  });

  it('da: 5 at 1,20 USD, Beløb 39 DKK → rate 6.5; UDBYTTESKAT 5,85 DKK = 0.9 USD', () => {
    // 5 × 1.20 = 6 USD; 39 / 6 = 6.5; 5.85 / 6.5 = 0.9
    const file = foreignDividend(
      'da',
      { dividend: 'UDBYTTE', withholding: 'UDBYTTESKAT' },
      { quantity: '5', perShare: '1,2', amount: '39', withheld: '5,85', currency: 'DKK' },
    );
    expect(dividendsOf(file)).toEqual([
      { isin: 'US0378331005', quantity: '5', price: '1.2', currency: null, fxRate: '6.5', withheld: '0.9' },
    ]);
  });

  it('fi: 8 at 0,50 USD, Summa 3,60 EUR → rate 0.9; LÄHDEVERO 0,54 EUR = 0.6 USD', () => {
    // 8 × 0.50 = 4 USD; 3.60 / 4 = 0.9; 0.54 / 0.9 = 0.6
    const file = foreignDividend(
      'fi',
      { dividend: 'OSINKO', withholding: 'LÄHDEVERO' },
      { quantity: '8', perShare: '0,5', amount: '3,6', withheld: '0,54', currency: 'EUR' },
    );
    expect(dividendsOf(file)).toEqual([
      { isin: 'US0378331005', quantity: '8', price: '0.5', currency: null, fxRate: '0.9', withheld: '0.6' },
    ]);
  });

  it('keeps a dividend whose Beløp is Antall × Kurs in the account’s currency (a Norwegian share)', () => {
    const file = realNordnetFile([
      // 120 Equinor at 2,85 NOK = 342 NOK: the labels are right
      {
        id: '601',
        date: '2024-05-27',
        type: 'UTBYTTE',
        security: 'Equinor',
        isin: 'NO0010096985',
        quantity: '120',
        price: '2,85',
        amount: '342',
        currency: 'NOK',
        rate: '1',
      },
      // 7 fund units at 1,3333 NOK: Beløp 9,33 is 7 × 1.3333 = 9.3331 within the øre rounding
      {
        id: '602',
        date: '2024-05-28',
        type: 'UTBYTTE',
        security: 'Some fund',
        isin: 'NO0000000001',
        quantity: '7',
        price: '1,3333',
        amount: '9,33',
        currency: 'NOK',
      },
    ]);
    expect(dividendsOf(file)).toEqual([
      { isin: 'NO0010096985', quantity: '120', price: '2.85', currency: 'NOK', fxRate: null, withheld: null },
      { isin: 'NO0000000001', quantity: '7', price: '1.3333', currency: 'NOK', fxRate: null, withheld: null },
    ]);
  });

  it('keeps a stated Vekslingskurs other than 1 as it is (Beløp converted with it)', () => {
    // 10 × 0.24 USD; Vekslingskurs 10,5 stated: 25,20 NOK; the rate is the file's, not implied
    const file = realNordnetFile([
      {
        id: '701',
        date: '2024-05-16',
        type: 'UTBYTTE',
        security: 'Apple',
        isin: 'US0378331005',
        quantity: '10',
        price: '0,24',
        amount: '25,2',
        currency: 'NOK',
        rate: '10,5',
      },
    ]);
    expect(dividendsOf(file)).toEqual([
      { isin: 'US0378331005', quantity: '10', price: '0.24', currency: null, fxRate: '10.5', withheld: null },
    ]);
  });
});
