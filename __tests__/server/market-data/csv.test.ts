/** @jest-environment node */
import { MARKET_OSLO } from '@/lib/constants';
import { CsvProvider, parsePriceCsv } from '@/server/market-data/csv';
import { MarketDataError } from '@/server/market-data/errors';

describe('parsePriceCsv', () => {
  it('reads a clean file with a BOM, CRLF, an upper-case header and rows out of order', () => {
    const text =
      '\uFEFFDate,Open,High,Low,Close,Volume\r\n' +
      '2024-01-03,101,103,100,102.5,1200\r\n' +
      '2024-01-02,100,102,99.5,101,1000\r\n';
    expect(parsePriceCsv(text)).toEqual({
      bars: [
        { date: '2024-01-02', open: 100, high: 102, low: 99.5, close: 101, volume: 1000 },
        { date: '2024-01-03', open: 101, high: 103, low: 100, close: 102.5, volume: 1200 },
      ],
      errors: [],
    });
  });

  it('reports every bad row with its 1-based line number (header = line 1) and keeps the good ones', () => {
    const text = [
      'date,open,high,low,close,volume', //        1
      '2024-01-02,10,11,9,10.5,1000', //          2 ok
      '2024-13-01,10,11,9,10.5,1000', //          3 bad date
      '2024-01-03,abc,11,9,10.5,1000', //         4 non-numeric
      '2024-01-04,10,11,9,10.5,-5', //            5 negative
      '2024-01-05,10,9,11,10,100', //             6 high < low
      '2024-01-02,10,11,9,10.5,1000', //          7 duplicate of line 2
      '', //                                      8 blank: skipped
      '2024-01-08,10,11,9,10.5', //               9 too few fields
      '2024-01-09,10,11,9,12,100', //            10 close above high
      '2024-01-10,10,11,9,10.5,100', //          11 ok
    ].join('\n');
    const { bars, errors } = parsePriceCsv(text);
    expect(bars.map((b) => b.date)).toEqual(['2024-01-02', '2024-01-10']);
    expect(errors).toEqual([
      { line: 3, message: 'invalid date "2024-13-01" (expected YYYY-MM-DD)' },
      { line: 4, message: 'open is not a number: "abc"' },
      { line: 5, message: 'volume is negative: -5' },
      { line: 6, message: 'high 9 is below low 11' },
      { line: 7, message: 'duplicate date 2024-01-02 (first on line 2)' },
      { line: 9, message: 'expected 6 fields, found 5' },
      { line: 10, message: 'close 12 is outside low–high 9–11' },
    ]);
  });

  it('reports several problems of one row separately', () => {
    const { errors } = parsePriceCsv('date,open,high,low,close,volume\nyesterday,1,x,1,1,1.5\n');
    expect(errors).toEqual([
      { line: 2, message: 'invalid date "yesterday" (expected YYYY-MM-DD)' },
      { line: 2, message: 'high is not a number: "x"' },
      { line: 2, message: 'volume is not a whole number: 1.5' },
    ]);
  });

  it('rejects zero prices and empty fields', () => {
    const { errors } = parsePriceCsv(
      'date,open,high,low,close,volume\n2024-01-02,0,1,1,1,10\n2024-01-03,1,1,1,,10\n',
    );
    expect(errors).toEqual([
      { line: 2, message: 'open must be greater than 0' },
      { line: 3, message: 'close is empty' },
    ]);
  });

  it('requires the header on line 1', () => {
    expect(parsePriceCsv('')).toEqual({
      bars: [],
      errors: [{ line: 1, message: 'missing header: expected date,open,high,low,close,volume' }],
    });
    const noHeader = parsePriceCsv('2024-01-02,10,11,9,10.5,1000\n');
    expect(noHeader.bars).toEqual([]);
    expect(noHeader.errors).toHaveLength(1);
    expect(noHeader.errors[0].line).toBe(1);
    expect(noHeader.errors[0].message).toMatch(/^missing column\(s\) date, open, high, low, close, volume/);
  });

  it('names the missing column', () => {
    expect(parsePriceCsv('date,open,high,low,close\n2024-01-02,1,1,1,1\n').errors).toEqual([
      { line: 1, message: 'missing column(s) volume: expected header date,open,high,low,close,volume' },
    ]);
  });

  it('accepts any column order, extra columns and quoted fields', () => {
    const text = 'Volume,Close,Low,High,Open,Date,Adj Close\n"1000",101,99,102,100,"2024-01-02","100,5"\n';
    expect(parsePriceCsv(text)).toEqual({
      bars: [{ date: '2024-01-02', open: 100, high: 102, low: 99, close: 101, volume: 1000 }],
      errors: [],
    });
  });

  it('accepts semicolon-separated files with decimal commas (Norwegian spreadsheets)', () => {
    const text = 'date;open;high;low;close;volume\n2024-01-02;100,5;102;99,25;101,75;1000\n';
    expect(parsePriceCsv(text).bars).toEqual([
      { date: '2024-01-02', open: 100.5, high: 102, low: 99.25, close: 101.75, volume: 1000 },
    ]);
  });
});

describe('CsvProvider', () => {
  const eqnr = [
    'date,open,high,low,close,volume',
    '2024-01-02,300,305,298,303,1000',
    '2024-01-03,303,306,301,305,0',
    '2024-01-04,305,309,304,308,2000',
  ].join('\n');

  it('serves a ticker file in a range, without zero-volume rows, with the universe name', async () => {
    const p = new CsvProvider({ tickers: [{ marketId: MARKET_OSLO, symbol: 'EQNR', csv: eqnr }] });
    expect((await p.listSymbols(MARKET_OSLO))[0]).toMatchObject({
      symbol: 'EQNR',
      name: 'Equinor ASA',
      currency: 'NOK',
    });
    expect((await p.getDailyBars('EQNR', MARKET_OSLO, { to: '2024-01-04' })).map((b) => b.date)).toEqual([
      '2024-01-02',
      '2024-01-04',
    ]);
    expect(
      (await p.getDailyBars('EQNR', MARKET_OSLO, { from: '2024-01-03', to: '2024-01-04' })).map(
        (b) => b.date,
      ),
    ).toEqual(['2024-01-04']);
  });

  it('refuses a file with errors as a whole, naming the lines', async () => {
    const p = new CsvProvider({
      tickers: [{ marketId: MARKET_OSLO, symbol: 'DNB', csv: `${eqnr}\n2024-01-05,1,0.5,2,1,10` }],
    });
    const error = await p.getDailyBars('DNB', MARKET_OSLO, { to: '2024-12-31' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketDataError);
    expect(error).toMatchObject({ code: 'INVALID_DATA' });
    expect((error as MarketDataError).message).toContain('line 5: high 0.5 is below low 2');
  });

  it('serves index and USD/NOK files and says when one is missing', async () => {
    const p = new CsvProvider({
      tickers: [],
      indexes: { 160: 'date,open,high,low,close,volume\n2024-01-02,1400,1410,1395,1405,0\n' },
      usdNok: 'date,open,high,low,close,volume\n2024-01-02,10.1,10.2,10.0,10.15,0\n',
    });
    expect(await p.getIndexBars(MARKET_OSLO, { to: '2024-01-02' })).toEqual([
      { date: '2024-01-02', open: 1400, high: 1410, low: 1395, close: 1405, volume: 0 },
    ]);
    expect(await p.getUsdNok({ to: '2024-01-02' })).toEqual([{ date: '2024-01-02', rate: 10.15 }]);
    await expect(p.getIndexBars(226, { to: '2024-01-02' })).rejects.toMatchObject({ code: 'UNKNOWN_SYMBOL' });
    await expect(p.getDailyBars('AAPL', 226, { to: '2024-01-02' })).rejects.toMatchObject({
      code: 'UNKNOWN_SYMBOL',
    });
  });
});
