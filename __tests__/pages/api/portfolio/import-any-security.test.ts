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
});
