/** @jest-environment node */
// GET|POST /api/v1/price-alerts, DELETE|PATCH /api/v1/price-alerts/{id} (issue 25) through the
// running routes: CRUD, 401 without a token, 403 without a subscription, 400 on bad input (price
// <= 0 among it), 404 for another user's alert, 409 at the limit of 100.
import { sql } from 'drizzle-orm';
import { testDbKinds } from '../../../helpers/db';
import { T, errorOf, setUp, tearDown, type Ctx } from '../portfolio/helpers';

describe.each(testDbKinds())('price alerts API (%s)', (kind) => {
  let ctx: Ctx;
  const as = (who: 'alice' | 'bob' | 'newcomer', method: string, path: string, body?: unknown) =>
    ctx.server.request(method, path, { token: ctx[who].idToken, body });

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('needs a token (401) and a subscription (403)', async () => {
    expect((await ctx.server.request('GET', '/api/v1/price-alerts')).status).toBe(401);
    expect((await ctx.server.request('DELETE', '/api/v1/price-alerts/1')).status).toBe(401);
    expect((await as('newcomer', 'GET', '/api/v1/price-alerts')).status).toBe(403);
    const post = await as('newcomer', 'POST', '/api/v1/price-alerts', {
      ticker_id: T.DNB,
      direction: 'above',
      price: 120,
    });
    expect(post.status).toBe(403);
  });

  it('refuses bad input with 400: price <= 0, an unknown direction, a missing ticker', async () => {
    for (const body of [
      { ticker_id: T.DNB, direction: 'above', price: 0 },
      { ticker_id: T.DNB, direction: 'above', price: -5 },
      { ticker_id: T.DNB, direction: 'sideways', price: 10 },
      { ticker_id: T.DNB, direction: 'above', price: '12' },
      { direction: 'above', price: 10 },
    ]) {
      const res = await as('alice', 'POST', '/api/v1/price-alerts', body);
      expect(res.status).toBe(400);
    }
    const unknown = await as('alice', 'POST', '/api/v1/price-alerts', {
      ticker_id: 9999,
      direction: 'above',
      price: 10,
    });
    expect(unknown.status).toBe(404);
    expect((await as('alice', 'GET', '/api/v1/price-alerts')).body).toEqual([]);
  });

  it('creates (201), lists, re-arms and deletes (204) the caller’s alerts; another user gets 404', async () => {
    const created = await as('alice', 'POST', '/api/v1/price-alerts', {
      ticker_id: T.DNB,
      direction: 'below',
      price: 100.5,
      note: '  stop  ',
    });
    expect(created.status).toBe(201);
    const alert = created.body as { id: number };
    expect(created.body).toMatchObject({
      ticker_id: T.DNB,
      symbol: 'DNB',
      direction: 'below',
      price: 100.5,
      note: 'stop',
      triggered_at: null,
    });
    expect((await as('alice', 'GET', '/api/v1/price-alerts')).body).toEqual([created.body]);
    expect((await as('bob', 'GET', '/api/v1/price-alerts')).body).toEqual([]);

    const bobDelete = await as('bob', 'DELETE', `/api/v1/price-alerts/${alert.id}`);
    expect(bobDelete.status).toBe(404);
    expect(errorOf(bobDelete.body).code).toBe('PRICE_ALERT_NOT_FOUND');
    expect((await as('bob', 'PATCH', `/api/v1/price-alerts/${alert.id}`, {})).status).toBe(404);

    expect((await as('alice', 'PATCH', `/api/v1/price-alerts/${alert.id}`, {})).status).toBe(200);
    expect((await as('alice', 'DELETE', `/api/v1/price-alerts/${alert.id}`)).status).toBe(204);
    expect((await as('alice', 'DELETE', `/api/v1/price-alerts/${alert.id}`)).status).toBe(404);
    expect((await as('alice', 'DELETE', '/api/v1/price-alerts/abc')).status).toBe(400);
  });

  it('answers 409 PRICE_ALERT_LIMIT for the 101st alert', async () => {
    // 100 stored directly (the limit is what is tested, not 100 requests).
    await ctx.db.db.execute(
      sql`insert into price_alerts (user_uid, ticker_id, direction, price)
          select ${ctx.bob.uid}, ${T.DNB}, 'above', g from generate_series(1, 100) g`,
    );
    const res = await as('bob', 'POST', '/api/v1/price-alerts', {
      ticker_id: T.DNB,
      direction: 'above',
      price: 1,
    });
    expect(res.status).toBe(409);
    expect(errorOf(res.body).code).toBe('PRICE_ALERT_LIMIT');
  });
});
