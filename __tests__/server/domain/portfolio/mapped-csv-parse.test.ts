/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  MappingColumnsError,
  parseMappedCsv,
  parseMappedDate,
  parseMappedNumber,
  TooManyRowsError,
  type NordnetParseResult,
} from '@/server/domain/portfolio';
import { TEMPLATE_MAPPING, type ImportMapping } from '@/lib/schemas/importMapping';
import { NORWEGIAN, englishMapping, norwegianMapping } from './fixtures/mappedCsvLayouts';

/** Rows as text tuples: line, id, date, event, isin, name, quantity, price, fee, currency, withholding. */
function rowsOf(result: NordnetParseResult): (string | number | null)[][] {
  return result.rows.map((r) => [
    r.line,
    r.externalId,
    r.date,
    r.eventId,
    r.isin,
    r.name,
    r.quantity.toFixed(),
    r.price.toFixed(),
    r.fee.toFixed(),
    r.currency,
    r.withholdingTax?.toFixed() ?? null,
  ]);
}

// Type words in another case than the file's: matched case-insensitively.
const NORWEGIAN_MAPPING = norwegianMapping([
  { word: 'Kjøp', kind: 'buy' },
  { word: 'SALG', kind: 'sell' },
  { word: 'utbytte', kind: 'dividend' },
  { word: 'Innskudd', kind: 'deposit' },
]);

/** An English broker's layout: comma, decimal point with comma thousands in quotes, MM/DD/YYYY, newest first. */
const ENGLISH = [
  'Date,Action,Symbol,Quantity,Price,Commission,Currency,Amount,Trade ID',
  '03/15/2024,SELL,AAPL,-10,"1,172.50",1.00,USD,"11,724.00",T3',
  '02/16/2024,DIVIDEND,AAPL,30,0.24,,USD,7.20,T2',
  '02/16/2024,TAX,AAPL,,,,USD,-1.08,T4',
  '01/10/2024,BUY,AAPL,30,185.25,1.00,USD,"-5,558.50",T1',
  '01/09/2024,DEPOSIT,,,,,USD,"10,000.00",T0',
  '01/08/2024,FX CONVERSION,,,,,USD,5.00,T9',
].join('\n');

const ENGLISH_MAPPING = englishMapping([
  { word: 'BUY', kind: 'buy' },
  { word: 'SELL', kind: 'sell' },
  { word: 'DIVIDEND', kind: 'dividend' },
  { word: 'DEPOSIT', kind: 'deposit' },
  { word: 'TAX', kind: 'withholding' },
  { word: 'FX CONVERSION', kind: 'ignore' },
]);

describe('mapped CSV', () => {
  it('reads a Norwegian semicolon / decimal-comma file in Windows-1252 with Norwegian type words', () => {
    const result = parseMappedCsv(new Uint8Array(Buffer.from(NORWEGIAN, 'latin1')), NORWEGIAN_MAPPING);
    expect(result.errors).toEqual([]);
    expect(rowsOf(result)).toEqual([
      // Deposit: quantity 1, price = Beløp 50 000,00.
      [2, null, '2024-01-15', 5, null, null, '1', '50000', '0', 'NOK', null],
      // Kjøp 100 @ 280,50, kurtasje 29,00 (the ISIN column is the security).
      [3, null, '2024-01-16', 1, 'NO0010096985', null, '100', '280.5', '29', 'NOK', null],
      // Utbytte without Kurs: 1 234,56 / 100 = 12,3456 per share.
      [4, null, '2024-05-20', 3, 'NO0010096985', null, '100', '12.3456', '0', 'NOK', null],
      // Salg: Antall -40 read as 40 (the type word gives the direction).
      [5, null, '2024-06-03', 2, 'NO0010096985', null, '40', '300.25', '29', 'NOK', null],
    ]);
    // "Overføring" is not in the mapping: a review row with its quantity and direction, not an error.
    expect(result.review).toEqual([
      expect.objectContaining({
        line: 6,
        transactionType: 'OVERFØRING',
        isin: 'NO0010096985',
        quantity: '-10',
        direction: 'out',
        reason: 'type "OVERFØRING" is not in the mapping',
        code: 'UNMAPPED_TYPE',
        params: { type: 'OVERFØRING' },
      }),
    ]);
  });

  it('reads an English comma / decimal-point file, newest first, with withholding attached and ignored words skipped', () => {
    const result = parseMappedCsv(new TextEncoder().encode(ENGLISH), ENGLISH_MAPPING);
    expect(result.errors).toEqual([]);
    expect(result.review).toEqual([]);
    expect(result.skipped).toEqual([
      {
        line: 7,
        reason: 'FX CONVERSION: mapped to "ignore"',
        code: 'MAPPED_IGNORE',
        params: { type: 'FX CONVERSION' },
      },
    ]);
    expect(rowsOf(result)).toEqual([
      [6, 'T0', '2024-01-09', 5, null, null, '1', '10000', '0', 'USD', null],
      [5, 'T1', '2024-01-10', 1, null, 'AAPL', '30', '185.25', '1', 'USD', null],
      // TAX -1.08 on the same day and security becomes the dividend's withholding.
      [3, 'T2', '2024-02-16', 3, null, 'AAPL', '30', '0.24', '0', 'USD', '1.08'],
      // "1,172.50" with a decimal point: one thousand one hundred seventy-two and a half.
      [2, 'T3', '2024-03-15', 2, null, 'AAPL', '10', '1172.5', '1', 'USD', null],
    ]);
  });

  it('reads the template CSV with the template mapping', () => {
    const bytes = readFileSync(path.join(process.cwd(), 'public/templates/trendvakt-import-template.csv'));
    const result = parseMappedCsv(new Uint8Array(bytes), TEMPLATE_MAPPING);
    expect(result.errors).toEqual([]);
    expect(rowsOf(result)).toEqual([
      [2, '1', '2024-01-02', 5, null, null, '1', '50000', '0', 'NOK', null],
      [3, '2', '2024-01-03', 1, 'NO0010096985', null, '100', '280.5', '29', 'NOK', null],
      [4, '3', '2024-05-21', 3, 'NO0010096985', null, '100', '3.5', '0', 'NOK', null],
      [5, '4', '2024-06-03', 2, null, 'EQNR', '40', '300.25', '29', 'NOK', null],
      [6, '5', '2024-06-10', 6, null, null, '1', '1000', '0', 'NOK', null],
    ]);
  });

  it('names every mapped column the header lacks, with its field', () => {
    const mapping: ImportMapping = {
      ...NORWEGIAN_MAPPING,
      columns: { ...NORWEGIAN_MAPPING.columns, price: 'Pris', fee: 'Gebyr' },
    };
    const run = () => parseMappedCsv(new TextEncoder().encode(NORWEGIAN), mapping);
    expect(run).toThrow(MappingColumnsError);
    try {
      run();
    } catch (error) {
      expect((error as MappingColumnsError).missing).toEqual([
        { field: 'price', column: 'Pris' },
        { field: 'fee', column: 'Gebyr' },
      ]);
    }
  });

  it('reports unreadable cells by line and reads the other rows', () => {
    const text = [
      'Dato;Type;ISIN;Antall;Kurs',
      '16.01.2024;Kjøp;NO0010096985;ti;280,50',
      '31.02.2024;Kjøp;NO0010096985;10;280,50',
      '17.01.2024;Kjøp;NO0010096985;;280,50',
      '18.01.2024;Kjøp;NO0010096985;5;',
      '19.01.2024;Kjøp;NO0010096985;5;281',
    ].join('\n');
    const mapping: ImportMapping = {
      columns: { date: 'Dato', type: 'Type', security: 'ISIN', quantity: 'Antall', price: 'Kurs' },
      decimal: 'comma',
      dateOrder: 'dmy',
      types: [{ word: 'Kjøp', kind: 'buy' }],
    };
    const result = parseMappedCsv(new TextEncoder().encode(text), mapping);
    expect(result.errors).toEqual([
      {
        line: 2,
        message: 'quantity "ti" is not a number',
        code: 'NOT_A_NUMBER',
        params: { field: 'quantity', value: 'ti' },
      },
      {
        line: 3,
        message: 'date "31.02.2024" is not a date',
        code: 'NOT_A_DATE',
        params: { field: 'date', value: '31.02.2024' },
      },
      { line: 4, message: 'quantity is missing', code: 'FIELD_MISSING', params: { field: 'quantity' } },
      { line: 5, message: 'price is missing (and no amount to take it from)', code: 'NO_PRICE', params: {} },
    ]);
    expect(rowsOf(result).map((r) => r[0])).toEqual([6]);
  });

  it('refuses more than 10 000 data rows', () => {
    const lines = ['date,type,security,quantity,price,fee,currency,amount,id'];
    for (let i = 0; i < 10_001; i++) lines.push(`2024-01-02,buy,EQNR,1,1,,NOK,,${i}`);
    expect(() => parseMappedCsv(new TextEncoder().encode(lines.join('\n')), TEMPLATE_MAPPING)).toThrow(
      TooManyRowsError,
    );
  });

  it('reads numbers with the mapped decimal separator and dates in the mapped order', () => {
    expect(parseMappedNumber('1 234,56', 'comma')?.toFixed()).toBe('1234.56');
    expect(parseMappedNumber('1.234,56', 'comma')?.toFixed()).toBe('1234.56');
    expect(parseMappedNumber('1,234.56', 'point')?.toFixed()).toBe('1234.56');
    expect(parseMappedNumber('1234,50-', 'comma')?.toFixed()).toBe('-1234.5');
    expect(parseMappedNumber('', 'point')).toBeNull();
    expect(() => parseMappedNumber('1,2,3.4.5', 'point')).toThrow(RangeError);
    expect(parseMappedDate('03/04/2024', 'dmy')).toBe('2024-04-03');
    expect(parseMappedDate('03/04/2024', 'mdy')).toBe('2024-03-04');
    expect(parseMappedDate('3.4.2024', 'mdy')).toBe('2024-04-03');
    expect(parseMappedDate('2024-02-30', 'dmy')).toBeNull();
  });
});
