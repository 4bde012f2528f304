/** @jest-environment node */
import { testDbKinds } from '../../../helpers/db';
import { T, addOk, call, createPortfolio, setUp, tearDown, type Ctx } from './helpers';

describe.each(testDbKinds())('performance against the index and the FIFO tax view (%s)', (kind) => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('gives daily value, invested and time-weighted return against OSEBX, from the first transaction by default', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'Utvikling');
    await addOk(ctx, ctx.alice, {
      portfolio_id: p,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 200,
    });
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-performance/${p}`);
    expect(res.status).toBe(200);
    // DNB closes 200 (01-10), 110 (12-27), 115 (12-30); OSEBX 1000 (01-10), 1100 (12-30)
    // 01-10: value 2 000, twr 0 | 12-27: 1 100, twr 1 100/2 000 - 1 = -0.45, index still 1 000 → 0
    // 12-30: 1 150, twr -0.425, index 1 100/1 000 - 1 = 0.1
    expect(res.body).toMatchObject({
      base_currency: 'NOK',
      index: { ticker_id: T.OSEBX, symbol: 'OSEBX.INDX', country_id: 160 },
      from: '2024-01-10',
      points: [
        { date: '2024-01-10', value_base: 2000, invested_base: 2000, twr: 0, index_twr: 0 },
        { date: '2024-12-27', value_base: 1100, invested_base: 2000, twr: -0.45, index_twr: 0 },
        { date: '2024-12-30', value_base: 1150, invested_base: 2000, twr: -0.425, index_twr: 0.1 },
      ],
    });

    // A window: the first day is valued at the closes before it (index anchored at 1 000 from 01-10).
    const window = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio-performance/${p}?from=2024-12-27&to=2024-12-30`,
    );
    expect((window.body as { points: unknown[] }).points).toEqual([
      { date: '2024-12-27', value_base: 1100, invested_base: 2000, twr: 0, index_twr: 0 },
      // 1 150 / 1 100 - 1 = 0.045454…
      { date: '2024-12-30', value_base: 1150, invested_base: 2000, twr: 0.045455, index_twr: 0.1 },
    ]);

    // Another market's index on request; NDX has no close before 12-30.
    const us = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio-performance/${p}?from=2024-12-27&countryID=226`,
    );
    expect(us.body).toMatchObject({
      index: { ticker_id: T.NDX },
      points: [
        { date: '2024-12-27', index_twr: null },
        { date: '2024-12-30', index_twr: 0 },
      ],
    });
  });

  it('answers an empty portfolio with no points, and refuses a reversed or invalid range', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'Tom');
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-performance/${p}`);
    expect(res).toMatchObject({ status: 200, body: { points: [], from: null } });
    expect(
      (await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-performance/${p}?from=2024-02-01&to=2024-01-01`))
        .status,
    ).toBe(400);
    expect(
      (await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-performance/${p}?from=2024-02-31`)).status,
    ).toBe(400);
  });

  it('reports realised gains per sale and per year in NOK with FIFO lots at trade-date rates', async () => {
    // Bob holds nothing else: tax is FIFO per person and security across portfolios (DESIGN §7), so
    // alice's DNB of the first test would share these lots.
    const p = await createPortfolio(ctx, ctx.bob, 'Skatt');
    const dnb = { portfolio_id: p, ticker_id: T.DNB };
    await addOk(ctx, ctx.bob, {
      ...dnb,
      date: '2023-03-01',
      event_id: 1,
      quantity: 10,
      price: 100,
      fee: 10,
    }); // lot 1: 1 010
    await addOk(ctx, ctx.bob, { ...dnb, date: '2024-02-01', event_id: 1, quantity: 10, price: 120 }); // lot 2: 1 200
    await addOk(ctx, ctx.bob, { ...dnb, date: '2024-04-02', event_id: 3, quantity: 20, price: 2.5 }); // dividend 50
    const sell = await addOk(ctx, ctx.bob, {
      ...dnb,
      date: '2024-06-03',
      event_id: 2,
      quantity: 15,
      price: 130,
      fee: 15,
    });
    // AAPL: 10 @ 150 on 2024-01-10 at 10 NOK/USD = 15 000 NOK; sold 10 @ 200 on 2024-12-30 at 11 = 22 000 NOK
    await addOk(ctx, ctx.bob, {
      portfolio_id: p,
      ticker_id: T.AAPL,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 150,
    });
    const usdSell = await addOk(ctx, ctx.bob, {
      portfolio_id: p,
      ticker_id: T.AAPL,
      date: '2024-12-30',
      event_id: 2,
      quantity: 10,
      price: 200,
    });

    const res = await call(ctx, ctx.bob, 'GET', `/api/v1/portfolio-tax/${p}?year=2024`);
    expect(res.status).toBe(200);
    // DNB sale: proceeds 15 × 130 - 15 = 1 935; FIFO cost 1 010 + 5/10 × 1 200 = 1 610; gain 325
    // (the one engine's answer also carries the year's rates and the ASK part: checked elsewhere).
    expect(res.body).toMatchObject({
      year: 2024,
      // The sales (June, December) and the dividend (April) are all in 2024; the 2023 buy is no event.
      event_years: [2024],
      sales: [
        {
          transaction_id: sell,
          date: '2024-06-03',
          ticker_id: T.DNB,
          symbol: 'DNB',
          long_name: 'DNB Bank ASA',
          quantity: 15,
          proceeds_nok: 1935,
          cost_nok: 1610,
          gain_nok: 325,
          lots_from_portfolios: [p], // bob's only portfolio
        },
        {
          transaction_id: usdSell,
          date: '2024-12-30',
          ticker_id: T.AAPL,
          symbol: 'AAPL',
          long_name: 'Apple Inc.',
          quantity: 10,
          proceeds_nok: 22000,
          cost_nok: 15000,
          gain_nok: 7000,
          lots_from_portfolios: [p],
        },
      ],
      totals: {
        sale_count: 2,
        proceeds_nok: 23935,
        cost_nok: 16610,
        gain_nok: 7325,
        gains_nok: 7325,
        losses_nok: 0,
        dividends_gross_nok: 50,
        dividend_fees_nok: 0,
        dividends_nok: 50,
      },
    });
    const earlier = await call(ctx, ctx.bob, 'GET', `/api/v1/portfolio-tax/${p}?year=2023`);
    expect(earlier.body).toMatchObject({ year: 2023, sales: [], totals: { sale_count: 0, gain_nok: 0 } });
    expect((await call(ctx, ctx.bob, 'GET', `/api/v1/portfolio-tax/${p}?year=abc`)).status).toBe(400);
  });
});
