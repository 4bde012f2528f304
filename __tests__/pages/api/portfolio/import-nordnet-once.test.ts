/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { IMPORT_MAX_BYTES } from '@/lib/schemas/portfolio';
import { portfolioTransactions } from '@/server/db/schema';
import { testDbKinds } from '../../../helpers/db';
import { T, addOk, call, createPortfolio, setUp, tearDown, type Ctx } from './helpers';

const FIXTURE = readFileSync(
  path.join(process.cwd(), '__tests__/server/domain/portfolio/fixtures/nordnet-transactions.csv'),
);

interface ImportBody {
  dry_run: boolean;
  imported: number;
  skipped: number;
  errors: { line: number; message: string }[];
  skipped_rows: { line: number; reason: string; code: string; params: Record<string, string> }[];
  rows: {
    line: number;
    ticker_id: number;
    symbol: string;
    event_id: number;
    quantity: number;
    price: number;
    fee: number;
    date: string;
  }[];
}

describe.each(testDbKinds())('Nordnet import and CSV export (%s)', (kind) => {
  let ctx: Ctx;
  let portfolioId: number;

  const stored = async (id: number) =>
    (
      await ctx.db.db
        .select({ n: count() })
        .from(portfolioTransactions)
        .where(eq(portfolioTransactions.portfolioId, id))
    )[0].n;
  const upload = (id: number, query: string, raw: Buffer | string = FIXTURE) =>
    call(ctx, ctx.alice, 'POST', `/api/v1/portfolio-import/${id}?${query}`, {
      raw,
      headers: { 'Content-Type': 'text/csv' },
    });

  beforeAll(async () => {
    ctx = await setUp(kind);
    portfolioId = await createPortfolio(ctx, ctx.alice, 'Nordnet');
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('previews the file in a dry run: rows resolved by ISIN, the deposit a cash event, the bad line reported, nothing written', async () => {
    const res = await upload(portfolioId, 'format=nordnet&dryRun=true');
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    expect(body.dry_run).toBe(true);
    expect(body.imported).toBe(7);
    expect(body.skipped).toBe(0);
    expect(body.skipped_rows).toEqual([]);
    expect(body.errors).toEqual([
      {
        line: 3,
        code: 'NOT_A_NUMBER',
        params: { field: 'Antall', value: 'ti' },
        message: 'Antall "ti" is not a number',
      },
    ]);
    // The fixture calls them "Equinor" and "Apple"; the tickers are "Equinor ASA" and "Apple Inc.": the ISIN decides.
    expect(body.rows.map((r) => [r.line, r.symbol, r.event_id, r.date, r.quantity, r.price, r.fee])).toEqual([
      // INNSKUDD 250 000 on 2020-01-06: a deposit (no ticker, quantity 1, price = the amount)
      [10, '', 5, '2020-01-06', 1, 250000, 0],
      [9, 'EQNR', 1, '2020-01-10', 100, 180.5, 99],
      [8, 'AAPL', 1, '2020-02-03', 10, 308.95, 1.5],
      [7, 'EQNR', 3, '2020-05-15', 100, 1.2, 0],
      [6, 'EQNR', 2, '2020-06-15', 40, 140.2, 49],
      [5, 'AAPL', 4, '2020-08-31', 4, 0, 0],
      [2, 'EQNR', 1, '2020-10-01', 1000, 95.1, 149],
    ]);
    expect(await stored(portfolioId)).toBe(0);
  });

  it('imports the file once and only once', async () => {
    const first = await upload(portfolioId, 'format=nordnet');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ dry_run: false, imported: 7, skipped: 0, errors: [{ line: 3 }] });
    expect(await stored(portfolioId)).toBe(7);

    const second = await upload(portfolioId, 'format=nordnet');
    expect(second.status).toBe(200);
    const body = second.body as ImportBody;
    expect(body.imported).toBe(0);
    expect(body.skipped).toBe(7);
    // Every row's Id is stored now (the fixture's Ids, line 2 → 1000000008 down to line 10 →
    // 1000000000; the split on line 5 is its UTTAK (…05) and INNLEGG (…06) legs' Ids joined).
    expect(body.skipped_rows.map((s) => [s.line, s.code, s.params.id])).toEqual([
      [2, 'ALREADY_IMPORTED', '1000000008'],
      [5, 'ALREADY_IMPORTED', '1000000005/1000000006'],
      [6, 'ALREADY_IMPORTED', '1000000004'],
      [7, 'ALREADY_IMPORTED', '1000000003'],
      [8, 'ALREADY_IMPORTED', '1000000002'],
      [9, 'ALREADY_IMPORTED', '1000000001'],
      [10, 'ALREADY_IMPORTED', '1000000000'],
    ]);
    expect(body.skipped_rows[0].reason).toBe('already in this portfolio (Id 1000000008)');
    expect(await stored(portfolioId)).toBe(7);
  });

  it('gives the positions the file describes', async () => {
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${portfolioId}`);
    const rows = res.body as {
      ticker_id: number;
      quantity: number;
      avg_price: number;
      cost: number;
      realized: number;
      dividends: number;
    }[];
    // Equinor: 100 @ 180.5 + 99 = 18 149; dividend 120; sell 40 takes 7 259.6 → realized 5 559 - 7 259.6 = -1 700.6;
    // cost 10 889.4 + 1000 @ 95.1 + 149 = 95 249 → 106 138.4 for 1 060 shares
    // Apple: 10 @ 308.95 + 1.5 = 3 091 USD; split 4 → 40 shares, avg 77.275
    expect(rows.map((r) => [r.ticker_id, r.quantity, r.cost, r.avg_price, r.realized, r.dividends])).toEqual([
      [T.EQNR, 1060, 106138.4, 100.130566, -1700.6, 120],
      [T.AAPL, 40, 3091, 77.275, 0, 0],
    ]);
  });

  it('exports a CSV that the import reads back: into the same portfolio it adds nothing, into a new one the same positions', async () => {
    await addOk(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 3,
      price: 200,
      fee: 1,
      comment: 'for hånd',
    });
    const exported = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-export/${portfolioId}`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(
      /^attachment; filename="trendvakt-nordnet-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = exported.body as string;
    expect(text.split('\r\n')[0]).toContain('Id\tBokføringsdag\tHandelsdag');

    const again = await upload(portfolioId, 'format=nordnet', text);
    expect(again.body).toMatchObject({ imported: 0, errors: [] });
    expect(await stored(portfolioId)).toBe(8);

    const copy = await createPortfolio(ctx, ctx.alice, 'Kopi');
    const into = await upload(copy, 'format=nordnet', text);
    expect(into.body).toMatchObject({ imported: 8, errors: [] });
    const a = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${portfolioId}?includeSold=true`);
    const b = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${copy}?includeSold=true`);
    expect(b.body).toEqual(a.body);
    // ...and a second import into the copy adds nothing either
    expect((await upload(copy, 'format=nordnet', text)).body).toMatchObject({ imported: 0 });
  });

  it('skips a row whose Id an earlier row of the file has, with its code and the Id', async () => {
    const file = [
      'Id\tHandelsdag\tTransaksjonstype\tVerdipapir\tISIN\tAntall\tKurs\tTotale Avgifter\tValuta',
      '9001\t2024-01-10\tKJØPT\tDNB Bank ASA\t\t10\t200\t0\tNOK',
      '9002\t2024-01-11\tKJØPT\tDNB Bank ASA\t\t5\t210\t0\tNOK',
      '9001\t2024-01-12\tKJØPT\tDNB Bank ASA\t\t1\t220\t0\tNOK',
    ].join('\r\n');
    const p = await createPortfolio(ctx, ctx.alice, 'Dobbel');
    const res = await upload(p, 'format=nordnet&dryRun=true', file);
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    // Oldest first: line 2 (Id 9001) is taken, line 4 repeats its Id.
    expect(body.rows.map((r) => r.line)).toEqual([2, 3]);
    expect(body.skipped_rows).toEqual([
      {
        line: 4,
        reason: 'the same Id 9001 appears earlier in the file',
        code: 'DUPLICATE_IN_FILE',
        params: { id: '9001' },
      },
    ]);
  });

  it('reports unknown securities by line instead of guessing, and imports the rest', async () => {
    const file = [
      'Id;Handelsdag;Transaksjonstype;Verdipapir;ISIN;Antall;Kurs;Totale Avgifter;Valuta',
      '7001;2024-01-10;KJØPT;Dnb Bank   asa;;10;200,5;0;NOK',
      '7002;2024-01-11;KJØPT;Ukjent Selskap ASA;NO0000000000;5;10;0;NOK',
      '7003;2024-01-12;KJØPT;Mowi;;5;10;0;NOK',
      '7004;2024-01-12;KJØPT;DNB Bank ASA;;1;200;0;USD',
    ].join('\n');
    const p = await createPortfolio(ctx, ctx.alice, 'Semikolon');
    const res = await upload(p, 'format=nordnet', file);
    expect(res.status).toBe(200);
    const body = res.body as ImportBody;
    // Issue 37: a security with an ISIN the universe does not list becomes an instrument (symbol = ISIN).
    expect(body.rows.map((r) => [r.line, r.symbol, r.price])).toEqual([
      [2, 'DNB', 200.5],
      [3, 'NO0000000000', 10],
    ]);
    expect(body.errors.map((e) => e.line)).toEqual([4, 5]);
    expect(body.errors[0].message).toMatch(/unknown security Mowi/);
    expect(body.errors[1].message).toMatch(/USD/);
    expect(await stored(p)).toBe(2);
  });

  it('a sell the file cannot cover proposes an opening position (never a 409); accepted, the file imports', async () => {
    const file = [
      'Id\tHandelsdag\tTransaksjonstype\tVerdipapir\tISIN\tAntall\tKurs\tTotale Avgifter\tValuta',
      '8001\t2024-01-10\tKJØPT\tDNB Bank ASA\t\t10\t200\t0\tNOK',
      '8002\t2024-01-11\tSALG\tDNB Bank ASA\t\t15\t210\t0\tNOK',
    ].join('\r\n');
    const p = await createPortfolio(ctx, ctx.alice, 'Alt eller intet');
    const dry = await upload(p, 'format=nordnet&dryRun=true', file);
    expect(dry.status).toBe(200);
    // 15 sold, 10 bought in the file: 5 held before it, proposed the day before its first date;
    // the file states no Kjøpsverdi, so no cost. DNB's two rows wait for it.
    expect(dry.body).toMatchObject({
      imported: 0,
      errors: [{ line: 2 }, { line: 3 }],
      review: [
        {
          line: 3,
          code: 'OPENING_POSITION',
          quantity: '5',
          date: '2024-01-09',
          direction: 'in',
          file_cost: null,
        },
      ],
    });
    const res = await upload(p, 'format=nordnet', file);
    expect(res.status).toBe(200);
    expect(await stored(p)).toBe(0);
    // accepted at a total cost of 950: opening 5 at 190 with its 950 deposited the same day (cash
    // unchanged), then the file's two rows
    const accepted = await upload(p, 'format=nordnet&accept=3:950', file);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ imported: 4, errors: [], review: [] });
    expect(await stored(p)).toBe(4);
  });

  it('answers a file that is not a Nordnet export with its error, and refuses other formats and oversized files', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'Feil');
    const junk = await upload(p, 'format=nordnet', 'hello world');
    expect(junk.status).toBe(200);
    expect(junk.body).toMatchObject({ imported: 0, errors: [{ line: 1 }] });
    expect((await upload(p, 'format=dnb')).status).toBe(400);
    const big = await upload(p, 'format=nordnet', Buffer.alloc(IMPORT_MAX_BYTES + 1, 0x41));
    expect(big.status).toBe(413);
    expect(await stored(p)).toBe(0);
  });
});
