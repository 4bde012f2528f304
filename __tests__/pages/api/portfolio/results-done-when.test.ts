/** @jest-environment node */
import { testDbKinds } from '../../../helpers/db';
import {
  T,
  addOk,
  addTransaction,
  call,
  createPortfolio,
  errorOf,
  setUp,
  tearDown,
  type Ctx,
} from './helpers';

describe.each(testDbKinds())('portfolio results worked out by hand (%s)', (kind) => {
  let ctx: Ctx;
  let portfolioId: number;

  beforeAll(async () => {
    ctx = await setUp(kind);
    portfolioId = await createPortfolio(ctx, ctx.alice, 'Done when');
    const dnb = { portfolio_id: portfolioId, ticker_id: T.DNB };
    // buy 100 @ 200, fee 50            → qty 100, cost 20 050
    await addOk(ctx, ctx.alice, {
      ...dnb,
      date: '2024-01-10',
      event_id: 1,
      quantity: 100,
      price: 200,
      fee: 50,
    });
    // buy 50 @ 220, fee 25             → qty 150, cost 20 050 + 11 025 = 31 075 (also the total bought)
    await addOk(ctx, ctx.alice, {
      ...dnb,
      date: '2024-03-15',
      event_id: 1,
      quantity: 50,
      price: 220,
      fee: 25,
    });
    // dividend 150 shares × 12.50      → dividends 1 875 (cost unchanged)
    await addOk(ctx, ctx.alice, { ...dnb, date: '2024-05-02', event_id: 3, quantity: 150, price: '12.5' });
    // sell 60 @ 240, fee 30            → cost out 31 075 × 60/150 = 12 430; proceeds 14 400 - 30 = 14 370;
    //                                    realized 14 370 - 12 430 = 1 940; qty 90, cost 18 645
    await addOk(ctx, ctx.alice, {
      ...dnb,
      date: '2024-06-03',
      event_id: 2,
      quantity: 60,
      price: 240,
      fee: 30,
    });
    // split 2 for 1                    → qty 180, cost 18 645, avg 18 645 / 180 = 103.583333…
    await addOk(ctx, ctx.alice, { ...dnb, date: '2024-09-02', event_id: 4, quantity: 2, price: 0 });
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('shows quantity, average price, realised, unrealised and total return as calculated', async () => {
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${portfolioId}`);
    expect(res.status).toBe(200);
    // last close 115 (2024-12-30) → market value 180 × 115 = 20 700; unrealized 20 700 - 18 645 = 2 055
    // (2 055 / 18 645 = 11.021722 %); total return 2 055 + 1 940 + 1 875 = 5 870 (5 870 / 31 075 = 18.889783 %)
    expect(res.body).toEqual([
      {
        ticker_id: T.DNB,
        symbol: 'DNB',
        long_name: 'DNB Bank ASA',
        // Issue 37: the fixture's DNB has no ISIN; a universe share valued at its last close
        isin: null,
        kind: 'share',
        in_universe: true,
        price_date: '2024-12-30',
        price_source: 'market',
        currency: 'NOK',
        country_id: 160,
        quantity: 180,
        avg_price: 103.583333,
        cost: 18645,
        last_price: 115,
        price_available: true,
        market_value: 20700,
        unrealized: 2055,
        unrealized_pct: 11.021722,
        realized: 1940,
        dividends: 1875,
        fees: 105,
        total_return: 5870,
        total_return_pct: 18.889783,
        weight: 1,
        market_value_base: 20700,
        total_return_base: 5870,
        cost_base: 18645,
        total_bought_base: 31075,
        // realized 1 940 + dividends 1 875
        realized_and_dividends: 3815,
        // today: previous close 110 (2024-12-27) → 180 × (115 − 110) = 900; a NOK share in a NOK
        // portfolio has no currency effect.
        today_base: 900,
        currency_effect_base: 0,
        signal: 'buy',
        technical_score: 0.62,
      },
    ]);
  });

  it('adds the totals of the rows with totals=true, the rows unchanged', async () => {
    const bare = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${portfolioId}`);
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${portfolioId}?totals=true`);
    expect(res.status).toBe(200);
    const body = res.body as { rows: unknown; totals: unknown };
    expect(body.rows).toEqual(bare.body);
    // One row: market value 20 700, cost 18 645, unrealized 2 055, return 5 870 of 31 075 bought
    // (5 870 / 31 075 × 100 = 18.889783 %). No deposits are recorded, so the cash balance is what
    // came back (sells net + dividends net = 5 870 − 20 700 + 31 075 = 16 245) less the 31 075 paid
    // for buys incl. fees: −14 830.
    expect(body.totals).toEqual({
      cash_base: -14830,
      market_value_base: 20700,
      cost_base: 18645,
      unrealized_base: 2055,
      total_return_base: 5870,
      total_bought_base: 31075,
      total_return_pct: 18.889783,
      today_base: 900,
      currency_effect_base: 0,
    });
  });

  it('gives the same figures as metadata for the ticker', async () => {
    const res = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio/metadata?portfolioID=${portfolioId}&tickerID=${T.DNB}`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      quantity: 180,
      avg_price: 103.583333,
      cost: 18645,
      realized: 1940,
      dividends: 1875,
      fees: 105,
      first_date: '2024-01-10',
      last_date: '2024-09-02',
      transaction_count: 5,
    });
  });

  it('lists the ticker’s transactions in date order, with fractional quantities kept', async () => {
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio/${portfolioId}/${T.DNB}`);
    expect(res.status).toBe(200);
    const rows = res.body as {
      date: string;
      event_id: number;
      quantity: number;
      price: number;
      fee: number;
      comment: string;
    }[];
    expect(rows.map((r) => [r.date, r.event_id, r.quantity, r.price, r.fee])).toEqual([
      ['2024-01-10', 1, 100, 200, 50],
      ['2024-03-15', 1, 50, 220, 25],
      ['2024-05-02', 3, 150, 12.5, 0],
      ['2024-06-03', 2, 60, 240, 30],
      ['2024-09-02', 4, 2, 0, 0],
    ]);
    expect(rows[0].comment).toBe('');
  });

  it('refuses a sell of more than held on that date with 409 and the quantity held', async () => {
    // On 2024-08-01 (after the sell, before the split) 90 are held.
    const res = await addTransaction(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.DNB,
      date: '2024-08-01',
      event_id: 2,
      quantity: 91,
      price: 250,
    });
    expect(res.status).toBe(409);
    expect(errorOf(res.body)).toMatchObject({
      code: 'INSUFFICIENT_HOLDING',
      details: { ticker_id: T.DNB, date: '2024-08-01', held: 90, requested: 91, transaction_id: null },
    });
    const list = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio/${portfolioId}/${T.DNB}`);
    expect((list.body as unknown[]).length).toBe(5);
  });

  it('hides positions sold to zero unless includeSold=true', async () => {
    await addOk(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.EQNR,
      date: '2024-02-01',
      event_id: 1,
      quantity: 10,
      price: 100,
    });
    // sell all 10 @ 110 → realized 100, quantity 0
    await addOk(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.EQNR,
      date: '2024-04-01',
      event_id: 2,
      quantity: 10,
      price: 110,
    });
    const open = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${portfolioId}`);
    expect((open.body as { ticker_id: number }[]).map((r) => r.ticker_id)).toEqual([T.DNB]);
    const all = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio-results/${portfolioId}?includeSold=true`,
    );
    const rows = all.body as {
      ticker_id: number;
      quantity: number;
      realized: number;
      weight: number;
      signal: string;
    }[];
    expect(rows.map((r) => [r.ticker_id, r.quantity, r.realized, r.weight, r.signal])).toEqual([
      [T.EQNR, 0, 100, 0, 'sell'],
      [T.DNB, 180, 1940, 1, 'buy'],
    ]);
  });

  it('values a USD holding in NOK: costs at the trade-date rate, value at the latest rate', async () => {
    const usd = await createPortfolio(ctx, ctx.alice, 'USA');
    // buy 10 AAPL @ 150 + 1 fee on 2024-01-10 at 10 NOK/USD → cost 1 501 USD = 15 010 NOK
    await addOk(ctx, ctx.alice, {
      portfolio_id: usd,
      ticker_id: T.AAPL,
      date: '2024-01-10',
      event_id: 1,
      quantity: 10,
      price: 150,
      fee: 1,
    });
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${usd}`);
    // last close 200 USD → 2 000 USD × 11 (latest rate) = 22 000 NOK; return 22 000 - 15 010 = 6 990 NOK
    expect(res.body).toEqual([
      expect.objectContaining({
        ticker_id: T.AAPL,
        currency: 'USD',
        market_value: 2000,
        unrealized: 499,
        total_return: 499,
        market_value_base: 22000,
        cost_base: 15010,
        total_return_base: 6990,
        total_bought_base: 15010,
      }),
    ]);
  });

  it('shows a ticker without any close at its average price, flagged', async () => {
    const p = await createPortfolio(ctx, ctx.alice, 'No prices');
    await addOk(ctx, ctx.alice, {
      portfolio_id: p,
      ticker_id: T.MOWI,
      date: '2024-01-10',
      event_id: 1,
      quantity: 4,
      price: 180,
    });
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${p}`);
    expect(res.body).toEqual([
      expect.objectContaining({
        ticker_id: T.MOWI,
        last_price: 180,
        price_available: false,
        unrealized: 0,
        signal: null,
        technical_score: null,
      }),
    ]);
  });

  it('answers an empty portfolio with an empty list and zero metadata', async () => {
    const empty = await createPortfolio(ctx, ctx.alice, 'Tom');
    const res = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${empty}?includeSold=true`);
    expect(res).toMatchObject({ status: 200, body: [] });
    const meta = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio/metadata?portfolioID=${empty}&tickerID=${T.DNB}`,
    );
    expect(meta.body).toEqual({
      quantity: 0,
      avg_price: 0,
      cost: 0,
      realized: 0,
      dividends: 0,
      fees: 0,
      first_date: null,
      last_date: null,
      transaction_count: 0,
    });
  });
  it('answers the cash balance after a ticker write and a cash write, not the memo of the revision before', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Cash parts');
    const cashOf = async () =>
      (
        (await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${id}?totals=true`)).body as {
          totals: { cash_base: number };
        }
      ).totals.cash_base;
    await addOk(ctx, ctx.alice, { portfolio_id: id, date: '2024-01-02', event_id: 5, price: 1000 });
    await addOk(ctx, ctx.alice, {
      portfolio_id: id,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 2,
      price: 100,
    });
    // 1 000 − 2 × 100 = 800
    expect(await cashOf()).toBe(800);
    await addOk(ctx, ctx.alice, {
      portfolio_id: id,
      ticker_id: T.DNB,
      date: '2024-02-01',
      event_id: 2,
      quantity: 1,
      price: 150,
    });
    // 800 + 1 × 150 = 950 (the DNB part is recomputed: its digest changed)
    expect(await cashOf()).toBe(950);
    await addOk(ctx, ctx.alice, { portfolio_id: id, date: '2024-02-02', event_id: 6, price: 50 });
    // 950 − 50 = 900 (the cash events are read on every answer)
    expect(await cashOf()).toBe(900);
  });
});
