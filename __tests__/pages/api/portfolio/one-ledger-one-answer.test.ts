/** @jest-environment node */
// Issue 24 item 1, through the API as the investor: one ledger gives one answer on every route.
// A 1-for-3 reverse split recorded with split_to/split_from and a sale of all that
// is left must not break results or tax, and a ratio that is not exact in 10 decimals (2-for-1
// then 1-for-3 = 2/3) must read the same on metadata and results.
import { testDbKinds } from '../../../helpers/db';
import { T, addOk, addTransaction, call, createPortfolio, setUp, tearDown, type Ctx } from './helpers';

interface ResultRow {
  ticker_id: number;
  quantity: number;
  cost: number;
  realized: number;
}

describe.each(testDbKinds())('one ledger, one answer (%s)', (kind) => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  const get = (path: string) => call(ctx, ctx.alice, 'GET', path);
  const metadata = async (portfolioId: number, tickerId: number) => {
    const res = await get(`/api/v1/portfolio/metadata?portfolioID=${portfolioId}&tickerID=${tickerId}`);
    expect(res.status).toBe(200);
    return res.body as { quantity: number; cost: number; realized: number };
  };

  it('buy 300 EQNR, split 1-for-3 as split_to/split_from, sell 100: results and tax answer 200, quantity 0', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'Omvendt spleis');
    const base = { portfolio_id: p, ticker_id: T.EQNR };
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
    const sell = await addTransaction(ctx, ctx.alice, {
      ...base,
      date: '2024-03-01',
      event_id: 2,
      quantity: 100,
      price: 31,
    });
    expect(sell.status).toBe(201);

    // 300 × 1 / 3 = 100 held at cost 3 000 (avg 30); sold at 31: realised 100 × (31 − 30) = 100.
    expect(await metadata(p, T.EQNR)).toMatchObject({ quantity: 0, cost: 0, realized: 100 });
    const results = await get(`/api/v1/portfolio-results/${p}?includeSold=true`);
    expect(results.status).toBe(200);
    expect(results.body as ResultRow[]).toEqual([
      expect.objectContaining({ ticker_id: T.EQNR, quantity: 0, cost: 0, realized: 100 }),
    ]);
    const held = await get(`/api/v1/portfolio-results/${p}`);
    expect(held.status).toBe(200);
    expect(held.body).toEqual([]);

    const tax = await get(`/api/v1/portfolio-tax/${p}?year=2024`);
    expect(tax.status).toBe(200);
    // FIFO: the one lot of 300 at 3 000 became 100 at 3 000; sold for 3 100 → gain 100 NOK.
    expect(tax.body).toMatchObject({
      year: 2024,
      sales: [{ ticker_id: T.EQNR, quantity: 100, proceeds_nok: 3100, cost_nok: 3000, gain_nok: 100 }],
      totals: { sale_count: 1, gain_nok: 100 },
    });

    const performance = await get(`/api/v1/portfolio-performance/${p}?to=2024-12-30`);
    expect(performance.status).toBe(200);
  });

  it('buy 10, split 2-for-1 then 1-for-3: metadata and results both say 6.6666666667', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'To spleiser');
    // Another security than the first test's: tax is FIFO per person and security across portfolios
    // (DESIGN §7), so alice's EQNR of the first test would share this sale's lots and splits.
    const base = { portfolio_id: p, ticker_id: T.DNB };
    await addOk(ctx, ctx.alice, { ...base, date: '2024-01-10', event_id: 1, quantity: 10, price: 30 });
    await addOk(ctx, ctx.alice, {
      ...base,
      date: '2024-02-01',
      event_id: 4,
      split_to: 2,
      split_from: 1,
      quantity: 1,
      price: 0,
    });
    await addOk(ctx, ctx.alice, {
      ...base,
      date: '2024-02-02',
      event_id: 4,
      split_to: 1,
      split_from: 3,
      quantity: 1,
      price: 0,
    });
    // 10 × 2 / 1 × 1 / 3 = 20/3 = 6.666…, rounded half-up to 10 decimals: 6.6666666667; cost 300.
    expect(await metadata(p, T.DNB)).toMatchObject({ quantity: 6.6666666667, cost: 300 });
    const results = await get(`/api/v1/portfolio-results/${p}`);
    expect(results.status).toBe(200);
    expect(results.body as ResultRow[]).toEqual([
      expect.objectContaining({ ticker_id: T.DNB, quantity: 6.6666666667, cost: 300 }),
    ]);
    // The holding as shown can be sold, and it sells all of it: every route then agrees on 0.
    const sell = await addTransaction(ctx, ctx.alice, {
      ...base,
      date: '2024-03-01',
      event_id: 2,
      quantity: 6.6666666667,
      price: 45,
    });
    expect(sell.status).toBe(201);
    // Proceeds 6.6666666667 × 45 = 300.0000000015, the whole cost 300 goes: realised 0.0000000015 → 0.
    expect(await metadata(p, T.DNB)).toMatchObject({ quantity: 0, cost: 0, realized: 0 });
    const after = await get(`/api/v1/portfolio-results/${p}?includeSold=true`);
    expect(after.status).toBe(200);
    expect(after.body as ResultRow[]).toEqual([
      expect.objectContaining({ ticker_id: T.DNB, quantity: 0, cost: 0 }),
    ]);
    const tax = await get(`/api/v1/portfolio-tax/${p}?year=2024`);
    expect(tax.status).toBe(200);
    expect(tax.body).toMatchObject({ totals: { sale_count: 1, cost_nok: 300 } });
  });
});
