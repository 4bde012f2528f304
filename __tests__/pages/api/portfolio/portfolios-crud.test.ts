/** @jest-environment node */
import { eq } from 'drizzle-orm';
import { portfolios, portfolioTransactions } from '@/server/db/schema';
import { testDbKinds } from '../../../helpers/db';
import { T, addOk, call, createPortfolio, errorOf, setUp, tearDown, type Ctx } from './helpers';

describe.each(testDbKinds())('portfolios: create, list, update, delete (%s)', (kind) => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('creates a portfolio for the token’s user (201), ignoring a firebase_uid in the body', async () => {
    const res = await call(ctx, ctx.alice, 'POST', '/api/v1/portfolios', {
      body: {
        portfolio_name: '  Pensjon  ',
        description: 'Langsiktig sparing',
        subscription: true,
        firebase_uid: ctx.bob.uid,
      },
    });
    expect(res.status).toBe(201);
    const body = res.body as Record<string, unknown>;
    expect(body).toEqual({
      portfolio_id: expect.any(Number),
      portfolio_name: 'Pensjon',
      description: 'Langsiktig sparing',
      subscription: true,
      base_currency: 'NOK',
      account_type: 'ordinary',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const [row] = await ctx.db.db
      .select()
      .from(portfolios)
      .where(eq(portfolios.id, body.portfolio_id as number));
    expect(row.userUid).toBe(ctx.alice.uid);
  });

  it.each([
    ['an empty name', { portfolio_name: '   ' }, ['portfolio_name']],
    ['a name over 100 characters', { portfolio_name: 'x'.repeat(101) }, ['portfolio_name']],
    ['no name', {}, ['portfolio_name']],
    [
      'a description over 500 characters',
      { portfolio_name: 'a', description: 'x'.repeat(501) },
      ['description'],
    ],
    ['an unknown base currency', { portfolio_name: 'a', base_currency: 'SEK' }, ['base_currency']],
    ['subscription that is not a boolean', { portfolio_name: 'a', subscription: 'yes' }, ['subscription']],
  ])('refuses %s with 400', async (_name, body, paths) => {
    const res = await call(ctx, ctx.alice, 'POST', '/api/v1/portfolios', { body });
    expect(res.status).toBe(400);
    expect((errorOf(res.body).details as { path: string }[]).map((d) => d.path)).toEqual(paths);
  });

  it('lists the caller’s portfolios oldest first', async () => {
    const a = await createPortfolio(ctx, ctx.bob, 'Første');
    const b = await createPortfolio(ctx, ctx.bob, 'Andre', { base_currency: 'USD' });
    const res = await call(ctx, ctx.bob, 'GET', `/api/v1/portfolios/${ctx.bob.uid}`);
    expect(res.status).toBe(200);
    expect(
      (res.body as { portfolio_id: number; portfolio_name: string; base_currency: string }[]).map((p) => [
        p.portfolio_id,
        p.portfolio_name,
        p.base_currency,
      ]),
    ).toEqual([
      [a, 'Første', 'NOK'],
      [b, 'Andre', 'USD'],
    ]);
  });

  it('renames a portfolio and keeps what the update leaves out', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Gammelt navn', {
      description: 'beholdes',
      subscription: true,
    });
    const res = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolios', {
      body: { portfolio_id: id, portfolio_name: 'Nytt navn' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      portfolio_id: id,
      portfolio_name: 'Nytt navn',
      description: 'beholdes',
      subscription: true,
    });
    const full = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolios', {
      body: { portfolio_id: id, portfolio_name: 'Nytt navn', description: '', subscription: false },
    });
    expect(full.body).toMatchObject({ description: '', subscription: false });
    const missingId = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolios', {
      body: { portfolio_name: 'x' },
    });
    expect(missingId.status).toBe(400);
  });

  it('deletes a portfolio with its transactions (204), then answers 404', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Skal bort');
    await addOk(ctx, ctx.alice, {
      portfolio_id: id,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 1,
      price: 1,
    });
    await addOk(ctx, ctx.alice, {
      portfolio_id: id,
      ticker_id: T.DNB,
      date: '2024-01-11',
      event_id: 2,
      quantity: 1,
      price: 2,
    });
    const res = await call(ctx, ctx.alice, 'DELETE', `/api/v1/portfolios/${id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect(await ctx.db.db.select().from(portfolios).where(eq(portfolios.id, id))).toEqual([]);
    expect(
      await ctx.db.db.select().from(portfolioTransactions).where(eq(portfolioTransactions.portfolioId, id)),
    ).toEqual([]);
    expect((await call(ctx, ctx.alice, 'DELETE', `/api/v1/portfolios/${id}`)).status).toBe(404);
    expect((await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${id}`)).status).toBe(404);
  });
});
