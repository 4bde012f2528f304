/** @jest-environment node */
// Issue 38 item 3 over HTTP: a fund's kind and equity share (tickers.kind, tickers.equity_share)
// reach the tax engine and the aksjesparekonto rule. Expected figures are worked by hand below from
// skatteloven § 10-20 (https://lovdata.no/lov/1999-03-26-14/§10-20: more than 80 % shares → share
// income; less than 20 % → interest; between, the share part is share income and the rest interest;
// only the share part of the cost earns shielding) and Skatteetaten's definition of an
// aksjesparekonto ("verdipapirfondsandeler med mer enn 80 prosent aksjeandel",
// https://data.skatteetaten.no/begreper/48c47290-eda9-11e8-a3eb-0050568351d2): exactly 80 % is refused.
import { tickers } from '@/server/db/schema';
import { testDbKinds } from '../../../helpers/db';
import { addOk, addTransaction, call, createPortfolio, errorOf, setUp, tearDown, type Ctx } from './helpers';

const KOMBI = 201; // a Norwegian combination fund, 80 % shares
const GLOBAL = 202; // a Norwegian equity fund, 85 % shares
const UNKNOWN = 203; // a fund whose share part is not known
const BOND = 204; // a bond

describe.each(testDbKinds())('funds by their share part, over HTTP (%s)', (kind) => {
  let ctx: Ctx;

  beforeAll(async () => {
    ctx = await setUp(kind);
    const fund = (
      id: number,
      isin: string,
      name: string,
      instrument: string,
      equityShare: string | null,
    ) => ({
      id,
      countryId: 160,
      symbol: isin,
      name,
      searchName: name.toLowerCase(),
      exchange: '',
      currency: 'NOK',
      isin,
      inUniverse: false,
      kind: instrument,
      equityShare,
    });
    await ctx.db.db
      .insert(tickers)
      .values([
        fund(KOMBI, 'NO0010000001', 'Kombi 80', 'fund', '80'),
        fund(GLOBAL, 'NO0010000002', 'Global 85', 'fund', '85'),
        fund(UNKNOWN, 'NO0010000003', 'Ukjent fond', 'fund', null),
        fund(BOND, 'NO0010000004', 'Obligasjon 2030', 'bond', null),
      ]);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('refuses a fund of exactly 80 % shares in an aksjesparekonto and takes one of 85 %', async () => {
    const ask = await createPortfolio(ctx, ctx.alice, 'ASK', { account_type: 'ask' });
    await addOk(ctx, ctx.alice, { portfolio_id: ask, date: '2024-01-02', event_id: 5, price: 50000 });
    const at80 = await addTransaction(ctx, ctx.alice, {
      portfolio_id: ask,
      ticker_id: KOMBI,
      date: '2024-01-03',
      event_id: 1,
      quantity: 10,
      price: 100,
    });
    expect(at80.status).toBe(400);
    expect(errorOf(at80.body).details).toEqual([
      expect.objectContaining({ path: 'ticker_id', code: 'ask_fund_equity_share' }),
    ]);
    await addOk(ctx, ctx.alice, {
      portfolio_id: ask,
      ticker_id: GLOBAL,
      date: '2024-01-03',
      event_id: 1,
      quantity: 10,
      price: 100,
    });
    // Not known: judged by the issuer's home state (NO, in the EEA) only.
    await addOk(ctx, ctx.alice, {
      portfolio_id: ask,
      ticker_id: UNKNOWN,
      date: '2024-01-03',
      event_id: 1,
      quantity: 10,
      price: 100,
    });
  });

  it('splits an 80 % fund’s gain and taxes a bond as interest in the year report', async () => {
    const p = await createPortfolio(ctx, ctx.bob, 'Fond');
    const add = (tickerId: number, date: string, eventId: number, quantity: number, price: number) =>
      addOk(ctx, ctx.bob, { portfolio_id: p, ticker_id: tickerId, date, event_id: eventId, quantity, price });
    await add(KOMBI, '2024-01-02', 1, 100, 100);
    await add(KOMBI, '2025-06-02', 2, 100, 120);
    await add(BOND, '2024-01-02', 1, 10, 1000);
    await add(BOND, '2025-06-02', 2, 10, 1030);
    await add(UNKNOWN, '2025-03-03', 1, 10, 100);
    // KOMBI: cost 10 000; 31.12.2024 shielding on the share part of the cost only: 8 000 × 0.039 =
    //   312. Sold 2025 for 12 000: gain 2 000, of which 80 % = 1 600 share income (312 shielding
    //   used: 1 288 taxable) and 400 interest.
    // BOND: cost 10 000, no shielding (no share part); sold for 10 300: gain 300, all interest.
    // Share income 1 288 × 1.72 × 0.22 = 487.3792; interest (400 + 300) × 0.22 = 154.
    // Estimated 641.3792 → 641.38.
    const res = await call(ctx, ctx.bob, 'GET', '/api/v1/tax/2025');
    expect(res.status).toBe(200);
    const body = res.body as {
      ordinary: {
        sales: { ticker_id: number; gain: number; interest_part: number; shielding_used: number }[];
        warnings: unknown[];
        totals: Record<string, number | null>;
      };
    };
    expect(body.ordinary.sales.map((s) => [s.ticker_id, s.gain, s.interest_part, s.shielding_used])).toEqual([
      [KOMBI, 2000, 400, 312],
      [BOND, 300, 300, 0],
    ]);
    expect(body.ordinary.totals).toMatchObject({
      taxable: 1288,
      fund_interest: 700,
      interest_tax: 154,
      estimated_tax: 641.38,
    });
    // The fund without a known share part is held at 31.12 and taxed as shares: the report says so.
    expect(body.ordinary.warnings).toEqual([{ code: 'FUND_SHARE_PART_UNKNOWN', ticker_id: UNKNOWN }]);
  });
});
