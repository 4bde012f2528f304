/** @jest-environment node */
// Issue 37 item 1: a fund and a US share the universe does not list come in from a Nordnet file as
// instruments (one per ISIN), valued at the user's newest trade price with its date and source,
// kept out of the market's lists; results carry isin and kind. Expected figures by hand below.
import { listTickerRows } from '@/server/repositories/marketRepository';
import { tickers } from '@/server/db/schema';
import { eq } from 'drizzle-orm';
import { testDbKinds } from '../../../helpers/db';
import { realNordnetFile, type RealRow } from '../../../helpers/nordnetRealFiles';
import { T, call, createPortfolio, importFile, setUp, tearDown, type Ctx } from './helpers';

const FUND = { security: 'KLP AksjeAsia Indeks', isin: 'NO0010900001' };
const HIMS = { security: 'Hims & Hers Health', isin: 'US4330001060' };
const EQNR = { security: 'EQNR', isin: 'NO0010096985' };

const HISTORY: RealRow[] = [
  { id: '1', date: '2024-01-02', type: 'INNSKUDD', amount: '50 000', balance: '50 000' },
  // 10,5 units × 1 600 = 16 800 → 33 200
  {
    id: '2',
    date: '2024-01-10',
    type: 'KJØPT',
    ...FUND,
    quantity: '10,5',
    price: '1 600',
    amount: '-16 800',
    balance: '33 200',
  },
  // 100 × 15 USD at 10 NOK/USD = 15 000 NOK → 18 200
  {
    id: '3',
    date: '2024-02-01',
    type: 'KJØPT',
    ...HIMS,
    quantity: '100',
    price: '15',
    amount: '-15 000',
    rate: '10',
    balance: '18 200',
  },
  // 2,5 units × 1 700 = 4 250 in → 22 450; cost left 16 800 × 8 / 10,5 = 12 800
  {
    id: '4',
    date: '2024-03-01',
    type: 'SALG',
    ...FUND,
    quantity: '-2,5',
    price: '1 700',
    amount: '4 250',
    balance: '22 450',
  },
  // a universe share beside them: 10 × 300 = 3 000 → 19 450
  {
    id: '5',
    date: '2024-04-02',
    type: 'KJØPT',
    ...EQNR,
    quantity: '10',
    price: '300',
    amount: '-3 000',
    balance: '19 450',
  },
];

interface ResultRow {
  ticker_id: number;
  symbol: string;
  long_name: string;
  isin: string | null;
  kind: string;
  in_universe: boolean;
  currency: string;
  quantity: number;
  cost: number;
  last_price: number;
  price_date: string | null;
  price_source: string | null;
  market_value: number;
  signal: string | null;
}

describe.each(testDbKinds())('any security can be held (%s)', (kind) => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await setUp(kind);
  }, 120_000);
  afterAll(() => tearDown(ctx));

  it('a dry run proposes the instruments and creates nothing; the import creates one per ISIN', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Fond og mer');
    const dry = await importFile(ctx, ctx.alice, id, realNordnetFile(HISTORY), true);
    expect(dry.status).toBe(200);
    const preview = dry.body as {
      errors: unknown[];
      review: unknown[];
      rows: {
        line: number;
        ticker_id: number | null;
        isin: string | null;
        kind: string | null;
        new_instrument: boolean;
      }[];
    };
    expect(preview.errors).toEqual([]);
    expect(preview.review).toEqual([]);
    // newest first in the file: line 2 is id 5 (EQNR), line 6 is id 1 (deposit)
    expect(preview.rows.map((r) => [r.line, r.ticker_id, r.isin, r.kind, r.new_instrument])).toEqual([
      [6, null, null, null, false],
      [5, null, FUND.isin, 'fund', true],
      [4, null, HIMS.isin, 'share', true],
      [3, null, FUND.isin, 'fund', true],
      [2, T.EQNR, EQNR.isin, 'share', false],
    ]);
    expect(await ctx.db.db.select().from(tickers).where(eq(tickers.inUniverse, false))).toEqual([]);

    const res = await importFile(ctx, ctx.alice, id, realNordnetFile(HISTORY));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ imported: 5, errors: [], review: [] });
    const made = await ctx.db.db.select().from(tickers).where(eq(tickers.inUniverse, false));
    expect(made.map((t) => [t.isin, t.symbol, t.name, t.currency, t.kind]).sort()).toEqual(
      [
        [HIMS.isin, HIMS.isin, HIMS.security, 'USD', 'share'],
        [FUND.isin, FUND.isin, FUND.security, 'NOK', 'fund'],
      ].sort(),
    );
    // Never in the market's lists (screener, search, sync, analysis all read listTickerRows).
    const listed = await listTickerRows(ctx.db.db);
    expect(listed.filter((t) => !t.inUniverse)).toEqual([]);

    const results = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolio-results/${id}?totals=true`);
    expect(results.status).toBe(200);
    const rows = (results.body as { rows: ResultRow[]; totals: { cash_base: number } }).rows;
    const by = (isin: string) => rows.find((r) => r.isin === isin)!;
    // fund: 8 units, cost 12 800, valued at the newest trade price 1 700 (2024-03-01) = 13 600
    expect(by(FUND.isin)).toMatchObject({
      kind: 'fund',
      in_universe: false,
      currency: 'NOK',
      quantity: 8,
      cost: 12800,
      last_price: 1700,
      price_date: '2024-03-01',
      price_source: 'trade',
      market_value: 13600,
      signal: null,
    });
    // Hims: 100 shares, cost 1 500 USD, at its trade price 15 USD
    expect(by(HIMS.isin)).toMatchObject({
      kind: 'share',
      in_universe: false,
      currency: 'USD',
      quantity: 100,
      cost: 1500,
      last_price: 15,
      price_date: '2024-02-01',
      price_source: 'trade',
    });
    expect(by(EQNR.isin)).toMatchObject({
      ticker_id: T.EQNR,
      kind: 'share',
      in_universe: true,
      price_source: 'market',
    });
    // cash: the file's last Saldo
    expect((results.body as { totals: { cash_base: number } }).totals.cash_base).toBe(19450);

    // The same file into another portfolio of another user: the same instruments, none added.
    const bobs = await createPortfolio(ctx, ctx.bob, 'Bob');
    expect((await importFile(ctx, ctx.bob, bobs, realNordnetFile(HISTORY))).body).toMatchObject({
      imported: 5,
    });
    expect(await ctx.db.db.select().from(tickers).where(eq(tickers.inUniverse, false))).toHaveLength(2);
  });

  it('a history that starts mid-way: opening positions proposed at the file’s Kjøpsverdi; accepting every review row imports it', async () => {
    const id = await createPortfolio(ctx, ctx.alice, 'Midt i');
    const MIDWAY: RealRow[] = [
      // 4 units sold at 1 800 = 7 200; the file states their cost (Kjøpsverdi) 6 400; holding now 0
      {
        id: '20',
        date: '2024-05-02',
        type: 'SALG',
        ...FUND,
        quantity: '-4',
        price: '1 800',
        amount: '7 200',
        purchaseValue: '6 400',
        result: '800',
        totalQuantity: '0',
        balance: '7 200',
      },
      // 10 × 300 = 3 000 → 4 200
      {
        id: '21',
        date: '2024-05-10',
        type: 'KJØPT',
        ...EQNR,
        quantity: '10',
        price: '300',
        amount: '-3 000',
        totalQuantity: '15',
        balance: '4 200',
      },
      // 15 sold at 310 = 4 650 → 8 850; Kjøpsverdi 4 500 (300 a share)
      {
        id: '22',
        date: '2024-06-03',
        type: 'SALG',
        ...EQNR,
        quantity: '-15',
        price: '310',
        amount: '4 650',
        purchaseValue: '4 500',
        result: '150',
        totalQuantity: '0',
        balance: '8 850',
      },
    ];
    const file = realNordnetFile(MIDWAY);
    const dry = await importFile(ctx, ctx.alice, id, file, true);
    expect(dry.status).toBe(200);
    // newest first: line 2 = Id 22 (EQNR's sale), line 4 = Id 20 (the fund's sale)
    // EQNR: 15 sold, 10 bought → 5 before the file, cost 4 500 × 5 / 15 = 1 500
    // fund: 4 sold, none bought → 4 before the file, cost 6 400 × 4 / 4 = 6 400
    const review = (
      dry.body as {
        review: { line: number; code: string; quantity: string; date: string; file_cost: string | null }[];
      }
    ).review;
    expect(review.map((r) => [r.line, r.code, r.quantity, r.date, r.file_cost])).toEqual([
      [2, 'OPENING_POSITION', '5', '2024-05-01', '1500'],
      [4, 'OPENING_POSITION', '4', '2024-05-01', '6400'],
    ]);
    const res = await call(
      ctx,
      ctx.alice,
      'POST',
      `/api/v1/portfolio-import/${id}?format=nordnet&accept=2:,4:`,
      {
        raw: file,
        headers: { 'Content-Type': 'text/csv' },
      },
    );
    expect(res.status).toBe(200);
    // 3 file rows + 2 openings + their 2 deposits
    expect(res.body).toMatchObject({ imported: 7, errors: [], review: [] });
    const results = await call(
      ctx,
      ctx.alice,
      'GET',
      `/api/v1/portfolio-results/${id}?totals=true&includeSold=true`,
    );
    const body = results.body as {
      rows: (ResultRow & { realized: number })[];
      totals: { cash_base: number };
    };
    // fund: 4 at 1 600, sold at 1 800 → realised 800; EQNR: 15 at 300, sold at 310 → realised 150
    expect(body.rows.find((r) => r.isin === FUND.isin)).toMatchObject({ quantity: 0, realized: 800 });
    expect(body.rows.find((r) => r.isin === EQNR.isin)).toMatchObject({ quantity: 0, realized: 150 });
    // the openings' deposits offset their cost: cash = 7 200 − 3 000 + 4 650 = 8 850, the last Saldo
    expect(body.totals.cash_base).toBe(8850);
  });
});
