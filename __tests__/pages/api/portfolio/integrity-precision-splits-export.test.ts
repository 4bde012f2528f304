/** @jest-environment node */
// Issue 13 "done when", through the API as the investor with real emulator tokens:
// amounts come back exactly as entered, a comment-only edit keeps them byte-identical, a 1-for-3
// split of 300 shares leaves exactly 100 that can all be sold, and an export cell that starts
// with "=" is neutralised and read back unchanged.
import { eq } from 'drizzle-orm';
import { portfolioTransactions } from '@/server/db/schema';
import { testDbKinds } from '../../../helpers/db';
import {
  T,
  addOk,
  addTransaction,
  call,
  createPortfolio,
  errorOf,
  setUp,
  snapshotTables,
  tearDown,
  type Ctx,
} from './helpers';

interface Tx {
  portfolio_transaction_id: number;
  quantity: number | string;
  price: number | string;
  fee: number | string;
  comment: string;
  split_to: number | null;
  split_from: number | null;
}

const detailsPaths = (body: unknown) =>
  ((errorOf(body).details as { path: string }[] | undefined) ?? []).map((d) => d.path).sort();

describe.each(testDbKinds())('portfolio data integrity through the API (%s)', (kind) => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  const storedRow = async (id: number) =>
    (await ctx.db.db.select().from(portfolioTransactions).where(eq(portfolioTransactions.id, id)))[0];

  it('returns 10.12345678 as 10.12345678 on every route, and a comment-only edit keeps the amounts byte-identical', async () => {
    const portfolioId = await createPortfolio(ctx, ctx.alice, 'Presisjon');
    const id = await addOk(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: '10.12345678',
      price: '123.4567891234',
      fee: '0.0000000001',
    });
    const before = await storedRow(id);
    const list = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio/${portfolioId}/${T.DNB}`);
    expect(list.status).toBe(200);
    const [tx] = list.body as Tx[];
    expect(tx.quantity).toBe(10.12345678);
    expect(tx.price).toBe(123.4567891234);
    expect(tx.fee).toBe(0.0000000001);
    expect(tx.split_to).toBeNull();

    // The edit form sends back what it was given, with only the comment changed.
    const put = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
      body: {
        portfolio_transaction_id: id,
        date: '2024-01-10',
        event_id: 1,
        quantity: tx.quantity,
        price: tx.price,
        fee: tx.fee,
        comment: 'bare kommentaren',
      },
    });
    expect(put.status).toBe(200);
    expect((put.body as Tx).quantity).toBe(10.12345678);
    const after = await storedRow(id);
    expect(after.comment).toBe('bare kommentaren');
    expect([after.quantity, after.price, after.fee]).toEqual([before.quantity, before.price, before.fee]);

    // Computed figures: cost = 10.12345678 × 123.4567891234 + 0.0000000001
    //   = 1249.809468888413986652 (Python's decimal); rounded to 6 decimals 1249.809469.
    const meta = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio/metadata?portfolioID=${portfolioId}&tickerID=${T.DNB}`,
    );
    expect(meta.status).toBe(200);
    expect((meta.body as { quantity: number; cost: number }).quantity).toBe(10.12345678);
    expect((meta.body as { quantity: number; cost: number }).cost).toBe(1249.809469);

    const exported = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-export/${portfolioId}`);
    expect(exported.status).toBe(200);
    const line = (exported.body as string).split('\r\n')[1].split('\t');
    expect(line[8]).toBe('10,12345678');
    expect(line[9]).toBe('123,4567891234');
    expect(line[12]).toBe('0,0000000001'); // Totale Avgifter (Kurs has its own Valuta at 10)
  });

  it.each([
    ['11 decimals', { quantity: '0.00000000001' }, 'quantity'],
    ['16 significant digits', { price: '123456.1234567891' }, 'price'],
    ['16 integer digits', { quantity: '1234567890123456' }, 'quantity'],
    ['a fee with 16 significant digits', { fee: '1234567.123456789' }, 'fee'],
  ])('refuses %s with 400 naming the field', async (_name, patch, field) => {
    const portfolioId = await createPortfolio(ctx, ctx.alice, 'Avvist');
    const before = await snapshotTables(ctx.db);
    const res = await addTransaction(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 1,
      price: 100,
      ...patch,
    });
    expect(res.status).toBe(400);
    expect(detailsPaths(res.body)).toEqual([field]);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('accepts 15 significant digits exactly: 12345.1234567891', async () => {
    const portfolioId = await createPortfolio(ctx, ctx.alice, 'Femten');
    const res = await addTransaction(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: '12345.1234567891',
      price: 1,
    });
    expect(res.status).toBe(201);
    expect((res.body as Tx).quantity).toBe(12345.1234567891);
  });

  it('keeps 300 shares after a 1-for-3 reverse split at exactly 100, and all 100 can be sold', async () => {
    const portfolioId = await createPortfolio(ctx, ctx.alice, 'Spleis');
    const base = { portfolio_id: portfolioId, ticker_id: T.DNB };
    await addOk(ctx, ctx.alice, { ...base, date: '2024-01-10', event_id: 1, quantity: 300, price: 10 });
    const split = await addTransaction(ctx, ctx.alice, {
      ...base,
      date: '2024-02-01',
      event_id: 4,
      split_to: 1,
      split_from: 3,
      quantity: 1,
      price: 0,
    });
    expect(split.status).toBe(201);
    expect(split.body).toMatchObject({ split_to: 1, split_from: 3 });
    const meta = async () =>
      (
        await call(
          ctx,
          ctx.alice,
          'GET',
          `/api/v1/portfolio/metadata?portfolioID=${portfolioId}&tickerID=${T.DNB}`,
        )
      ).body as { quantity: number; cost: number; avg_price: number };
    // 300 × 1 / 3 = 100; cost unchanged 3000; average 30.
    expect(await meta()).toMatchObject({ quantity: 100, cost: 3000, avg_price: 30 });
    const sell = await addTransaction(ctx, ctx.alice, {
      ...base,
      date: '2024-03-01',
      event_id: 2,
      quantity: 100,
      price: 31,
    });
    expect(sell.status).toBe(201);
    // realized = 100 × (31 − 30) = 100, nothing left.
    expect(await meta()).toMatchObject({ quantity: 0, cost: 0 });
  });

  it('accepts the older single-ratio form when it is exact (0.5 → 1 for 2) and refuses an inexact one', async () => {
    const portfolioId = await createPortfolio(ctx, ctx.alice, 'Forhold');
    const base = { portfolio_id: portfolioId, ticker_id: T.DNB };
    await addOk(ctx, ctx.alice, { ...base, date: '2024-01-10', event_id: 1, quantity: 10, price: 10 });
    const half = await addTransaction(ctx, ctx.alice, {
      ...base,
      date: '2024-02-01',
      event_id: 4,
      quantity: 0.5,
      price: 0,
    });
    expect(half.status).toBe(201);
    expect(half.body).toMatchObject({ split_to: 1, split_from: 2 });
    const third = await addTransaction(ctx, ctx.alice, {
      ...base,
      date: '2024-02-02',
      event_id: 4,
      quantity: '0.3333333333',
      price: 0,
    });
    expect(third.status).toBe(400);
    expect(detailsPaths(third.body)).toEqual(['quantity']);
  });

  it('neutralises export cells that start with = + - @ and reads them back unchanged', async () => {
    const name = '=HYPERLINK("http://x")';
    const portfolioId = await createPortfolio(ctx, ctx.alice, name);
    await addOk(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 2,
      price: 100,
      comment: '@SUM(1+1)',
    });
    const exported = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-export/${portfolioId}`);
    const text = exported.body as string;
    const cells = text.split('\r\n')[1].split('\t');
    // Portefølje (column 5) and Transaksjonstekst (column 19, before Kind): a leading apostrophe, quotes kept. The
    // only cells left starting with "-" are the numbers we write (Beløp -200).
    const textCells = cells.filter((cell) => !/^-?\d+(,\d+)?$/.test(cell));
    for (const cell of textCells) expect(cell).not.toMatch(/^"?[=+@\t\r-]/);
    expect(cells[14]).toBe('-200'); // Beløp
    expect(cells[4]).toBe(`"'=HYPERLINK(""http://x"")"`);
    expect(cells[18]).toBe("'@SUM(1+1)");

    // Into a new portfolio: the comment comes back as it was written.
    const target = await createPortfolio(ctx, ctx.alice, 'Mål');
    const imported = await call(ctx, ctx.alice, 'POST', `/api/v1/portfolio-import/${target}?format=nordnet`, {
      raw: Buffer.from(text, 'utf8'),
      headers: { 'Content-Type': 'text/csv' },
    });
    expect(imported.status).toBe(200);
    expect((imported.body as { imported: number }).imported).toBe(1);
    const rows = await ctx.db.db
      .select()
      .from(portfolioTransactions)
      .where(eq(portfolioTransactions.portfolioId, target));
    expect(rows.map((r) => r.comment)).toEqual(['@SUM(1+1)']);
  });
});
