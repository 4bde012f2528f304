/** @jest-environment node */
import ExcelJS from 'exceljs';
import { IMPORT_PRESET_NAMES } from '@/lib/importPresets';
import type { ImportMapping } from '@/lib/schemas/importMapping';
import { testDbKinds } from '../../../helpers/db';
import { IBKR_DIVIDENDS, IBKR_TRADES } from '../../../server/domain/portfolio/fixtures/brokerPresetFiles';
import { T, call, createPortfolio, errorOf, setUp, storedTransactions, tearDown, type Ctx } from './helpers';

/** The fixture's header and its Apple rows (the test universe has AAPL, not MSFT). */
const appleOnly = (file: string) =>
  file
    .split('\n')
    .filter((line, i) => i === 0 || line.includes('US0378331005'))
    .join('\n');

interface ImportBody {
  imported: number;
  errors: { line: number; code: string }[];
  rows: {
    line: number;
    ticker_id: number | null;
    event_id: number;
    date: string;
    quantity: number;
    price: number;
    fee: number;
    withholding_tax: number | null;
  }[];
  warnings: {
    line: number;
    code: string;
    field: string;
    value: string;
    other_reading: string | null;
    params: object;
  }[];
}

describe.each(testDbKinds())('mapped import presets (%s)', (kind) => {
  let ctx: Ctx;

  const upload = (id: number, params: Record<string, string>, raw: string | Buffer, account = ctx.alice) =>
    call(ctx, account, 'POST', `/api/v1/portfolio-import/${id}?${new URLSearchParams(params).toString()}`, {
      raw,
      headers: { 'Content-Type': 'text/csv' },
    });

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('imports IBKR Flex trades and then its dividends by preset alone (no broker name, no mapping)', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'IBKR');
    const trades = await upload(id, { format: 'mapped', preset: 'ibkr-flex-trades' }, appleOnly(IBKR_TRADES));
    expect(trades.status).toBe(200);
    const body = trades.body as ImportBody;
    expect(body.errors).toEqual([]);
    expect(body.imported).toBe(3);
    expect(body.rows.map((r) => [r.ticker_id, r.event_id, r.date, r.quantity, r.price, r.fee])).toEqual([
      [T.AAPL, 1, '2023-05-22', 12, 172.4, 1],
      [T.AAPL, 2, '2023-11-15', 4, 188.05, 1],
      [T.AAPL, 1, '2024-03-05', 3, 170.9, 0.5],
    ]);
    const dividends = await upload(
      id,
      { format: 'mapped', preset: 'ibkr-flex-dividends' },
      appleOnly(IBKR_DIVIDENDS),
    );
    expect(dividends.status).toBe(200);
    expect((dividends.body as ImportBody).imported).toBe(2);

    const results = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${id}`);
    const aapl = (
      results.body as { ticker_id: number; quantity: number; dividends: number; fees: number }[]
    ).find((r) => r.ticker_id === T.AAPL);
    // 12 − 4 + 3 = 11 shares; dividends (2.88 − 0.43) + 1.92 = 4.37 net.
    expect(aapl).toMatchObject({ quantity: 11, dividends: 4.37 });
    // A preset import saves no mapping.
    expect((await call(ctx, ctx.alice, 'GET', '/api/v1/import-mappings')).body).toEqual([]);
  });

  it('refuses an unknown preset with the valid names, and writes nothing', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Unknown preset');
    const res = await upload(id, { format: 'mapped', preset: 'degiro' }, appleOnly(IBKR_TRADES));
    expect(res.status).toBe(400);
    expect(errorOf(res.body)).toMatchObject({
      code: 'IMPORT_PRESET_UNKNOWN',
      details: [expect.objectContaining({ path: 'preset', valid: [...IMPORT_PRESET_NAMES] })],
    });
    expect(await storedTransactions(ctx, id)).toHaveLength(0);
  });

  it("flags a price 100× the day's close and names the decimal separator", async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'DEGIRO');
    // DEGIRO's layout (decimal comma) with a price written "200.50": read as 20050, and AAPL
    // closed at 200 on 2024-12-30: 20050 / 200 = 100.25 ≥ 100. With a decimal point it is 200.5.
    const file = [
      'Datum,Tijd,Product,ISIN,Beurs,Uitvoeringsplaats,Aantal,Koers,,Lokale waarde,,Waarde,,Wisselkoers,Transactiekosten en/of,,Totaal,,Order ID',
      '30-12-2024,15:32,APPLE INC,US0378331005,NDQ,XNAS,2,200.50,USD,"-401,00",USD,"-385,00",EUR,"1,0415","-1,00",EUR,"-386,00",EUR,o-1',
    ].join('\n');
    const res = await upload(id, { format: 'mapped', preset: 'degiro-transactions', dryRun: 'true' }, file);
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    expect(body.rows.map((r) => [r.line, r.price])).toEqual([[2, 20050]]);
    expect(body.warnings).toEqual([
      expect.objectContaining({
        line: 2,
        code: 'NOT_THOUSANDS_GROUPING',
        field: 'price',
        other_reading: '200.5',
      }),
      expect.objectContaining({
        line: 2,
        code: 'PRICE_FAR_FROM_CLOSE',
        field: 'price',
        value: '20050',
        other_reading: '200.5',
        likely_cause: 'decimal_separator',
        params: { close: 200, session: '2024-12-30', ratio: '100' },
      }),
    ]);
  });

  it("reads an .xlsx's first sheet through the same mapping (DNB's export is an Excel file)", async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'DNB');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Transaksjoner');
    workbook.addWorksheet('Ignored').addRow(['not', 'read']);
    sheet.addRow(['Handelsdato', 'Transaksjonstype', 'ISIN', 'Antall', 'Kurs', 'Kurtasje', 'Valuta']);
    sheet.addRow([new Date(Date.UTC(2024, 0, 16)), 'Kjøp', 'NO0010096985', 100, 280.5, 29, 'NOK']);
    sheet.addRow([new Date(Date.UTC(2024, 5, 3)), 'Salg', 'NO0010096985', 40, 300.25, 29, 'NOK']);
    sheet.addRow([new Date(Date.UTC(2024, 4, 20)), 'Utbytte', 'NO0010096985', 100, 12.3456, 0, 'NOK']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const mapping: ImportMapping = {
      columns: {
        date: 'Handelsdato',
        type: 'Transaksjonstype',
        security: 'ISIN',
        quantity: 'Antall',
        price: 'Kurs',
        fee: 'Kurtasje',
        currency: 'Valuta',
        amount: null,
        id: null,
      },
      decimal: 'comma',
      dateOrder: 'dmy',
      dateFormat: 'dmy',
      types: [
        { word: 'Kjøp', kind: 'buy' },
        { word: 'Salg', kind: 'sell' },
        { word: 'Utbytte', kind: 'dividend' },
      ],
    };
    const res = await upload(id, { format: 'mapped', broker: 'DNB', mapping: JSON.stringify(mapping) }, xlsx);
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    expect(body.errors).toEqual([]);
    expect(body.warnings).toEqual([]);
    // Real numbers and dates: no separator to guess; rows in date order.
    expect(body.rows.map((r) => [r.line, r.event_id, r.date, r.quantity, r.price, r.fee])).toEqual([
      [2, 1, '2024-01-16', 100, 280.5, 29],
      [4, 3, '2024-05-20', 100, 12.3456, 0],
      [3, 2, '2024-06-03', 40, 300.25, 29],
    ]);
    expect(body.imported).toBe(3);
    expect(await storedTransactions(ctx, id)).toHaveLength(3);

    // The dialog's look at the same workbook: its first sheet as text (numbers with a point).
    const peek = await call(ctx, ctx.alice, 'POST', '/api/v1/import-mappings/sheet', {
      raw: xlsx,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(peek.status).toBe(200);
    expect(peek.body).toEqual({
      headers: ['Handelsdato', 'Transaksjonstype', 'ISIN', 'Antall', 'Kurs', 'Kurtasje', 'Valuta'],
      rows: [
        ['2024-01-16', 'Kjøp', 'NO0010096985', '100', '280.5', '29', 'NOK'],
        ['2024-06-03', 'Salg', 'NO0010096985', '40', '300.25', '29', 'NOK'],
        ['2024-05-20', 'Utbytte', 'NO0010096985', '100', '12.3456', '0', 'NOK'],
      ],
    });
    const notAWorkbook = await call(ctx, ctx.alice, 'POST', '/api/v1/import-mappings/sheet', {
      raw: 'date,type\n',
      headers: { 'Content-Type': 'application/octet-stream' },
    });
    expect(notAWorkbook.status).toBe(400);
    expect(errorOf(notAWorkbook.body).code).toBe('IMPORT_UNREADABLE');
  });

  it('refuses a zip that would unpack beyond the limit, and a zip that is no workbook', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Zips');
    // A zip whose one entry declares 64 MiB unpacked (the directory is what is checked before opening).
    const name = Buffer.from('a.xml');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt32LE(64 * 1024 * 1024, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(0, 42);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(local.length + name.length, 16);
    const bomb = Buffer.concat([local, name, central, name, end]);
    const big = await upload(id, { format: 'mapped', preset: 'avanza' }, bomb);
    expect(big.status).toBe(413);
    expect(errorOf(big.body).code).toBe('IMPORT_SHEET_TOO_LARGE');

    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40)]);
    const bad = await upload(id, { format: 'mapped', preset: 'avanza' }, broken);
    expect(bad.status).toBe(400);
    expect(errorOf(bad.body).code).toBe('IMPORT_UNREADABLE');
    expect(await storedTransactions(ctx, id)).toHaveLength(0);
  });
});
