/** @jest-environment node */
import { addDays } from '@/lib/dates';
import { latestCalendarDate } from '@/lib/schemas/portfolio';
import * as allocation from '@/pages/api/v1/portfolio-allocation/[portfolioId]';
import * as personAllocation from '@/pages/api/v1/portfolio-allocation/index';
import * as settings from '@/pages/api/v1/income/settings';
import * as nextDividends from '@/pages/api/v1/income/next-dividends';
import * as income from '@/pages/api/v1/portfolio-income/[portfolioId]';
import * as book from '@/pages/api/v1/portfolio-income/[portfolioId]/book';
import * as tickerDividends from '@/pages/api/v1/ticker/[id]/dividends';
import { dividends } from '@/server/db/schema';
import { startApiServer } from '../../../helpers/apiServer';
import { testDbKinds } from '../../../helpers/db';
import {
  ROUTES,
  T,
  addOk,
  call,
  createPortfolio,
  errorOf,
  setUp,
  tearDown,
  type Ctx,
} from '../portfolio/helpers';

interface IncomeBody {
  received: { month: string; amount_nok: number }[];
  expected: {
    ticker_id: number;
    ex_date: string;
    quantity: number;
    amount: number;
    amount_nok: number | null;
    status: string;
  }[];
  totals: { trailing_12m_nok: number; next_12m_nok: number; yield_on_cost: number; yield_on_value: number };
}

describe.each(testDbKinds())('income and allocation routes (%s)', (kind) => {
  let ctx: Ctx;
  const today = latestCalendarDate();
  const eqnrPast = { ex: addDays(today, -40), pay: addDays(today, -30) };
  const eqnrNext = { ex: addDays(today, 20), pay: addDays(today, 30) };
  const aaplPast = { ex: addDays(today, -60), pay: addDays(today, -50) };

  beforeAll(async () => {
    ctx = await setUp(kind);
    await ctx.server.close();
    ctx.server = await startApiServer({
      ...ROUTES,
      '/api/v1/portfolio-income/[portfolioId]/book': book,
      '/api/v1/portfolio-income/[portfolioId]': income,
      '/api/v1/portfolio-allocation/[portfolioId]': allocation,
      '/api/v1/portfolio-allocation': personAllocation,
      '/api/v1/income/settings': settings,
      '/api/v1/income/next-dividends': nextDividends,
      '/api/v1/ticker/[id]/dividends': tickerDividends,
    });
    await ctx.db.db.insert(dividends).values([
      {
        tickerId: T.EQNR,
        exDate: eqnrPast.ex,
        payDate: eqnrPast.pay,
        amount: 2.5,
        currency: 'NOK',
        source: 'demo',
      },
      {
        tickerId: T.EQNR,
        exDate: eqnrNext.ex,
        payDate: eqnrNext.pay,
        amount: 3,
        currency: 'NOK',
        source: 'demo',
      },
      {
        tickerId: T.AAPL,
        exDate: aaplPast.ex,
        payDate: aaplPast.pay,
        amount: 0.25,
        currency: 'USD',
        source: 'demo',
      },
    ]);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('answers the income view, books a passed dividend with one call, and then shows it paid', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'Utbytte');
    // EQNR 10 at 100 NOK (last close 100); AAPL 5 at 200 USD on 2024-12-30 (USD/NOK 11, last close 200).
    await addOk(ctx, ctx.alice, {
      portfolio_id: p,
      ticker_id: T.EQNR,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 100,
    });
    await addOk(ctx, ctx.alice, {
      portfolio_id: p,
      ticker_id: T.AAPL,
      date: '2024-12-30',
      event_id: 1,
      quantity: 5,
      price: 200,
    });

    const before = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-income/${p}?months=12`);
    expect(before.status).toBe(200);
    const b = before.body as IncomeBody;
    expect(b.received).toHaveLength(12);
    expect(b.received.every((r) => r.amount_nok === 0)).toBe(true);
    // The passed ones are announced (bookable): EQNR 10 × 2.5 = 25 NOK; AAPL 5 × 0.25 = 1.25 USD × 11 = 13.75 NOK.
    expect(b.expected.find((r) => r.ticker_id === T.EQNR && r.ex_date === eqnrPast.ex)).toMatchObject({
      quantity: 10,
      amount: 25,
      amount_nok: 25,
      status: 'announced',
    });
    expect(b.expected.find((r) => r.ticker_id === T.AAPL && r.ex_date === aaplPast.ex)).toMatchObject({
      quantity: 5,
      amount: 1.25,
      amount_nok: 13.75,
      status: 'announced',
    });
    // The next one: 10 × 3 = 30 NOK, announced; each past one is repeated a year on (estimated).
    expect(b.expected.find((r) => r.ex_date === eqnrNext.ex)).toMatchObject({
      amount_nok: 30,
      status: 'announced',
    });
    expect(
      b.expected
        .filter((r) => r.status === 'estimated')
        .map((r) => r.ticker_id)
        .sort(),
    ).toEqual([T.EQNR, T.AAPL].sort());
    // next 12 months: 30 + EQNR's repeat 25 + AAPL's repeat 13.75 (today's rate 11) = 68.75.
    expect(b.totals).toEqual({
      trailing_12m_nok: 0,
      next_12m_nok: 68.75,
      yield_on_cost: 0,
      yield_on_value: 0,
    });

    // Book both: EQNR (Norway: no withholding) and AAPL (US treaty rate 15 %: 1.25 × 0.15 = 0.1875 -> 0.19).
    const booked = await call(ctx, ctx.alice, 'POST', `/api/v1/portfolio-income/${p}/book`, {
      body: { ticker_id: T.EQNR, ex_date: eqnrPast.ex },
    });
    expect(booked.status).toBe(201);
    const aapl = await call(ctx, ctx.alice, 'POST', `/api/v1/portfolio-income/${p}/book`, {
      body: { ticker_id: T.AAPL, ex_date: aaplPast.ex },
    });
    expect(aapl.status).toBe(201);
    const rows = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio/${p}/${T.AAPL}`);
    expect((rows.body as { event_id: number }[]).find((r) => r.event_id === 3)).toMatchObject({
      date: aaplPast.pay,
      quantity: 5,
      price: 0.25,
      withholding_tax: 0.19,
    });

    const after = (await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-income/${p}`)).body as IncomeBody;
    expect(after.expected.find((r) => r.ex_date === eqnrPast.ex)?.status).toBe('paid');
    expect(after.expected.find((r) => r.ex_date === aaplPast.ex)?.status).toBe('paid');
    // Received: 25 NOK + (1.25 − 0.19) × 11 = 11.66 NOK -> 36.66; cost and value both 1,000 + 11,000 = 12,000:
    // yields 36.66 / 12,000 = 0.003055.
    expect(after.totals.trailing_12m_nok).toBe(36.66);
    expect(after.totals.yield_on_cost).toBe(0.003055);
    expect(after.totals.yield_on_value).toBe(0.003055);
    expect(after.received.reduce((s, r) => s + r.amount_nok, 0)).toBeCloseTo(36.66, 6);

    // Booking it again, or one not paid yet: 409.
    const again = await call(ctx, ctx.alice, 'POST', `/api/v1/portfolio-income/${p}/book`, {
      body: { ticker_id: T.EQNR, ex_date: eqnrPast.ex },
    });
    expect(again.status).toBe(409);
    expect(errorOf(again.body).code).toBe('DIVIDEND_ALREADY_BOOKED');
    const early = await call(ctx, ctx.alice, 'POST', `/api/v1/portfolio-income/${p}/book`, {
      body: { ticker_id: T.EQNR, ex_date: eqnrNext.ex },
    });
    expect(early.status).toBe(409);
    // Bad input: 400.
    expect((await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-income/${p}?months=99`)).status).toBe(400);
    expect(
      (
        await call(ctx, ctx.alice, 'POST', `/api/v1/portfolio-income/${p}/book`, {
          body: { ticker_id: T.EQNR },
        })
      ).status,
    ).toBe(400);
  });

  it("another user's portfolio id is 404 on every income and allocation route", async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'Privat');
    await addOk(ctx, ctx.alice, {
      portfolio_id: p,
      ticker_id: T.EQNR,
      date: '2024-01-10',
      event_id: 1,
      quantity: 1,
      price: 100,
    });
    for (const [method, path, body] of [
      ['GET', `/api/v1/portfolio-income/${p}`, undefined],
      ['GET', `/api/v1/portfolio-allocation/${p}`, undefined],
      ['POST', `/api/v1/portfolio-income/${p}/book`, { ticker_id: T.EQNR, ex_date: eqnrPast.ex }],
    ] as const) {
      const res = await call(ctx, ctx.bob, method, path, { body });
      expect([path, res.status]).toEqual([path, 404]);
    }
    // Without the portfolio header: 403; without a subscription: 403.
    const noHeader = await ctx.server.request('GET', `/api/v1/portfolio-income/${p}`, {
      token: ctx.alice.idToken,
    });
    expect(noHeader.status).toBe(403);
    expect((await call(ctx, ctx.newcomer, 'GET', `/api/v1/portfolio-allocation/${p}`)).status).toBe(403);
  });

  it('allocation: holdings in NOK with the rules, the thresholds from the user settings, and the person view', async () => {
    const p = await createPortfolio(ctx, ctx.bob, 'Bob');
    await addOk(ctx, ctx.bob, {
      portfolio_id: p,
      ticker_id: T.EQNR,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 100,
    });
    await addOk(ctx, ctx.bob, {
      portfolio_id: p,
      ticker_id: T.AAPL,
      date: '2024-12-30',
      event_id: 1,
      quantity: 5,
      price: 200,
    });
    // EQNR 10 × 100 = 1,000 NOK; AAPL 5 × 200 × 11 = 11,000 NOK; total 12,000 (the negative cash is left out).
    const res = await call(ctx, ctx.bob, 'GET', `/api/v1/portfolio-allocation/${p}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      by_holding: [
        { key: 'AAPL', value_nok: 11000, weight: 0.916667 },
        { key: 'EQNR', value_nok: 1000, weight: 0.083333 },
      ],
      by_country: [
        { key: 'US', value_nok: 11000, weight: 0.916667 },
        { key: 'NO', value_nok: 1000, weight: 0.083333 },
      ],
      by_kind: [{ key: 'share', value_nok: 12000, weight: 1 }],
      rules: [
        { id: 'holding', threshold: 0.2, value: 0.916667, breached: true },
        // Neither share has a sector in this fixture: `unknown` is no one sector.
        { id: 'sector', threshold: 0.4, value: 0, breached: false },
        { id: 'currency', threshold: 0.8, value: 0.916667, breached: true },
      ],
    });
    // Raise the limits: nothing breached any more.
    const put = await call(ctx, ctx.bob, 'PUT', '/api/v1/income/settings', {
      body: { holding_limit: 0.95, sector_limit: 0.95, currency_limit: 1 },
    });
    expect(put).toMatchObject({ status: 200, body: { holding_limit: 0.95, ex_date_alerts: false } });
    const relaxed = (await call(ctx, ctx.bob, 'GET', `/api/v1/portfolio-allocation/${p}`)).body as {
      rules: { breached: boolean }[];
    };
    expect(relaxed.rules.map((r) => r.breached)).toEqual([false, false, false]);
    expect(
      (await call(ctx, ctx.bob, 'PUT', '/api/v1/income/settings', { body: { holding_limit: 1.5 } })).status,
    ).toBe(400);

    // The person view over both of Bob's portfolios: a second one with 10 more EQNR.
    const q = await createPortfolio(ctx, ctx.bob, 'Bob 2');
    await addOk(ctx, ctx.bob, {
      portfolio_id: q,
      ticker_id: T.EQNR,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 100,
    });
    const person = await call(ctx, ctx.bob, 'GET', '/api/v1/portfolio-allocation');
    expect(person.body).toMatchObject({
      by_holding: [
        { key: 'AAPL', value_nok: 11000 },
        { key: 'EQNR', value_nok: 2000 },
      ],
    });
  });

  it('ticker dividends and the next dividends of owned and watched shares', async () => {
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/ticker/${T.EQNR}/dividends`);
    expect(res).toMatchObject({
      status: 200,
      body: [
        { ex_date: eqnrPast.ex, pay_date: eqnrPast.pay, amount: 2.5, currency: 'NOK' },
        { ex_date: eqnrNext.ex, pay_date: eqnrNext.pay, amount: 3, currency: 'NOK' },
      ],
    });
    expect((await call(ctx, ctx.alice, 'GET', '/api/v1/ticker/9999/dividends')).status).toBe(404);
    const next = await call(ctx, ctx.alice, 'GET', '/api/v1/income/next-dividends');
    expect(next.body).toEqual([
      expect.objectContaining({
        ticker_id: T.EQNR,
        ex_date: eqnrNext.ex,
        owned: true,
        watched: false,
        demo: true,
      }),
    ]);
  });
});
