/** @jest-environment node */
// Issue 21 over HTTP: the account type (chosen at creation, locked once the portfolio has
// transactions, no NASDAQ share in an ASK), deposits and withdrawals (a withdrawal above the cash
// is refused), the cash balance in the results' totals, withholding tax on a dividend, and the
// person-level tax report with its CSV. Expected figures are worked by hand in the comments.
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

describe.each(testDbKinds())('account type, cash and the person-level tax report (%s)', (kind) => {
  let ctx: Ctx;
  let ask: number;
  let ordinary: number;

  beforeAll(async () => {
    ctx = await setUp(kind);
    ask = await createPortfolio(ctx, ctx.alice, 'ASK', { account_type: 'ask' });
    ordinary = await createPortfolio(ctx, ctx.alice, 'Vanlig');
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('creates an ASK and refuses a NASDAQ share in it with 400 naming the ticker', async () => {
    const list = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolios/${ctx.alice.uid}`);
    expect(
      (list.body as { portfolio_id: number; account_type: string }[]).map((p) => p.account_type),
    ).toEqual(['ask', 'ordinary']);
    const before = await snapshotTables(ctx.db);
    const res = await addTransaction(ctx, ctx.alice, {
      portfolio_id: ask,
      ticker_id: T.AAPL,
      date: '2024-01-10',
      event_id: 1,
      quantity: 1,
      price: 100,
    });
    expect(res.status).toBe(400);
    expect(errorOf(res.body).details).toEqual([
      expect.objectContaining({ path: 'ticker_id', code: 'ask_not_eea' }),
    ]);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('records a deposit, refuses a withdrawal above the cash with 409, and shows the cash balance', async () => {
    const deposit = await addTransaction(ctx, ctx.alice, {
      portfolio_id: ask,
      date: '2024-01-02',
      event_id: 5,
      price: 10000,
    });
    expect(deposit.status).toBe(201);
    expect(deposit.body).toMatchObject({ event_id: 5, ticker_id: null, quantity: 1, price: 10000 });
    await addOk(ctx, ctx.alice, {
      portfolio_id: ask,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 200,
    });
    // Cash on 2024-02-01: 10 000 − 10 × 200 = 8 000, so 8 000.01 is too much.
    const before = await snapshotTables(ctx.db);
    const tooMuch = await addTransaction(ctx, ctx.alice, {
      portfolio_id: ask,
      date: '2024-02-01',
      event_id: 6,
      price: '8000.01',
    });
    expect(tooMuch.status).toBe(409);
    expect(errorOf(tooMuch.body)).toMatchObject({
      code: 'INSUFFICIENT_CASH',
      details: { date: '2024-02-01', available: 8000, requested: 8000.01 },
    });
    expect(await snapshotTables(ctx.db)).toEqual(before);
    // Read before the withdrawal: 8 000 (the balance's ticker parts are memoised; the cash write
    // below must still show).
    const first = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${ask}?totals=true`);
    expect((first.body as { totals: { cash_base: number } }).totals.cash_base).toBe(8000);
    await addOk(ctx, ctx.alice, { portfolio_id: ask, date: '2024-02-01', event_id: 6, price: 4000 });
    // 8 000 − 4 000 = 4 000 in cash.
    const results = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${ask}?totals=true`);
    expect(results.status).toBe(200);
    expect((results.body as { totals: { cash_base: number } }).totals.cash_base).toBe(4000);
    // The cash list holds the deposit and the withdrawal that was kept, not the DNB buy.
    const cash = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio/${ask}/cash`);
    expect(cash.status).toBe(200);
    expect(
      (cash.body as { event_id: number; date: string; price: number; ticker_id: number | null }[]).map(
        (t) => [t.event_id, t.date, t.price, t.ticker_id],
      ),
    ).toEqual([
      [5, '2024-01-02', 10000, null],
      [6, '2024-02-01', 4000, null],
    ]);
    // Another user's portfolio is not found.
    const theirs = await call(ctx, ctx.bob, 'GET', `/api/v1/portfolio/${ask}/cash`);
    expect(theirs.status).toBe(404);
  });

  it('changes the account type only while the portfolio is empty (409 otherwise)', async () => {
    const locked = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolios', {
      body: { portfolio_id: ask, portfolio_name: 'ASK', account_type: 'ordinary' },
    });
    expect(locked.status).toBe(409);
    expect(errorOf(locked.body).code).toBe('ACCOUNT_TYPE_LOCKED');
    const empty = await createPortfolio(ctx, ctx.alice, 'Tom');
    const changed = await call(ctx, ctx.alice, 'PUT', '/api/v1/portfolios', {
      body: { portfolio_id: empty, portfolio_name: 'Tom', account_type: 'ask' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ account_type: 'ask' });
    await call(ctx, ctx.alice, 'DELETE', `/api/v1/portfolios/${empty}`);
  });

  it('keeps a dividend’s withholding tax as sent', async () => {
    await addOk(ctx, ctx.alice, {
      portfolio_id: ordinary,
      ticker_id: T.AAPL,
      date: '2024-03-01',
      event_id: 1,
      quantity: 10,
      price: 180,
      fx_rate: '10.5',
    });
    const dividend = await addTransaction(ctx, ctx.alice, {
      portfolio_id: ordinary,
      ticker_id: T.AAPL,
      date: '2024-05-16',
      event_id: 3,
      quantity: 10,
      price: '0.25',
      withholding_tax: '0.375',
      fx_rate: 10,
    });
    expect(dividend.status).toBe(201);
    expect(dividend.body).toMatchObject({ withholding_tax: 0.375, fx_rate: 10 });
    const tooMuch = await addTransaction(ctx, ctx.alice, {
      portfolio_id: ordinary,
      ticker_id: T.AAPL,
      date: '2024-05-16',
      event_id: 3,
      quantity: 10,
      price: '0.25',
      withholding_tax: 3,
    });
    expect(tooMuch.status).toBe(400);
  });

  it('answers the person-level report and its CSV, and nothing of another user', async () => {
    await addOk(ctx, ctx.alice, {
      portfolio_id: ordinary,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 200,
    });
    await addOk(ctx, ctx.alice, {
      portfolio_id: ordinary,
      ticker_id: T.DNB,
      date: '2024-12-27',
      event_id: 2,
      quantity: 5,
      price: 110,
    });
    const res = await call(ctx, ctx.alice, 'GET', '/api/v1/tax/2024');
    expect(res.status).toBe(200);
    const body = res.body as {
      rates: Record<string, unknown>;
      ordinary: {
        sales: unknown[];
        securities: { ticker_id: number }[];
        totals: Record<string, number | null>;
      };
      ask: unknown[];
    };
    expect(body.rates).toMatchObject({ skjermingsrente: 3.9, oppjusteringsfaktor: 1.72, tax_rate: 22 });
    // The ASK's DNB buy is not an ordinary lot: only the ordinary sale, 5 × 110 = 550 − FIFO cost
    // 5 × 200 = 1 000: a loss of 450, no shielding (sold before 31.12).
    expect(body.ordinary.sales).toEqual([
      expect.objectContaining({
        date: '2024-12-27',
        portfolio_id: ordinary,
        ticker_id: T.DNB,
        quantity: 5,
        proceeds: 550,
        cost: 1000,
        gain: -450,
        shielding_used: 0,
      }),
    ]);
    // AAPL: 10 × 0.25 = 2.5 USD × 10 = 25 NOK gross, 0.375 × 10 = 3.75 withheld; 2024 shielding
    // 10 × 180 × 10.5 = 18 900 × 0.039 = 737.1 covers the dividend, so no Norwegian tax on it and no credit.
    expect(body.ordinary.securities.find((s) => s.ticker_id === T.AAPL)).toMatchObject({
      dividends: 25,
      withholding: 3.75,
      withholding_credit: 0,
      shielding_used_dividends: 25,
      shielding_year: 737.1,
    });
    // The ASK: innskudd 10 000 − 4 000 = 6 000; value 10 DNB × 115 + 4 000 cash = 5 150; no tax.
    expect(body.ask).toEqual([
      expect.objectContaining({
        portfolio_id: ask,
        deposits: 6000,
        value_end: 5150,
        withdrawn_above_deposits: 0,
        taxable: 0,
      }),
    ]);
    // Totals: −450 + 25 − 25 shielding = −450; × 1.72 = −774; × 0.22 = −170.28 (reduces other tax).
    expect(body.ordinary.totals).toMatchObject({
      losses: -450,
      taxable: -450,
      taxable_adjusted: -774,
      estimated_tax: -170.28,
    });

    const csv = await call(ctx, ctx.alice, 'GET', '/api/v1/tax/2024/export.csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    // Norwegian by default: semicolons, the portfolio's name and the symbol instead of ids.
    expect(String(csv.body)).toMatch(/\r\n2024-12-27;[^;\r\n]+;DNB;/);

    const bob = await call(ctx, ctx.bob, 'GET', '/api/v1/tax/2024');
    expect(bob.status).toBe(200);
    expect(bob.body).toMatchObject({ ordinary: { sales: [], securities: [] }, ask: [] });

    const bad = await call(ctx, ctx.alice, 'GET', '/api/v1/tax/abc');
    expect(bad.status).toBe(400);
  });
});
