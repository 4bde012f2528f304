/** @jest-environment node */
// Issue 37 item 1: a price the user types for an instrument outside the universe that they hold
// values that user's holding only; another user's typed price never values someone else's.
import { eq } from 'drizzle-orm';
import { tickers } from '@/server/db/schema';
import { testDbKinds } from '../../../helpers/db';
import { realNordnetFile, type RealRow } from '../../../helpers/nordnetRealFiles';
import { T, call, createPortfolio, importFile, setUp, tearDown, type Ctx } from './helpers';

const FUND = { security: 'KLP AksjeAsia Indeks', isin: 'NO0010900001' };

const HISTORY: RealRow[] = [
  { id: '1', date: '2024-01-02', type: 'INNSKUDD', amount: '20 000', balance: '20 000' },
  // 10 units × 1 600 = 16 000 → 4 000
  {
    id: '2',
    date: '2024-01-10',
    type: 'KJØPT',
    ...FUND,
    quantity: '10',
    price: '1 600',
    amount: '-16 000',
    balance: '4 000',
  },
];

interface ResultRow {
  isin: string | null;
  last_price: number;
  price_date: string | null;
  price_source: string | null;
  market_value: number;
}

describe.each(testDbKinds())('a price the user types (%s)', (kind) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  const fundRow = async (account: Ctx['alice'], portfolioId: number): Promise<ResultRow> => {
    const res = await call(ctx, account, 'GET', `/api/v1/portfolio-results/${portfolioId}`);
    expect(res.status).toBe(200);
    const body = res.body as ResultRow[] | { rows: ResultRow[] };
    const rows = Array.isArray(body) ? body : body.rows;
    return rows.find((r) => r.isin === FUND.isin)!;
  };

  it('values only the typing user’s holding; refuses what they do not hold', async () => {
    const alices = await createPortfolio(ctx, ctx.alice, 'Fond');
    const bobs = await createPortfolio(ctx, ctx.bob, 'Fond');
    const [fund] = await ctx.db.db.select().from(tickers).where(eq(tickers.isin, FUND.isin));
    expect(fund).toBeUndefined();

    // Bob does not hold it yet (it does not exist yet either): 404 for any id.
    expect(
      (
        await call(ctx, ctx.bob, 'PUT', `/api/v1/instrument-price/999999`, {
          body: { date: '2024-06-03', price: '1' },
        })
      ).status,
    ).toBe(404);

    expect((await importFile(ctx, ctx.alice, alices, realNordnetFile(HISTORY))).status).toBe(200);
    const [made] = await ctx.db.db.select().from(tickers).where(eq(tickers.isin, FUND.isin));
    const url = `/api/v1/instrument-price/${made.id}`;

    // Bob holds nothing of it: 404, not found or not yours.
    const notBobs = await call(ctx, ctx.bob, 'PUT', url, { body: { date: '2024-06-03', price: '9999' } });
    expect(notBobs.status).toBe(404);
    expect(notBobs.body).toMatchObject({ error: { code: 'INSTRUMENT_NOT_FOUND' } });
    // A universe share is valued by the market's close: 404 too.
    expect(
      (
        await call(ctx, ctx.alice, 'PUT', `/api/v1/instrument-price/${T.EQNR}`, {
          body: { date: '2024-06-03', price: '1' },
        })
      ).status,
    ).toBe(404);
    // Bad input: 400 naming the field.
    const bad = await call(ctx, ctx.alice, 'PUT', url, { body: { date: '2024-06-03', price: '0' } });
    expect(bad.status).toBe(400);
    expect(
      (await call(ctx, ctx.alice, 'PUT', url, { body: { date: '2999-01-01', price: '1' } })).status,
    ).toBe(400);

    // Before: the newest trade price, 1 600 on 2024-01-10; 10 × 1 600 = 16 000.
    expect(await fundRow(ctx.alice, alices)).toMatchObject({
      last_price: 1600,
      price_date: '2024-01-10',
      price_source: 'trade',
      market_value: 16000,
    });

    const typed = await call(ctx, ctx.alice, 'PUT', url, { body: { date: '2024-06-03', price: '1750.5' } });
    expect(typed.status).toBe(200);
    expect(typed.body).toEqual({ ticker_id: made.id, date: '2024-06-03', price: '1750.5', source: 'user' });
    // After: 10 × 1 750.50 = 17 505, "your price" of 2024-06-03.
    expect(await fundRow(ctx.alice, alices)).toMatchObject({
      last_price: 1750.5,
      price_date: '2024-06-03',
      price_source: 'user',
      market_value: 17505,
    });

    // Bob now holds the same instrument; Alice's typed price does not value his holding.
    expect((await importFile(ctx, ctx.bob, bobs, realNordnetFile(HISTORY))).status).toBe(200);
    expect(await fundRow(ctx.bob, bobs)).toMatchObject({
      last_price: 1600,
      price_date: '2024-01-10',
      price_source: 'trade',
    });
    // Bob types his own; Alice's stays hers.
    expect(
      (await call(ctx, ctx.bob, 'PUT', url, { body: { date: '2024-06-04', price: '1500' } })).status,
    ).toBe(200);
    expect(await fundRow(ctx.bob, bobs)).toMatchObject({ last_price: 1500, price_source: 'user' });
    expect(await fundRow(ctx.alice, alices)).toMatchObject({ last_price: 1750.5, price_date: '2024-06-03' });
  });
});
