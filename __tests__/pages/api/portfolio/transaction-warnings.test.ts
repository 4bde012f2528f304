/** @jest-environment node */
// Sanity warnings on transaction writes (issue 24 item 4). The fixture's DNB bars (helpers.ts):
// Friday 2024-12-27 close 110 and Monday 2024-12-30 close 115, each with low = high = close.
// 20 % outside the range: on 2024-12-30 above 115 × 1.2 = 138 or below 115 × 0.8 = 92; for the
// Saturday 2024-12-28 the range is Friday's: above 110 × 1.2 = 132 or below 88.
import { testDbKinds } from '../../../helpers/db';
import { T, addTransaction, call, createPortfolio, errorOf, setUp, tearDown, type Ctx } from './helpers';

describe.each(testDbKinds())('transaction warnings (%s)', (kind) => {
  let ctx: Ctx;
  let portfolioId: number;

  beforeAll(async () => {
    ctx = await setUp(kind);
    portfolioId = await createPortfolio(ctx, ctx.alice, 'Sjekk');
  }, 120_000);
  afterAll(() => tearDown(ctx));

  const buy = (date: string, price: number | string, event_id = 1) => ({
    portfolio_id: portfolioId,
    ticker_id: T.DNB,
    date,
    event_id,
    quantity: 10,
    price,
  });

  it('stores a Saturday buy at 1 250,50 but warns twice: no session, and far above Friday’s range', async () => {
    const res = await addTransaction(ctx, ctx.alice, buy('2024-12-28', '1250.50'));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ date: '2024-12-28', price: 1250.5 });
    expect((res.body as { warnings: unknown }).warnings).toEqual([
      { code: 'NOT_A_SESSION', date: '2024-12-28', last_session: '2024-12-27' },
      { code: 'PRICE_OUTSIDE_DAY_RANGE', session: '2024-12-27', low: 110, high: 110, price: 1250.5 },
    ]);
  });

  it.each([
    ['a price inside the range', '2024-12-30', 115, []],
    ['20 % above the high, not more', '2024-12-30', 138, []],
    ['20 % below the low, not more', '2024-12-30', 92, []],
    ['above 20 % over the high', '2024-12-30', 138.01, ['PRICE_OUTSIDE_DAY_RANGE']],
    ['below 20 % under the low', '2024-12-30', 91.99, ['PRICE_OUTSIDE_DAY_RANGE']],
    ['a Sunday at a normal price', '2024-12-29', 112, ['NOT_A_SESSION']],
  ] as const)('%s: %s at %s', async (_name, date, price, codes) => {
    const res = await addTransaction(ctx, ctx.alice, buy(date, price));
    expect(res.status).toBe(201);
    expect((res.body as { warnings: { code: string }[] }).warnings.map((w) => w.code)).toEqual(codes);
  });

  it('does not price a dividend against the share’s range', async () => {
    const res = await addTransaction(ctx, ctx.alice, buy('2024-12-30', 1250, 3));
    expect(res.status).toBe(201);
    expect((res.body as { warnings: unknown[] }).warnings).toEqual([]);
  });

  it('answers the warnings of an edit too (PUT), and none once corrected', async () => {
    const added = await addTransaction(ctx, ctx.alice, buy('2024-12-30', 115));
    const id = (added.body as { portfolio_transaction_id: number }).portfolio_transaction_id;
    const put = (date: string, price: number) =>
      call(ctx, ctx.alice, 'PUT', '/api/v1/portfolio/transaction', {
        body: { portfolio_transaction_id: id, date, event_id: 1, quantity: 10, price },
      });
    const wrong = await put('2024-12-28', 1250.5);
    expect(wrong.status).toBe(200);
    expect((wrong.body as { warnings: { code: string }[] }).warnings.map((w) => w.code)).toEqual([
      'NOT_A_SESSION',
      'PRICE_OUTSIDE_DAY_RANGE',
    ]);
    const right = await put('2024-12-30', 116);
    expect((right.body as { warnings: unknown[] }).warnings).toEqual([]);
  });

  describe('GET /ticker/{id}/day (the form’s check and prefill)', () => {
    it('gives the last session’s bar for a Saturday', async () => {
      const res = await call(ctx, ctx.alice, 'GET', `/api/v1/ticker/${T.DNB}/day?date=2024-12-28`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        date: '2024-12-28',
        is_session: false,
        reference: { date: '2024-12-27', low: 110, high: 110, close: 110 },
      });
    });

    it('gives the day itself for a session', async () => {
      const res = await call(ctx, ctx.alice, 'GET', `/api/v1/ticker/${T.DNB}/day?date=2024-12-30`);
      expect(res.body).toMatchObject({ is_session: true, reference: { date: '2024-12-30', close: 115 } });
    });

    it('has no reference for a ticker without bars', async () => {
      const res = await call(ctx, ctx.alice, 'GET', `/api/v1/ticker/${T.MOWI}/day?date=2024-12-30`);
      expect(res.body).toEqual({ date: '2024-12-30', is_session: true, reference: null });
    });

    it.each([
      ['an unknown ticker', '/api/v1/ticker/9999/day?date=2024-12-30', 404],
      ['a bad date', `/api/v1/ticker/${T.DNB}/day?date=2024-02-30`, 400],
      ['a future date', `/api/v1/ticker/${T.DNB}/day?date=2999-01-01`, 400],
    ])('refuses %s', async (_name, path, status) => {
      const res = await call(ctx, ctx.alice, 'GET', path);
      expect(res.status).toBe(status);
      expect(errorOf(res.body).code).toMatch(/^[A-Z_]+$/);
    });

    it('needs a subscription (403 for the newcomer)', async () => {
      const res = await call(ctx, ctx.newcomer, 'GET', `/api/v1/ticker/${T.DNB}/day?date=2024-12-30`);
      expect(res.status).toBe(403);
    });
  });
});
