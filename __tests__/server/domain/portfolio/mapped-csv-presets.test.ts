/** @jest-environment node */
import Decimal from 'decimal.js';
import { IMPORT_PRESET_NAMES, IMPORT_PRESETS, importPreset } from '@/lib/importPresets';
import type { ImportMapping } from '@/lib/schemas/importMapping';
import { parseMappedCsv, readDate, type MappedParseResult } from '@/server/domain/portfolio';
import {
  AVANZA,
  DEGIRO_ACCOUNT,
  DEGIRO_TRANSACTIONS_EN,
  DEGIRO_TRANSACTIONS_NL,
  IBKR_DIVIDENDS,
  IBKR_TRADES,
  SAXO,
} from './fixtures/brokerPresetFiles';

const bytes = (text: string) => new TextEncoder().encode(text);
const parse = (text: string, mapping: ImportMapping) => parseMappedCsv(bytes(text), mapping);

/** Rows as tuples: line, date, event, isin, quantity, price, fee, withholding. */
function rowsOf(result: MappedParseResult) {
  return result.rows.map((r) => [
    r.line,
    r.date,
    r.eventId,
    r.isin,
    r.quantity.toFixed(),
    r.price.toFixed(),
    r.fee.toFixed(),
    r.withholdingTax?.toFixed() ?? null,
  ]);
}

/**
 * What a file leaves: shares per ISIN (buys in, sales out), net dividends (quantity × price −
 * withholding) and cash events (deposits and interest in, withdrawals and fees out). A plain fold
 * of the rows, so the expectations below can be written by hand from the fixture.
 */
function totals(result: MappedParseResult) {
  const holdings: Record<string, string> = {};
  let dividends = new Decimal(0);
  let cash = new Decimal(0);
  for (const r of result.rows) {
    if (r.eventId === 1 || r.eventId === 2) {
      const held = new Decimal(holdings[r.isin!] ?? 0);
      holdings[r.isin!] = (r.eventId === 1 ? held.plus(r.quantity) : held.minus(r.quantity)).toFixed();
    } else if (r.eventId === 3)
      dividends = dividends.plus(r.quantity.times(r.price)).minus(r.withholdingTax ?? 0);
    else if (r.eventId === 5 || r.eventId === 10) cash = cash.plus(r.price);
    else if (r.eventId === 6 || r.eventId === 11) cash = cash.minus(r.price);
  }
  return { holdings, dividends: dividends.toFixed(), cash: cash.toFixed() };
}

const preset = (name: (typeof IMPORT_PRESET_NAMES)[number]) => IMPORT_PRESETS[name].mapping;

describe('broker presets (issue 37 item 3)', () => {
  it('lists the six presets by name, and knows no other', () => {
    expect(IMPORT_PRESET_NAMES).toEqual([
      'ibkr-flex-trades',
      'ibkr-flex-dividends',
      'degiro-transactions',
      'degiro-account',
      'saxo',
      'avanza',
    ]);
    expect(importPreset('degiro')).toBeUndefined();
    expect(importPreset('saxo')?.mapping.dateFormat).toBe('d-mon-y');
  });

  it('IBKR Flex trades: yyyyMMdd dates, BUY/SELL, negative quantity and commission read as amounts', () => {
    const result = parse(IBKR_TRADES, preset('ibkr-flex-trades'));
    expect(result.errors).toEqual([]);
    expect(rowsOf(result)).toEqual([
      [2, '2023-05-22', 1, 'US0378331005', '12', '172.4', '1', null],
      [3, '2023-08-07', 1, 'US5949181045', '5', '327.1', '1.25', null],
      [4, '2023-11-15', 2, 'US0378331005', '4', '188.05', '1', null],
      [5, '2024-03-05', 1, 'US0378331005', '3', '170.9', '0.5', null],
    ]);
    // AAPL 12 − 4 + 3 = 11; MSFT 5.
    expect(totals(result).holdings).toEqual({ US0378331005: '11', US5949181045: '5' });
    expect(result.warnings).toEqual([]);
  });

  it('IBKR Flex dividends: amounts only, each with its withholding row attached', () => {
    const result = parse(IBKR_DIVIDENDS, preset('ibkr-flex-dividends'));
    expect(result.errors).toEqual([]);
    expect(result.review).toEqual([]);
    expect(rowsOf(result)).toEqual([
      [2, '2023-08-17', 3, 'US0378331005', '1', '2.88', '0', '0.43'],
      [4, '2023-09-14', 3, 'US5949181045', '1', '3.4', '0', '0.51'],
      [6, '2023-11-16', 3, 'US0378331005', '1', '1.92', '0', null],
    ]);
    // Net: (2.88 − 0.43) + (3.40 − 0.51) + 1.92 = 2.45 + 2.89 + 1.92 = 7.26.
    expect(totals(result).dividends).toBe('7.26');
  });

  it.each([
    ['Dutch', DEGIRO_TRANSACTIONS_NL],
    ['English', DEGIRO_TRANSACTIONS_EN],
  ])(
    'DEGIRO Transactions.csv (%s headers): direction from the sign, columns by position, dates 19-12-2022',
    (_, file) => {
      const result = parse(file, preset('degiro-transactions'));
      expect(result.errors).toEqual([]);
      // Newest first in the file: out in date order. Fees are the costs column (−2,00 EUR → 2),
      // in EUR, converted to USD with Wisselkoers (USD per EUR): 2 × 1.0502 = 2.1004,
      // 2 × 1.0625 = 2.125, 1 × 1.0886 = 1.0886 (issue 37: the fee in the account's currency).
      expect(rowsOf(result)).toEqual([
        [4, '2022-12-05', 1, 'US5949181045', '3', '250.1', '2.1004', null],
        [3, '2022-12-19', 1, 'US0378331005', '6', '132.37', '2.125', null],
        [2, '2024-03-14', 2, 'US0378331005', '2', '171.25', '1.0886', null],
      ]);
      expect(result.rows.map((r) => [r.currency, r.externalId])).toEqual([
        ['USD', '0f0e0d0c-1111-4a4a-9b9b-abcdefabcdef'],
        ['USD', 'a1b2c3d4-0000-4c4c-8d8d-123456789abc'],
        ['USD', '7c1e0f52-11aa-4b7e-9d1e-3f5a2c0b9e01'],
      ]);
      // AAPL 6 − 2 = 4; MSFT 3.
      expect(totals(result).holdings).toEqual({ US0378331005: '4', US5949181045: '3' });
    },
  );

  it('DEGIRO Account.csv: the amount from the empty-header column, dividends with their tax, trades left to Transactions.csv', () => {
    const result = parse(DEGIRO_ACCOUNT, preset('degiro-account'));
    expect(result.errors).toEqual([]);
    expect(result.review).toEqual([]);
    expect(rowsOf(result)).toEqual([
      [10, '2022-12-16', 5, null, '1', '1000', '0', null],
      [6, '2024-02-05', 11, null, '1', '2.5', '0', null],
      [2, '2024-03-15', 3, 'US0378331005', '1', '0.96', '0', '0.14'],
    ]);
    // Verkoop, its costs, Koop and the two FX legs: ignored (5 lines).
    expect(result.skipped.map((s) => s.line)).toEqual([4, 5, 7, 8, 9]);
    // Cash 1000 − 2.50 = 997.5; dividends 0.96 − 0.14 = 0.82.
    expect(totals(result)).toEqual({ holdings: {}, dividends: '0.82', cash: '997.5' });
  });

  it('Saxo: dates 02-Apr-2025, the quantity and price from "Buy 5 @ 243.36 USD", a dividend as an amount', () => {
    const result = parse(SAXO, preset('saxo'));
    expect(result.errors).toEqual([]);
    expect(rowsOf(result)).toEqual([
      [6, '2025-01-02', 5, null, '1', '2000', '0', null],
      [5, '2025-01-06', 1, 'US0378331005', '5', '243.36', '0', null],
      [4, '2025-02-03', 11, null, '1', '1.2', '0', null],
      [3, '2025-03-24', 2, 'US0378331005', '2', '221.4', '0', null],
      [2, '2025-04-02', 3, 'US0378331005', '1', '0.75', '0', null],
    ]);
    // AAPL 5 − 2 = 3; cash 2000 − 1.20 = 1998.8; dividends 0.75.
    expect(totals(result)).toEqual({ holdings: { US0378331005: '3' }, dividends: '0.75', cash: '1998.8' });
  });

  it('Avanza: semicolons, decimal commas, Swedish words; Övrigt left for review', () => {
    const result = parse(AVANZA, preset('avanza'));
    expect(result.errors).toEqual([]);
    expect(rowsOf(result)).toEqual([
      [8, '2024-01-12', 5, null, '1', '15000', '0', null],
      // Same day, newest-first file: the file's later line first.
      [7, '2024-01-15', 1, 'SE0015811963', '50', '237.15', '1', null],
      [6, '2024-01-15', 1, 'SE0011527613', '4.2187', '201.553871', '0', null],
      [4, '2024-03-11', 2, 'SE0015811963', '10', '268.4', '1', null],
      [3, '2024-05-02', 10, null, '1', '1.37', '0', null],
      [2, '2024-05-20', 3, 'SE0015811963', '40', '4.8', '0', null],
    ]);
    expect(result.review.map((r) => [r.line, r.transactionType])).toEqual([[5, 'ÖVRIGT']]);
    // Investor B 50 − 10 = 40, Avanza Global 4.2187; dividends 40 × 4.80 = 192; cash 15000 + 1.37.
    expect(totals(result)).toEqual({
      holdings: { SE0015811963: '40', SE0011527613: '4.2187' },
      dividends: '192',
      cash: '15001.37',
    });
  });
});

describe('mapped dates (issue 37 item 3)', () => {
  it.each([
    ['20230522', 'ymd-compact', '2023-05-22'],
    ['20230522;103107', 'ymd-compact', '2023-05-22'],
    ['19-12-2022', 'dmy', '2022-12-19'],
    ['02-Apr-2025', 'd-mon-y', '2025-04-02'],
    ['16-jan-2025', 'd-mon-y', '2025-01-16'],
    ['03-mei-2024', 'd-mon-y', '2024-05-03'],
    ['2023-05-22 10:31:07', 'ymd', '2023-05-22'],
    ['2023-05-22 10:31:07', 'dmy', '2023-05-22'],
    ['12/19/2022', 'mdy', '2022-12-19'],
    ['19/12/2022', 'auto', '2022-12-19'],
    ['12/19/2022', 'auto', '2022-12-19'],
    ['05/05/2022', 'auto', '2022-05-05'],
    ['02-Apr-2025', 'auto', '2025-04-02'],
    ['20230522', 'auto', '2023-05-22'],
  ] as const)('%s as %s is %s', (text, format, date) => {
    expect(readDate(text, format)).toEqual({ date });
  });

  it.each([
    ['05/06/2022', 'auto', 'ambiguous'],
    ['05-06-2022', 'auto', 'ambiguous'],
    ['20230522', 'dmy', 'not-a-date'],
    ['02-Apr-2025', 'dmy', 'not-a-date'],
    ['12/19/2022', 'dmy', 'not-a-date'],
    ['31-Foo-2025', 'd-mon-y', 'not-a-date'],
    ['20230230', 'ymd-compact', 'not-a-date'],
  ] as const)('%s as %s is %s', (text, format, error) => {
    expect(readDate(text, format)).toEqual({ error });
  });

  it('a date that could be DD-MM or MM-DD under "auto" is an error naming its line, never a guess', () => {
    const mapping: ImportMapping = { ...preset('ibkr-flex-trades'), dateFormat: 'auto' };
    const file = [
      '"Buy/Sell","TradeDate","ISIN","Quantity","TradePrice","TradeMoney","CurrencyPrimary","IBCommission","IBCommissionCurrency"',
      '"BUY","19/05/2023","US0378331005","1","170","170","USD","-1","USD"',
      '"BUY","05/06/2023","US0378331005","1","180","180","USD","-1","USD"',
    ].join('\n');
    const result = parse(file, mapping);
    expect(result.rows.map((r) => [r.line, r.date])).toEqual([[2, '2023-05-19']]);
    expect(result.errors).toEqual([
      {
        line: 3,
        code: 'AMBIGUOUS_DATE',
        message: 'date "05/06/2023" could be day-month or month-day: choose the date format',
        params: { field: 'date', value: '05/06/2023' },
      },
    ]);
  });
});

describe('numbers that cannot be right (issue 37 item 3)', () => {
  it('names the decimal separator when 4,2187 is read with a decimal point (42187)', () => {
    const mapping: ImportMapping = { ...preset('avanza'), decimal: 'point' };
    const result = parse(AVANZA, mapping);
    const line6 = result.warnings.filter((w) => w.line === 6);
    // "4,2187": a thousands group of four digits cannot be; with a decimal comma it is 4.2187.
    expect(line6).toContainEqual(
      expect.objectContaining({
        code: 'NOT_THOUSANDS_GROUPING',
        field: 'quantity',
        text: '4,2187',
        value: '42187',
        other_reading: '4.2187',
        likely_cause: 'decimal_separator',
      }),
    );
    expect(result.rows.find((r) => r.line === 6)?.quantity.toFixed()).toBe('42187');
  });

  it("flags a quantity 10,000× the file's median and names the separator", () => {
    const file = [
      '"Buy/Sell","TradeDate","ISIN","Quantity","TradePrice","TradeMoney","CurrencyPrimary","IBCommission","IBCommissionCurrency"',
      '"BUY","20230522","US0378331005","3","170","510","USD","-1","USD"',
      '"BUY","20230523","US0378331005","5","171","855","USD","-1","USD"',
      '"BUY","20230524","US0378331005","4","172","688","USD","-1","USD"',
      '"BUY","20230525","IE00B3RBWM25","6,3572","104.1","661.78","EUR","-1","EUR"',
    ].join('\n');
    const result = parse(file, preset('ibkr-flex-trades'));
    // Quantities 3, 5, 4, 63572: median (4 + 5) / 2 = 4.5; 63572 / 4.5 = 14127.1… ≥ 10,000.
    expect(result.warnings).toEqual([
      expect.objectContaining({
        line: 5,
        code: 'NOT_THOUSANDS_GROUPING',
        value: '63572',
        other_reading: '6.3572',
      }),
      expect.objectContaining({
        line: 5,
        code: 'QUANTITY_FAR_FROM_MEDIAN',
        value: '63572',
        other_reading: '6.3572',
        likely_cause: 'decimal_separator',
        params: { median: '4.5', ratio: '14100' },
      }),
    ]);
  });

  it('says nothing about files whose numbers are plausible', () => {
    for (const [name, file] of [
      ['degiro-transactions', DEGIRO_TRANSACTIONS_NL],
      ['degiro-account', DEGIRO_ACCOUNT],
      ['saxo', SAXO],
      ['avanza', AVANZA],
    ] as const) {
      expect(parse(file, preset(name)).warnings).toEqual([]);
    }
  });
});
