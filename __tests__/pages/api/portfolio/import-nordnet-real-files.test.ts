/** @jest-environment node */
// Issue 13: real Nordnet files through portfolio-import as the investor. Nordnet names the security
// by its ticker code in Verdipapir and its ISIN; the same export comes in four languages, as
// UTF-16LE with a BOM or re-saved by a spreadsheet, tab- or semicolon-separated, with 30 columns.
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';
import { testDbKinds } from '../../../helpers/db';
import { nordnetFile, splitRowsFile, type NordnetRow } from '../../../helpers/nordnetFiles';
import {
  T,
  call,
  createPortfolio,
  errorOf,
  importFile,
  setUp,
  storedTransactions,
  tearDown,
  type Ctx,
} from './helpers';

interface ImportBody {
  imported: number;
  skipped: number;
  errors: { line: number; message: string }[];
  rows: { line: number; ticker_id: number; event_id: number; quantity: number; price: number; fee: number }[];
}

const NBSP = '\u00a0';

/** Newest first, as Nordnet writes: buy 1 000 EQNR, a deposit, a dividend, a sale, a DNB buy by code only. */
const EQNR_ROWS: NordnetRow[] = [
  // DNB: the test database has no ISIN for it, so this resolves by the ticker code on Oslo (NOK).
  {
    id: '1005',
    date: '2024-03-04',
    kind: 'buy',
    security: 'DNB',
    isin: 'NO0010161896',
    quantity: '10',
    price: '200,5',
    fees: '29',
    currency: 'NOK',
    amount: '-2034',
  },
  {
    id: '1004',
    date: '2024-02-01',
    kind: 'sell',
    security: 'EQNR',
    isin: 'NO0010096985',
    quantity: '400',
    price: '301,2',
    fees: '49',
    currency: 'NOK',
    amount: `120${NBSP}431`,
  },
  {
    id: '1003',
    date: '2024-01-20',
    kind: 'dividend',
    security: 'EQNR',
    isin: 'NO0010096985',
    quantity: `1${NBSP}000`,
    price: '3,5',
    currency: 'NOK',
    amount: `3${NBSP}500`,
  },
  { id: '1002', date: '2024-01-10', kind: 'deposit', currency: 'NOK', amount: `300${NBSP}000` },
  {
    id: '1001',
    date: '2024-01-05',
    kind: 'buy',
    security: 'EQNR',
    isin: 'NO0010096985',
    quantity: `1${NBSP}000`,
    price: '280,1',
    fees: '99',
    currency: 'NOK',
    amount: `-280${NBSP}199`,
    text: '=KJØP',
  },
];

describe.each(testDbKinds())('Nordnet files in the real layout (%s)', (kind) => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  const upload = (id: number, bytes: Buffer, dryRun = false) => importFile(ctx, ctx.alice, id, bytes, dryRun);
  const stored = (id: number) => storedTransactions(ctx, id);

  it('imports a UTF-16LE tab file naming EQNR by code and ISIN once, and only once', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Nordnet NO');
    const file = nordnetFile(EQNR_ROWS);
    expect([file[0], file[1]]).toEqual([0xff, 0xfe]);
    const first = await upload(id, file);
    expect(first.status).toBe(200);
    const body = first.body as ImportBody;
    expect(body.errors).toEqual([]);
    expect(body.imported).toBe(5); // the deposit is a cash event now
    expect(body.skipped).toBe(0);
    const rows = await stored(id);
    // Chronological: buy, dividend, sell of EQNR; buy of DNB. Amounts exactly as in the file.
    expect(rows.map((r) => [r.tickerId, r.eventId, r.quantity, r.price, r.fee, r.comment])).toEqual([
      [T.EQNR, 1, '1000.0000000000', '280.1000000000', '99.0000000000', '=KJØP'],
      [null, 5, '1.0000000000', '300000.0000000000', '0.0000000000', 'INNSKUDD'],
      [T.EQNR, 3, '1000.0000000000', '3.5000000000', '0.0000000000', ''],
      [T.EQNR, 2, '400.0000000000', '301.2000000000', '49.0000000000', ''],
      [T.DNB, 1, '10.0000000000', '200.5000000000', '29.0000000000', ''],
    ]);

    const again = await upload(id, file);
    expect(again.status).toBe(200);
    expect((again.body as ImportBody).imported).toBe(0);
    expect((again.body as ImportBody).skipped).toBe(5);
    expect(await stored(id)).toHaveLength(5);
  });

  it.each([
    ['Swedish, Windows-1252, semicolons', 'sv', 'windows-1252', ';'],
    ['Danish, UTF-8, tabs', 'da', 'utf8', '\t'],
    ['Finnish, UTF-16LE, tabs', 'fi', 'utf16le', '\t'],
  ] as const)('reads the same export in %s', async (_name, language, encoding, separator) => {
    const id = await createPortfolio(ctx, ctx.alice, `Nordnet ${language}`);
    const res = await upload(id, nordnetFile(EQNR_ROWS, { language, encoding, separator }), true);
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    expect(body.errors).toEqual([]);
    expect(body.rows.map((r) => [r.ticker_id, r.event_id, r.quantity, r.price, r.fee])).toEqual([
      [T.EQNR, 1, 1000, 280.1, 99],
      [null, 5, 1, 300000, 0],
      [T.EQNR, 3, 1000, 3.5, 0],
      [T.EQNR, 2, 400, 301.2, 49],
      [T.DNB, 1, 10, 200.5, 29],
    ]);
  });

  it('takes a code whose own ISIN differs as another security (an instrument), and reports a code without an ISIN', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Feil ISIN');
    const rows: NordnetRow[] = [
      // EQNR's ISIN in the database is NO0010096985: a file row with code EQNR and another ISIN is another security.
      {
        id: '2',
        date: '2024-01-05',
        kind: 'buy',
        security: 'EQNR',
        isin: 'NO0000000001',
        quantity: '1',
        price: '1',
        currency: 'NOK',
      },
      {
        id: '1',
        date: '2024-01-04',
        kind: 'buy',
        security: 'XXXX',
        quantity: '1',
        price: '1',
        currency: 'NOK',
      },
    ];
    const res = await upload(id, nordnetFile(rows));
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    // Issue 37: NO0000000001 is not EQNR; the universe does not list it, so it is held as an instrument.
    expect(body.imported).toBe(1);
    expect(body.errors.map((e) => e.line)).toEqual([3]);
    expect(body.errors[0].message).toMatch(/unknown security XXXX/);
  });

  it('holds each row to the API rules: 11 decimals is an error naming the field', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Regler');
    const rows: NordnetRow[] = [
      {
        id: '1',
        date: '2024-01-04',
        kind: 'buy',
        security: 'EQNR',
        isin: 'NO0010096985',
        quantity: '1,00000000001',
        price: '1',
        currency: 'NOK',
      },
    ];
    const res = await upload(id, nordnetFile(rows));
    expect(res.status).toBe(200);
    expect((res.body as ImportBody).errors).toEqual([{ line: 2, message: 'quantity: At most 10 decimals' }]);
  });

  it('imports a 1-for-3 reverse split as 1 and 3: 300 shares become exactly 100', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Spleis');
    const rows: NordnetRow[] = [
      {
        id: '3',
        date: '2024-02-01',
        kind: 'splitIn',
        security: 'EQNR',
        isin: 'NO0010096985',
        quantity: '100',
      },
      {
        id: '2',
        date: '2024-02-01',
        kind: 'splitOut',
        security: 'EQNR',
        isin: 'NO0010096985',
        quantity: '300',
      },
      {
        id: '1',
        date: '2024-01-04',
        kind: 'buy',
        security: 'EQNR',
        isin: 'NO0010096985',
        quantity: '300',
        price: '10',
        currency: 'NOK',
      },
    ];
    const res = await upload(id, nordnetFile(rows));
    expect(res.status).toBe(200);
    expect((res.body as ImportBody).errors).toEqual([]);
    const split = (await stored(id)).find((r) => r.eventId === 4);
    expect([split?.splitTo, split?.splitFrom]).toEqual([1, 3]);
    const meta = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio/metadata?portfolioID=${id}&tickerID=${T.EQNR}`,
    );
    expect((meta.body as { quantity: number }).quantity).toBe(100);
  });

  it('refuses a file of 10,001 rows with 413 and the count, writing nothing', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'For stor');
    const rows: NordnetRow[] = Array.from({ length: 10_001 }, (_, i) => ({
      id: String(i + 1),
      date: '2024-01-04',
      kind: 'deposit' as const,
      currency: 'NOK',
      amount: '1',
    }));
    const res = await upload(id, nordnetFile(rows, { encoding: 'utf8', separator: ';' }));
    expect(res.status).toBe(413);
    expect(errorOf(res.body)).toMatchObject({
      code: 'IMPORT_TOO_MANY_ROWS',
      details: { rows: 10_001, max: 10_000 },
    });
    expect(await stored(id)).toHaveLength(0);
  });

  it('answers a file of 10,000 split rows on distinct dates (the old quadratic case) with 5,000 splits', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Splitter');
    const res = await upload(id, splitRowsFile(10_000), true);
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    expect(body.errors).toEqual([]);
    expect(body.imported).toBe(5_000);
    expect(body.rows.every((r) => r.event_id === 4 && r.ticker_id === T.EQNR)).toBe(true);
  }, 60_000);

  it('answers a caller without a token 401 before reading the body: even an oversized upload is not 413', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Anonym');
    // Reading the body first would answer 413 (larger than IMPORT_MAX_BYTES); authentication comes first.
    const res = await ctx.server.request('POST', `/api/v1/portfolio-import/${id}?format=nordnet`, {
      raw: Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41),
      headers: { 'X-Requested-With': 'trendvakt', 'Content-Type': 'text/csv' },
    });
    expect(res.status).toBe(401);
    expect(await stored(id)).toHaveLength(0);
  });
});
