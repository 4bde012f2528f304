/** @jest-environment node */
import { testDbKinds } from '../../../helpers/db';
import { T, errorOf, setUp, snapshotTables, tearDown, type Ctx } from './helpers';

describe.each(testDbKinds())('watchlist (%s)', (kind) => {
  let ctx: Ctx;
  const as = (method: string, path: string, body?: unknown) =>
    ctx.server.request(method, path, { token: ctx.alice.idToken, body });

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('starts empty', async () => {
    expect(await as('GET', '/api/v1/watchlist')).toMatchObject({ status: 200, body: [] });
  });

  it('refuses an unknown ticker with 404 and a bad id with 400', async () => {
    const unknown = await as('POST', '/api/v1/watchlist', { ticker_id: 9999 });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown.body).code).toBe('TICKER_NOT_FOUND');
    expect((await as('POST', '/api/v1/watchlist', { ticker_id: 'DNB' })).status).toBe(400);
    expect((await as('POST', '/api/v1/watchlist', {})).status).toBe(400);
  });

  it('adds a ticker (201) with last price, change, score and signal; adding it again is 200 and no duplicate', async () => {
    const first = await as('POST', '/api/v1/watchlist', { ticker_id: T.DNB });
    expect(first.status).toBe(201);
    // last close 115 after 110: +4.545455 %
    expect(first.body).toEqual({
      ticker_id: T.DNB,
      symbol: 'DNB',
      long_name: 'DNB Bank ASA',
      img: '',
      country_id: 160,
      currency: 'NOK',
      last_price: 115,
      change_pct: 4.545455,
      date: '2024-12-30',
      technical_score: 0.62,
      signal: 'buy',
      alerts: false,
      added_at: expect.stringMatching(/^\d{4}-/),
    });
    const before = await snapshotTables(ctx.db);
    const again = await as('POST', '/api/v1/watchlist', { ticker_id: T.DNB });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('lists entries in the order they were added, a ticker without prices or analysis included', async () => {
    expect((await as('POST', '/api/v1/watchlist', { ticker_id: T.MOWI })).status).toBe(201);
    expect((await as('POST', '/api/v1/watchlist', { ticker_id: T.OSEBX })).status).toBe(201);
    const res = await as('GET', '/api/v1/watchlist');
    const rows = res.body as {
      ticker_id: number;
      last_price: number | null;
      change_pct: number | null;
      signal: string | null;
    }[];
    expect(rows.map((r) => [r.ticker_id, r.last_price, r.change_pct, r.signal])).toEqual([
      [T.DNB, 115, 4.545455, 'buy'],
      [T.MOWI, null, null, null],
      [T.OSEBX, 1100, 10, null],
    ]);
  });

  it('removes an entry (204), then answers 404 for it', async () => {
    expect((await as('DELETE', `/api/v1/watchlist/${T.DNB}`)).status).toBe(204);
    const res = await as('GET', '/api/v1/watchlist');
    expect((res.body as { ticker_id: number }[]).map((r) => r.ticker_id)).toEqual([T.MOWI, T.OSEBX]);
    const again = await as('DELETE', `/api/v1/watchlist/${T.DNB}`);
    expect(again.status).toBe(404);
    expect(errorOf(again.body).code).toBe('WATCHLIST_ITEM_NOT_FOUND');
    expect((await as('DELETE', '/api/v1/watchlist/abc')).status).toBe(400);
  });

  it('needs a token', async () => {
    expect((await ctx.server.request('GET', '/api/v1/watchlist')).status).toBe(401);
  });
});
