/** @jest-environment node */
import { latestCalendarDate } from '@/lib/schemas/portfolio';
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

const detailsPaths = (body: unknown) =>
  ((errorOf(body).details as { path: string }[] | undefined) ?? []).map((d) => d.path).sort();

describe.each(testDbKinds())('transactions: validation and the holding rule (%s)', (kind) => {
  let ctx: Ctx;
  let portfolioId: number;
  let firstBuy: number;
  let secondBuy: number;
  let sell: number;

  beforeAll(async () => {
    ctx = await setUp(kind);
    portfolioId = await createPortfolio(ctx, ctx.alice, 'Regler');
    const base = { portfolio_id: portfolioId, ticker_id: T.DNB };
    firstBuy = await addOk(ctx, ctx.alice, {
      ...base,
      date: '2024-01-10',
      event_id: 1,
      quantity: 100,
      price: 200,
    });
    secondBuy = await addOk(ctx, ctx.alice, {
      ...base,
      date: '2024-03-15',
      event_id: 1,
      quantity: 50,
      price: 220,
    });
    // On 2024-06-03: 150 held, sell 60 → 90 left
    sell = await addOk(ctx, ctx.alice, {
      ...base,
      date: '2024-06-03',
      event_id: 2,
      quantity: 60,
      price: 240,
    });
  }, 120_000);
  afterAll(() => tearDown(ctx));

  const valid = () => ({
    portfolio_id: portfolioId,
    ticker_id: T.DNB,
    date: '2024-07-01',
    event_id: 1,
    quantity: 1,
    price: 100,
  });

  it.each([
    ['an unknown event', { event_id: 99 }, 'event_id'],
    ['a deposit with a ticker', { event_id: 5 }, 'ticker_id'],
    ['quantity 0', { quantity: 0 }, 'quantity'],
    ['a negative quantity', { quantity: -3 }, 'quantity'],
    ['a negative price', { price: -1 }, 'price'],
    ['a negative fee', { fee: -0.01 }, 'fee'],
    ['a date that does not exist', { date: '2024-02-30' }, 'date'],
    ['a date in another format', { date: '01.07.2024' }, 'date'],
    ['a date in the future', { date: '2999-01-01' }, 'date'],
    ['a ticker id that is not an integer', { ticker_id: 1.5 }, 'ticker_id'],
    ['a ticker that does not exist', { ticker_id: 9999 }, 'ticker_id'],
    ['an index as ticker', { ticker_id: T.OSEBX }, 'ticker_id'],
    ['a comment over 500 characters', { comment: 'x'.repeat(501) }, 'comment'],
    ['more than 10 decimals', { quantity: '0.00000000001' }, 'quantity'],
    ['text as price', { price: 'ten' }, 'price'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_name, patch, field) => {
    const before = await snapshotTables(ctx.db);
    const res = await addTransaction(ctx, ctx.alice, { ...valid(), ...patch });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).code).toBe('VALIDATION_FAILED');
    expect(detailsPaths(res.body)).toEqual([field]);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('accepts today, fractional quantities, decimal strings and a default fee of 0', async () => {
    const res = await addTransaction(ctx, ctx.alice, {
      ...valid(),
      date: latestCalendarDate(),
      quantity: '0.5',
      price: '101.25',
      comment: '  sparing  ',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      quantity: 0.5,
      price: 101.25,
      fee: 0,
      comment: 'sparing',
      portfolio_id: portfolioId,
    });
    await call(
      ctx,
      ctx.alice,
      'DELETE',
      `/api/v1/portfolio/${(res.body as { portfolio_transaction_id: number }).portfolio_transaction_id}`,
    );
  });

  it('stores a split with price 0 whatever price was sent', async () => {
    const res = await addTransaction(ctx, ctx.alice, {
      ...valid(),
      ticker_id: T.EQNR,
      event_id: 4,
      quantity: 2,
      price: 55,
    });
    expect(res.status).toBe(201);
    expect((res.body as { price: number }).price).toBe(0);
    await call(
      ctx,
      ctx.alice,
      'DELETE',
      `/api/v1/portfolio/${(res.body as { portfolio_transaction_id: number }).portfolio_transaction_id}`,
    );
  });

  it('refuses a sell on the day before the first buy (held 0)', async () => {
    const early = await addTransaction(ctx, ctx.alice, {
      ...valid(),
      date: '2024-01-09',
      event_id: 2,
      quantity: 1,
    });
    expect(early.status).toBe(409);
    expect(errorOf(early.body).details).toMatchObject({ held: 0, requested: 1, date: '2024-01-09' });
  });

  it('allows selling exactly what is held', async () => {
    const all = await addTransaction(ctx, ctx.alice, {
      ...valid(),
      date: '2024-06-04',
      event_id: 2,
      quantity: 90,
      price: 250,
    });
    expect(all.status).toBe(201);
    const id = (all.body as { portfolio_transaction_id: number }).portfolio_transaction_id;
    expect((await call(ctx, ctx.alice, 'DELETE', `/api/v1/portfolio/${id}`)).status).toBe(204);
  });

  it('refuses an edit that would make a later sell exceed the holding (409), and changes nothing', async () => {
    const before = await snapshotTables(ctx.db);
    // first buy 100 → 5: on 2024-06-03 only 55 are held for the sell of 60
    const res = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
      body: {
        portfolio_transaction_id: firstBuy,
        date: '2024-01-10',
        event_id: 1,
        quantity: 5,
        price: 200,
        comment: '',
      },
    });
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'INSUFFICIENT_HOLDING',
      details: { held: 55, requested: 60, date: '2024-06-03', transaction_id: sell },
    });
    // moving the second buy after the sell: on 2024-06-03 only 100 are held — still enough
    const moved = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
      body: {
        portfolio_transaction_id: secondBuy,
        date: '2024-07-01',
        event_id: 1,
        quantity: 50,
        price: 220,
      },
    });
    expect(moved.status).toBe(200);
    // ...but moving the first one too leaves 0 on the day of the sell
    const both = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
      body: {
        portfolio_transaction_id: firstBuy,
        date: '2024-07-01',
        event_id: 1,
        quantity: 100,
        price: 200,
      },
    });
    expect(both.status).toBe(409);
    expect(errorOf(both.body).details).toMatchObject({ held: 0, requested: 60 });
    const back = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
      body: {
        portfolio_transaction_id: secondBuy,
        date: '2024-03-15',
        event_id: 1,
        quantity: 50,
        price: 220,
      },
    });
    expect(back.status).toBe(200);
    const after = await snapshotTables(ctx.db);
    expect(after.transactions).toEqual(before.transactions);
  });

  it('refuses a delete that would make a later sell exceed the holding (409), and keeps the row', async () => {
    const res = await call(ctx, ctx.alice, 'DELETE', `/api/v1/portfolio/${firstBuy}`);
    expect(res.status).toBe(409);
    // without the first buy, 50 are held on 2024-06-03
    expect(errorOf(res.body).details).toMatchObject({ held: 50, requested: 60, transaction_id: sell });
    const list = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio/${portfolioId}/${T.DNB}`);
    expect(
      (list.body as { portfolio_transaction_id: number }[]).map((t) => t.portfolio_transaction_id),
    ).toEqual([firstBuy, secondBuy, sell]);
  });

  it('refuses a reverse split that leaves a later sell short', async () => {
    // 0.1 on 2024-02-01: 100 → 10, then +50 = 60 on 2024-06-03: the sell of 60 still fits; 0.05 → 5 + 50 = 55 does not
    const fits = await addTransaction(ctx, ctx.alice, {
      ...valid(),
      date: '2024-02-01',
      event_id: 4,
      quantity: '0.1',
      price: 0,
    });
    expect(fits.status).toBe(201);
    await call(
      ctx,
      ctx.alice,
      'DELETE',
      `/api/v1/portfolio/${(fits.body as { portfolio_transaction_id: number }).portfolio_transaction_id}`,
    );
    const short = await addTransaction(ctx, ctx.alice, {
      ...valid(),
      date: '2024-02-01',
      event_id: 4,
      quantity: '0.05',
      price: 0,
    });
    expect(short.status).toBe(409);
    expect(errorOf(short.body).details).toMatchObject({ held: 55, requested: 60, transaction_id: sell });
  });

  it('edits date, quantity, price, fee and comment, keeping the ticker; a fee left out is kept', async () => {
    const id = await addOk(ctx, ctx.alice, {
      ...valid(),
      ticker_id: T.EQNR,
      quantity: 3,
      price: 10,
      fee: 2,
      comment: 'a',
    });
    const res = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
      body: {
        portfolio_transaction_id: id,
        date: '2024-07-02',
        event_id: 1,
        quantity: 2.5,
        price: 11,
        comment: 'b',
        ticker_id: T.DNB,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      portfolio_transaction_id: id,
      portfolio_id: portfolioId,
      date: '2024-07-02',
      event_id: 1,
      ticker_id: T.EQNR,
      quantity: 2.5,
      price: 11,
      fee: 2,
      split_to: null,
      split_from: null,
      withholding_tax: null,
      fx_rate: null,
      comment: 'b',
      // 2 July 2024 is an Oslo session and 11 is inside the day's range by the 20 % rule: no warning.
      warnings: [],
    });
  });

  it('answers an edit without a transaction id with 400 (SPEC §5) and changes nothing', async () => {
    const before = await snapshotTables(ctx.db);
    const res = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
      body: { date: '2024-07-02', event_id: 1, quantity: 1, price: 1 },
    });
    expect(res.status).toBe(400);
    expect(detailsPaths(res.body)).toEqual(['portfolio_transaction_id']);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('answers 404 for transactions and portfolios that do not exist', async () => {
    expect((await call(ctx, ctx.alice, 'DELETE', '/api/v1/portfolio/999999')).status).toBe(404);
    expect(
      (
        await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
          body: { portfolio_transaction_id: 999999, date: '2024-07-02', event_id: 1, quantity: 1, price: 1 },
        })
      ).status,
    ).toBe(404);
    expect((await addTransaction(ctx, ctx.alice, { ...valid(), portfolio_id: 999999 })).status).toBe(404);
    expect((await call(ctx, ctx.alice, 'GET', '/api/v1/portfolio-results/999999')).status).toBe(404);
    expect((await call(ctx, ctx.alice, 'DELETE', '/api/v1/portfolio/abc')).status).toBe(400);
  });

  it('serialises concurrent sells: of two sells of 60 when 90 are held, exactly one succeeds', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'Samtidig');
    await addOk(ctx, ctx.alice, {
      portfolio_id: p,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 90,
      price: 200,
    });
    const sellBody = {
      portfolio_id: p,
      ticker_id: T.DNB,
      date: '2024-02-01',
      event_id: 2,
      quantity: 60,
      price: 210,
    };
    const results = await Promise.all([
      addTransaction(ctx, ctx.alice, sellBody),
      addTransaction(ctx, ctx.alice, sellBody),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
