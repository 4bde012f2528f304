/** @jest-environment node */
// GET /api/v1/user/first-steps (issue 39 item 7): the card on Home ticks what the caller has done,
// from the caller's own rows only.
import { testDbKinds } from '../../../helpers/db';
import { T, call, setUp, tearDown, type Ctx } from './helpers';

describe.each(testDbKinds())('first steps (%s)', (kind) => {
  let ctx: Ctx;
  const steps = (who: 'alice' | 'bob' | 'newcomer') =>
    ctx.server.request('GET', '/api/v1/user/first-steps', { token: ctx[who].idToken });

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('needs a signed-in user', async () => {
    expect((await ctx.server.request('GET', '/api/v1/user/first-steps')).status).toBe(401);
  });

  it('starts with nothing done, for a subscriber and a newcomer alike', async () => {
    const none = { has_portfolio: false, has_transactions: false, has_watchlist: false };
    expect(await steps('alice')).toMatchObject({ status: 200, body: none });
    expect(await steps('newcomer')).toMatchObject({ status: 200, body: none });
  });

  it("ticks each step as the caller takes it, and never counts another user's rows", async () => {
    // Bob does everything first: Alice's answer must not change.
    const bobs = await call(ctx, ctx.bob, 'POST', '/api/v1/portfolios', { body: { portfolio_name: 'Bob' } });
    expect(bobs.status).toBe(201);
    const bobId = (bobs.body as { portfolio_id: number }).portfolio_id;
    expect(
      (
        await call(ctx, ctx.bob, 'POST', '/api/v1/portfolioTransaction', {
          body: {
            portfolio_id: bobId,
            date: '2024-12-02',
            event_id: 1,
            ticker_id: T.DNB,
            quantity: 1,
            price: 100,
          },
        })
      ).status,
    ).toBe(201);
    expect(
      (await call(ctx, ctx.bob, 'POST', '/api/v1/watchlist', { body: { ticker_id: T.EQNR } })).status,
    ).toBe(201);
    expect((await steps('bob')).body).toEqual({
      has_portfolio: true,
      has_transactions: true,
      has_watchlist: true,
    });
    expect((await steps('alice')).body).toEqual({
      has_portfolio: false,
      has_transactions: false,
      has_watchlist: false,
    });

    const alices = await call(ctx, ctx.alice, 'POST', '/api/v1/portfolios', {
      body: { portfolio_name: 'Alice' },
    });
    expect(alices.status).toBe(201);
    expect((await steps('alice')).body).toEqual({
      has_portfolio: true,
      has_transactions: false,
      has_watchlist: false,
    });

    expect(
      (await call(ctx, ctx.alice, 'POST', '/api/v1/watchlist', { body: { ticker_id: T.DNB } })).status,
    ).toBe(201);
    expect((await steps('alice')).body).toEqual({
      has_portfolio: true,
      has_transactions: false,
      has_watchlist: true,
    });
  });
});
