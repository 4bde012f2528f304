/** @jest-environment node */
// Issue 39 item 3: the tax file opened as a Norwegian spreadsheet reads it — semicolons, decimal
// commas — and its sale lines add up to the report's total; symbols and names instead of ids;
// a text cell a spreadsheet would run as a formula is neutralised.
import { EVENT_BUY, EVENT_SELL } from '@/lib/constants';
import {
  computePersonTaxReport,
  createFxRateOn,
  taxRatesFor,
  toDecimal,
  type PersonTaxTicker,
  type TransactionInput,
} from '@/server/domain/portfolio';
import { personTaxCsv } from '@/server/services/tax';

const tickers = new Map<number, PersonTaxTicker>([
  [
    1,
    {
      symbol: 'EQNR',
      currency: 'NOK',
      isin: 'NO0010096985',
      treatyRate: null,
      closeOn: () => toDecimal(300),
    },
  ],
  [
    2,
    { symbol: 'NHY', currency: 'NOK', isin: 'NO0005052605', treatyRate: null, closeOn: () => toDecimal(60) },
  ],
]);
const tx = (
  id: number,
  tickerId: number,
  date: string,
  eventId: number,
  q: number,
  p: number,
  fee = 0,
): TransactionInput => ({
  id,
  tickerId,
  date,
  eventId,
  quantity: q,
  price: p,
  fee,
});

// 2025 sales: EQNR 100 @ 250.55 + 9.90 bought 2025-01-10 (25 064.90), sold 100 @ 300.25 − 9.90 on
// 2025-06-02 (30 015.10): gain 4 950.20. NHY 200 @ 70 (14 000) bought 2025-02-03, sold 200 @ 62.5
// = 12 500 on 2025-08-01: loss −1 500. Sum of the gain column: 4 950.20 − 1 500 = 3 450.20.
const report = computePersonTaxReport({
  year: 2025,
  portfolios: [
    {
      id: 11,
      accountType: 'ordinary',
      baseCurrency: 'NOK',
      ledger: [
        tx(1, 1, '2025-01-10', EVENT_BUY, 100, 250.55, 9.9),
        tx(2, 2, '2025-02-03', EVENT_BUY, 200, 70),
        tx(3, 1, '2025-06-02', EVENT_SELL, 100, 300.25, 9.9),
        tx(4, 2, '2025-08-01', EVENT_SELL, 200, 62.5),
      ],
    },
  ],
  tickers,
  fxRateOn: createFxRateOn([]),
  ratesFor: taxRatesFor,
});
const names = {
  tickerName: (id: number) => (id === 1 ? 'Equinor ASA' : 'Norsk Hydro ASA'),
  portfolioName: () => '=HYPERLINK("http://x")',
};

/** Read a number as a Norwegian spreadsheet does: decimal comma, no grouping. */
function norwegianNumber(cell: string): number {
  expect(cell).toMatch(/^-?\d+(,\d+)?$/);
  return Number(cell.replace(',', '.'));
}

describe('the tax CSV in Norwegian', () => {
  const csv = personTaxCsv(report, 'nb', names);
  const rows = csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .map((line) => line.split(';'));

  it('starts with the year, its rates and their sources', () => {
    expect(rows[0][0]).toBe('Trendvakt – skatterapport for inntektsåret 2025');
    expect(rows).toContainEqual(['Inntektsår', '2025']);
    expect(rows).toContainEqual(['Skjermingsrente (%)', '3,6']);
    expect(rows).toContainEqual(['Oppjusteringsfaktor', '1,72']);
    expect(rows.some((r) => r[0].startsWith('Kilde:') && r[1].startsWith('http'))).toBe(true);
  });

  it('sums its sale lines to the report’s total, read with ; and decimal commas', () => {
    const header = rows.findIndex((r) => r[0] === 'Dato' && r.includes('Gevinst/tap'));
    const gainColumn = rows[header].indexOf('Gevinst/tap');
    const saleRows: string[][] = [];
    for (let i = header + 1; i < rows.length && rows[i].length > 1; i++) saleRows.push(rows[i]);
    expect(saleRows).toHaveLength(2);
    const sum = saleRows.reduce((acc, r) => acc + norwegianNumber(r[gainColumn]), 0);
    // 4 950.20 − 1 500 = 3 450.20, and the report says the same.
    expect(Math.round(sum * 100) / 100).toBe(3450.2);
    expect(report.ordinary.totals.gains + report.ordinary.totals.losses).toBe(3450.2);
  });

  it('names symbol, ISIN and name, and neutralises a formula', () => {
    const sale = rows.find((r) => r[0] === '2025-06-02')!;
    // The portfolio name starts with "=": written with a leading apostrophe, and quoted because it
    // holds a quote.
    expect(sale.slice(2, 5)).toEqual(['EQNR', 'NO0010096985', 'Equinor ASA']);
    expect(sale[1].startsWith(`"'=HYPERLINK`)).toBe(true);
  });
});

describe('the tax CSV in English', () => {
  it('uses commas and decimal points', () => {
    const csv = personTaxCsv(report, 'en', names);
    expect(csv).toContain('Income year,2025');
    expect(csv).toMatch(/\r\n2025-06-02,[^\r\n]*,4950\.2,/);
  });
});
