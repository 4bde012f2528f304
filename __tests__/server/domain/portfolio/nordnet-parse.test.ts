/** @jest-environment node */
import { readFileSync } from 'node:fs';
import {
  applyTransactions,
  decodeNordnetBytes,
  parseNordnetCsv,
  parseNordnetNumber,
  type NordnetParseResult,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { BUY, DIVIDEND, SELL, SPLIT, s } from './helpers';
import { buildNordnetFixture, FIXTURE_PATH } from './fixtures/make-nordnet-fixture';

const NBSP = '\u00a0';

function utf8(text: string, bom = false): Uint8Array {
  const body = new TextEncoder().encode(text);
  if (!bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}

function utf16(text: string, { bom = true, bigEndian = false } = {}): Uint8Array {
  const le = Buffer.from(text, 'utf16le');
  if (bigEndian) le.swap16();
  const mark = bom ? (bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]) : [];
  return new Uint8Array(Buffer.concat([Buffer.from(mark), le]));
}

/** Rows as compact text tuples: line, id, date, event, isin, name, quantity, price, fee, currency. */
function rowsOf(result: NordnetParseResult): (string | number | null)[][] {
  return result.rows.map((r) => [
    r.line,
    r.externalId,
    r.date,
    r.eventId,
    r.isin,
    r.name,
    s(r.quantity),
    s(r.price),
    s(r.fee),
    r.currency,
  ]);
}

describe('Nordnet export fixture (UTF-16LE, tab, newest first)', () => {
  const bytes = new Uint8Array(readFileSync(FIXTURE_PATH));
  const result = parseNordnetCsv(bytes);

  it('is the file the generator writes (BOM FF FE)', () => {
    expect(Buffer.from(bytes).equals(Buffer.from(buildNordnetFixture()))).toBe(true);
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xfe]);
  });

  it('reads buys, the dividend, the partial sell and the split pair in chronological order', () => {
    expect(rowsOf(result)).toEqual([
      // INNSKUDD 250 000 NOK: a deposit (event 5, quantity 1, price = the amount)
      [10, '1000000000', '2020-01-06', 5, null, null, '1', '250000', '0', 'NOK'],
      [9, '1000000001', '2020-01-10', BUY, 'NO0010096985', 'Equinor', '100', '180.5', '99', 'NOK'],
      // fee 1,50 is in USD like Kjøpsverdi: no conversion; the trade currency is USD
      [8, '1000000002', '2020-02-03', BUY, 'US0378331005', 'Apple', '10', '308.95', '1.5', 'USD'],
      [7, '1000000003', '2020-05-15', DIVIDEND, 'NO0010096985', 'Equinor', '100', '1.2', '0', 'NOK'],
      // Antall "-40" on a SALG row: the sign is dropped
      [6, '1000000004', '2020-06-15', SELL, 'NO0010096985', 'Equinor', '40', '140.2', '49', 'NOK'],
      // SPLITT UTTAK VP 10 (line 5) + SPLITT INNLEGG VP 40 (line 4) → ratio 40/10 = 4
      [5, '1000000005/1000000006', '2020-08-31', SPLIT, 'US0378331005', 'Apple', '4', '0', '0', null],
      // "1 000" with a no-break space
      [2, '1000000008', '2020-10-01', BUY, 'NO0010096985', 'Equinor', '1000', '95.1', '149', 'NOK'],
    ]);
  });

  it('reads the deposit as a cash event and reports the malformed row with its line', () => {
    expect(result.skipped).toEqual([]);
    expect(result.review).toEqual([]);
    expect(result.errors).toEqual([
      {
        line: 3,
        message: 'Antall "ti" is not a number',
        code: 'NOT_A_NUMBER',
        params: { field: 'Antall', value: 'ti' },
      },
    ]);
  });

  it('gives the positions Nordnet shows once ISINs are resolved to tickers', () => {
    // Equinor: 100 @ 180.5 + 99 = 18 149; sell 40 takes 7 259.6 → realized 5 559 - 7 259.6 = -1 700.6 (the file's Resultat);
    // cost 10 889.4 + 1000 @ 95.1 + 149 = 106 138.4 for 1060. Apple: 10 → split 4 → 40, cost 3 091 USD, avg 77.275
    const tickerOf: Record<string, number> = { NO0010096985: 1, US0378331005: 2 };
    const history: TransactionInput[] = result.rows
      .filter((r) => r.isin !== null)
      .map((r, i) => ({
        id: i + 1,
        tickerId: tickerOf[r.isin ?? ''],
        date: r.date,
        eventId: r.eventId,
        quantity: r.quantity,
        price: r.price,
        fee: r.fee,
      }));
    const positions = applyTransactions(history);
    const eqnr = positions.get(1);
    const aapl = positions.get(2);
    expect(eqnr && [s(eqnr.quantity), s(eqnr.cost), s(eqnr.realized), s(eqnr.dividends)]).toEqual([
      '1060',
      '106138.4',
      '-1700.6',
      '120',
    ]);
    expect(aapl && [s(aapl.quantity), s(aapl.cost), s(aapl.avgPrice)]).toEqual(['40', '3091', '77.275']);
  });
});

describe('Nordnet parser: encodings, separators and numbers', () => {
  const header = [
    'Id',
    'Handelsdag',
    'Transaksjonstype',
    'Verdipapir',
    'ISIN',
    'Antall',
    'Kurs',
    'Totale Avgifter',
    'Valuta',
    'Beløp',
    'Valuta',
  ];
  const buy = [
    '7',
    '2024-03-01',
    'KJØPT',
    'Mowi',
    'NO0003054108',
    '1 200',
    '187,35',
    '29',
    'NOK',
    '-224 849',
    'NOK',
  ];

  it('reads UTF-8 without BOM, semicolon-separated, with quoted fields', () => {
    const text = [header.join(';'), buy.map((f) => (f === 'Mowi' ? '"Mowi ""ASA"""' : f)).join(';')].join(
      '\n',
    );
    expect(rowsOf(parseNordnetCsv(utf8(text)))).toEqual([
      [2, '7', '2024-03-01', BUY, 'NO0003054108', 'Mowi "ASA"', '1200', '187.35', '29', 'NOK'],
    ]);
  });

  it('reads UTF-8 with BOM, tab-separated', () => {
    const text = [header.join('\t'), buy.join('\t')].join('\r\n');
    expect(rowsOf(parseNordnetCsv(utf8(text, true)))[0].slice(6)).toEqual(['1200', '187.35', '29', 'NOK']);
  });

  it.each([
    ['UTF-16LE without BOM', { bom: false }],
    ['UTF-16BE with BOM', { bom: true, bigEndian: true }],
  ])('reads %s', (_name, options) => {
    const text = [header.join('\t'), buy.join('\t')].join('\n');
    expect(rowsOf(parseNordnetCsv(utf16(text, options)))[0].slice(4, 7)).toEqual([
      'NO0003054108',
      'Mowi',
      '1200',
    ]);
  });

  it('falls back to Windows-1252 for bytes that are not UTF-8', () => {
    // "Kjøpt" with ø as the single byte 0xF8
    const bytes = Uint8Array.from([...Buffer.from('a\tb\nKj'), 0xf8, ...Buffer.from('pt')]);
    expect(decodeNordnetBytes(bytes)).toBe('a\tb\nKjøpt');
  });

  it.each([
    ['1 234,56', '1234.56'],
    [`1${NBSP}234,56`, '1234.56'], // no-break space
    ['1\u202f234,5', '1234.5'], // narrow no-break space
    ['-1 234,56', '-1234.56'],
    ['\u221212,5', '-12.5'], // unicode minus
    ['1.234,56', '1234.56'], // dot thousands, comma decimals
    ['1,234.56', '1234.56'], // comma thousands, dot decimals
    ['12.345.678', '12345678'],
    ['0,001', '0.001'],
    ['42', '42'],
    ['3.5', '3.5'],
  ])('number %j → %s', (text, expected) => {
    expect(parseNordnetNumber(text)?.toString()).toBe(expected);
  });

  it('an empty number is null; garbage throws', () => {
    expect(parseNordnetNumber('  ')).toBeNull();
    expect(() => parseNordnetNumber('abc')).toThrow(RangeError);
    expect(() => parseNordnetNumber('1,2,3')).toThrow(RangeError);
    expect(() => parseNordnetNumber('12-3')).toThrow(RangeError);
  });
});

describe('Nordnet parser: columns, types and bad rows', () => {
  it('finds columns by name in any order, tolerating extra and missing optional ones', () => {
    // No Id, no ISIN, no fees column, an unknown "Notat" column, Swedish spelling of Portefölje, DD.MM.YYYY date
    const text = [
      'Notat\tAntall\tTransaksjonstype\tKurs\tPortefölje\tVerdipapir\tHandelsdag',
      'x\t3\tKJØPT\t10,5\tASK\tKitron\t05.02.2024',
    ].join('\n');
    expect(rowsOf(parseNordnetCsv(utf8(text)))).toEqual([
      [2, null, '2024-02-05', BUY, null, 'Kitron', '3', '10.5', '0', null],
    ]);
  });

  it('reports missing required columns on line 1', () => {
    const result = parseNordnetCsv(utf8('Id\tVerdipapir\tAntall\n1\tX\t3'));
    expect(result.errors).toEqual([
      {
        line: 1,
        message: 'missing column(s): Transaksjonstype, Kurs, Handelsdag',
        code: 'MISSING_COLUMNS',
        params: { columns: 'Transaksjonstype, Kurs, Handelsdag' },
      },
    ]);
    expect(result.rows).toEqual([]);
  });

  it.each([
    ['an empty file', new Uint8Array(), 'the file is empty', 'FILE_EMPTY'],
    [
      'a header without separators',
      utf8('Id,Handelsdag,Antall\n1,2024-01-02,3'),
      'no tab or semicolon separator in the header line',
      'NO_SEPARATOR',
    ],
  ])('rejects %s', (_name, bytes, message, code) => {
    expect(parseNordnetCsv(bytes).errors).toEqual([{ line: 1, message, code, params: {} }]);
  });

  const header =
    'Id\tHandelsdag\tTransaksjonstype\tVerdipapir\tISIN\tAntall\tKurs\tTotale Avgifter\tValuta\tBeløp\tValuta\tVekslingskurs\tMakuleringsdato';
  const parseLines = (...lines: string[]): NordnetParseResult =>
    parseNordnetCsv(utf8([header, ...lines].join('\n') + '\n'));

  it('reads cash rows as cash events, shares from an issue as a buy, and skips cancelled rows; blank lines silently', () => {
    const result = parseLines(
      '1\t2024-01-02\tINNSKUDD\t\t\t\t\t\t\t10000\tNOK\t\t',
      '',
      '2\t2024-01-03\tUTTAK INTERNET\t\t\t\t\t\t\t-500\tNOK\t\t',
      '3\t2024-01-04\tEMISJON INNLEGG VP\tX\tNO1\t5\t\t\t\t\t\t\t',
      '4\t2024-01-05\tKJØPT\tX\tNO1\t5\t10\t\t\t-50\tNOK\t\t2024-01-06',
      '5\t2024-01-06\tRENTE\t\t\t\t\t\t\t1,5\tNOK\t\t',
      '6\t2024-01-07\tVERDIPAPIROVERFØRING X\tX\tNO1\t5\t\t\t\t\t\t\t',
    );
    // deposit 10 000 (5), withdrawal 500 (6), 5 shares in at cost 0 (no Kurs, no Beløp), interest 1.5 (10)
    expect(rowsOf(result)).toEqual([
      [2, '1', '2024-01-02', 5, null, null, '1', '10000', '0', 'NOK'],
      [4, '2', '2024-01-03', 6, null, null, '1', '500', '0', 'NOK'],
      [5, '3', '2024-01-04', BUY, 'NO1', 'X', '5', '0', '0', null],
      [7, '5', '2024-01-06', 10, null, null, '1', '1.5', '0', 'NOK'],
    ]);
    expect(result.errors).toEqual([]);
    expect(result.skipped).toEqual([
      {
        line: 6,
        reason: 'KJØPT: cancelled (Makuleringsdato 2024-01-06)',
        code: 'CANCELLED',
        params: { type: 'KJØPT', date: '2024-01-06' },
      },
    ]);
    expect(
      result.review.map((r) => [r.line, r.transactionType, r.direction, r.reason, r.code, r.params]),
    ).toEqual([
      [
        8,
        'VERDIPAPIROVERFØRING X',
        'in',
        'transaction type not known',
        'UNKNOWN_TYPE',
        { type: 'VERDIPAPIROVERFØRING X' },
      ],
    ]);
  });

  it('reports bad rows with their line numbers and keeps the good ones', () => {
    const result = parseLines(
      '1\t2024-13-02\tKJØPT\tX\tNO1\t5\t10\t\t\t\t\t\t', // line 2: month 13
      '2\t2024-01-03\tKJØPT\tX\tNO1\t5\t\t\t\t\t\t\t', // line 3: no Kurs
      '3\t2024-01-04\tSALG\tX\tNO1\t0\t10\t\t\t\t\t\t', // line 4: Antall 0
      '4\t2024-01-05\tKJØPT\t\t\t5\t10\t\t\t\t\t\t', // line 5: no security
      '5\t2024-01-06\tKJØPT\tX\tNO1\t5\t10\tfem\tNOK\t\t\t\t', // line 6: bad fee
      '6\t2024-01-07\tKJØPT\tX\tNO1\t5\t10\t\t\t\t\t\t', // line 7: fine
      '7\t\tKJØPT\tX\tNO1\t5\t10\t\t\t\t\t\t', // line 8: no date
      '8\t2024-01-08\t\tX\tNO1\t5\t10\t\t\t\t\t\t', // line 9: no type
    );
    expect(result.errors).toEqual([
      {
        line: 2,
        message: 'Handelsdag "2024-13-02" is not a date',
        code: 'NOT_A_DATE',
        params: { field: 'Handelsdag', value: '2024-13-02' },
      },
      { line: 3, message: 'Kurs is missing', code: 'FIELD_MISSING', params: { field: 'Kurs' } },
      { line: 4, message: 'Antall is 0', code: 'ZERO', params: { field: 'Antall' } },
      { line: 5, message: 'neither ISIN nor Verdipapir is given', code: 'NO_SECURITY', params: {} },
      {
        line: 6,
        message: 'Totale Avgifter "fem" is not a number',
        code: 'NOT_A_NUMBER',
        params: { field: 'Totale Avgifter', value: 'fem' },
      },
      { line: 8, message: 'Handelsdag is missing', code: 'FIELD_MISSING', params: { field: 'Handelsdag' } },
      {
        line: 9,
        message: 'Transaksjonstype is missing',
        code: 'FIELD_MISSING',
        params: { field: 'Transaksjonstype' },
      },
    ]);
    expect(result.rows.map((r) => r.line)).toEqual([7]);
  });

  it('converts a fee in NOK on a USD trade with Vekslingskurs, and errors without one', () => {
    // Kurs 150 USD (Kjøpsverdi 300 USD says the trade currency); fee 20 NOK at Vekslingskurs 10 NOK/USD = 2 USD.
    const text = [
      'Id\tHandelsdag\tTransaksjonstype\tVerdipapir\tISIN\tAntall\tKurs\tTotale Avgifter\tValuta\tKjøpsverdi\tValuta\tVekslingskurs',
      '1\t2024-01-02\tKJØPT\tApple\tUS0378331005\t2\t150\t20\tNOK\t300\tUSD\t10',
      '2\t2024-01-03\tKJØPT\tApple\tUS0378331005\t2\t150\t20\tNOK\t300\tUSD\t',
    ].join('\n');
    const result = parseNordnetCsv(utf8(text));
    expect(rowsOf(result)).toEqual([
      [2, '1', '2024-01-02', BUY, 'US0378331005', 'Apple', '2', '150', '2', 'USD'],
    ]);
    expect(result.errors).toEqual([
      {
        line: 3,
        message: 'fee is in NOK, the trade in USD, and there is no Vekslingskurs',
        code: 'NO_RATE',
        params: { field: 'fee', valueCurrency: 'NOK', currency: 'USD' },
      },
    ]);
  });

  it('derives a dividend per share from Beløp when Kurs is empty', () => {
    // 250 shares, Beløp 312,50 → 1.25 per share
    const result = parseLines('1\t2024-05-02\tUTBYTTE\tX\tNO1\t250\t\t\t\t312,50\tNOK\t\t');
    expect(rowsOf(result)).toEqual([[2, '1', '2024-05-02', DIVIDEND, 'NO1', 'X', '250', '1.25', '0', 'NOK']]);
  });

  it('pairs a reverse split whose ISIN changed, and reports a leg without its partner', () => {
    const result = parseLines(
      '1\t2024-06-03\tSPLITT UTTAK VP\tOld ASA\tNO1\t-1 000\t\t\t\t\t\t\t', // line 2: old quantity 1000, old ISIN
      '2\t2024-06-03\tSPLITT INNLEGG VP\tOld ASA\tNO2\t100\t\t\t\t\t\t\t', // line 3: new quantity 100, new ISIN
      '3\t2024-06-04\tSPLITT INNLEGG VP\tOther\tNO3\t50\t\t\t\t\t\t\t', // line 4: no UTTAK that day
      '4\t2024-06-05\tSPLITT\tOther\tNO3\t50\t\t\t\t\t\t\t', // line 5: no direction
    );
    // ratio 100 / 1000 = 0.1, booked on the old ISIN (the one the earlier buys carry)
    expect(rowsOf(result)).toEqual([
      [2, '1/2', '2024-06-03', SPLIT, 'NO1', 'Old ASA', '0.1', '0', '0', null],
    ]);
    // The lone leg and the row without a direction are for the user to review, not errors.
    expect(result.errors).toEqual([]);
    expect(result.review.map((r) => [r.line, r.direction, r.reason, r.code])).toEqual([
      [4, 'in', 'a split row without its other leg on the same day', 'SPLIT_LEG_ALONE'],
      [5, 'in', 'transaction type not known', 'UNKNOWN_TYPE'],
    ]);
  });

  it('gives every skipped and review row a code and the parameters its text names', () => {
    const result = parseLines(
      // line 2: cancelled (Makuleringsdato) → skipped, CANCELLED
      '1\t2024-03-01\tSALG\tX\tNO1\t-5\t10\t\t\t50\tNOK\t\t2024-03-02',
      // line 3: subscription rights out → issue 37: rights are held, so they go out at 0
      '2\t2024-03-04\tTEGNING UTTAK RETTER\tX TR\tNO9\t-10\t\t\t\t\t\t\t',
      // line 4: tax withheld, no dividend of NO1 at all → review, WITHHOLDING_ALONE (10 days)
      '3\t2024-03-05\tKUPONGSKATT\tX\tNO1\t\t\t\t\t-25\tNOK\t\t',
      // line 5: an exchange's in-leg without its out-leg → review, EXCHANGE_LEG_ALONE
      '4\t2024-03-06\tBYTTE INNLEGG VP\tY\tNO2\t20\t\t\t\t\t\t\t',
      // line 6: a split's out-leg without its in-leg → review, SPLIT_LEG_ALONE
      '5\t2024-03-07\tSPLITT UTTAK VP\tZ\tNO3\t-100\t\t\t\t\t\t\t',
      // line 7: a word Nordnet's vocabulary lacks → review, UNKNOWN_TYPE
      '6\t2024-03-08\tOVERFØRING VP\tZ\tNO3\t7\t\t\t\t\t\t\t',
    );
    expect(result.rows.map((r) => [r.line, r.eventId, r.quantity.toFixed(), r.price.toFixed()])).toEqual([
      [3, 2, '10', '0'],
    ]);
    expect(result.errors).toEqual([]);
    expect(result.skipped.map((r) => [r.line, r.code, r.params])).toEqual([
      [2, 'CANCELLED', { type: 'SALG', date: '2024-03-02' }],
    ]);
    expect(
      [...result.review].sort((a, b) => a.line - b.line).map((r) => [r.line, r.direction, r.code, r.params]),
    ).toEqual([
      [4, null, 'WITHHOLDING_ALONE', { type: 'KUPONGSKATT', days: 10 }],
      [5, 'in', 'EXCHANGE_LEG_ALONE', { type: 'BYTTE INNLEGG VP' }],
      [6, 'out', 'SPLIT_LEG_ALONE', { type: 'SPLITT UTTAK VP' }],
      [7, 'in', 'UNKNOWN_TYPE', { type: 'OVERFØRING VP' }],
    ]);
    // The English reason stays for API users.
    expect(result.review.find((r) => r.line === 4)?.reason).toBe(
      'tax withheld without a dividend of the same security within ten days',
    );
  });

  it('pairs two splits on the same day by ISIN', () => {
    const result = parseLines(
      '1\t2024-06-03\tSPLITT INNLEGG VP\tB\tNO2\t30\t\t\t\t\t\t\t',
      '2\t2024-06-03\tSPLITT UTTAK VP\tA\tNO1\t10\t\t\t\t\t\t\t',
      '3\t2024-06-03\tSPLITT UTTAK VP\tB\tNO2\t10\t\t\t\t\t\t\t',
      '4\t2024-06-03\tSPLITT INNLEGG VP\tA\tNO1\t20\t\t\t\t\t\t\t',
    );
    expect(result.rows.map((r) => [r.isin, s(r.quantity), r.externalId])).toEqual([
      ['NO1', '2', '2/4'],
      ['NO2', '3', '3/1'],
    ]);
  });

  it('orders same-day rows by Nordnet Id so a buy precedes the sell it funds', () => {
    // newest first in the file: the sell (Id 11) is above the buy (Id 10)
    const result = parseLines(
      '11\t2024-01-02\tSALG\tX\tNO1\t5\t12\t\t\t\t\t\t',
      '10\t2024-01-02\tKJØPT\tX\tNO1\t5\t10\t\t\t\t\t\t',
    );
    expect(result.rows.map((r) => [r.externalId, r.eventId])).toEqual([
      ['10', BUY],
      ['11', SELL],
    ]);
  });
});
