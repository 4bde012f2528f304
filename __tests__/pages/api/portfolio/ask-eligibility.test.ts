/** @jest-environment node */
// Issue 39 item 2 over HTTP: an aksjesparekonto takes what the law allows (the issuer's home state
// in the EEA, a regulated market), not what is listed in Oslo: AutoStore (Bermuda, on Oslo Børs)
// and a Growth share are refused with the rule and the share named; an import into an ASK lists
// the ineligible rows for review instead of importing them.
import { tickers } from '@/server/db/schema';

import { testDbKinds } from '../../../helpers/db';
import { nordnetFile } from '../../../helpers/nordnetFiles';
import {
  T,
  addTransaction,
  createPortfolio,
  errorOf,
  importFile,
  setUp,
  snapshotTables,
  storedTransactions,
  tearDown,
  type Ctx,
} from './helpers';

const AUTO = 60;
const HAV = 61;

describe.each(testDbKinds())('aksjesparekonto eligibility (%s)', (kind) => {
  let ctx: Ctx;
  let ask: number;
  let ordinary: number;

  beforeAll(async () => {
    ctx = await setUp(kind);
    const row = (id: number, symbol: string, name: string, isin: string, segment: string) => ({
      id,
      countryId: 160,
      symbol,
      name,
      searchName: name.toLowerCase(),
      exchange: 'OL',
      currency: 'NOK',
      isin,
      segment,
      isIndex: false,
    });
    await ctx.db.db
      .insert(tickers)
      .values([
        row(AUTO, 'AUTO', 'AutoStore Holdings Ltd.', 'BMG0670A1099', 'oslo_bors'),
        row(HAV, 'HAV', 'HAV Group ASA', 'NO0010931918', 'growth'),
      ]);
    ask = await createPortfolio(ctx, ctx.alice, 'ASK', { account_type: 'ask' });
    ordinary = await createPortfolio(ctx, ctx.alice, 'Vanlig');
  }, 120_000);
  afterAll(() => tearDown(ctx));

  const buy = (portfolioId: number, tickerId: number) =>
    addTransaction(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: tickerId,
      date: '2024-01-10',
      event_id: 1,
      quantity: 1,
      price: 100,
    });

  it('refuses AutoStore (a Bermuda company on Oslo Børs) in an ASK, naming the rule and the share', async () => {
    const before = await snapshotTables(ctx.db);
    const res = await buy(ask, AUTO);
    expect(res.status).toBe(400);
    const error = errorOf(res.body);
    expect(error.message).toContain('AutoStore Holdings Ltd. (AUTO)');
    expect(error.message).toContain('outside the EEA');
    expect(error.message).not.toBe('Invalid transaction');
    expect(error.details).toEqual([
      expect.objectContaining({
        path: 'ticker_id',
        code: 'ask_not_eea',
        params: { symbol: 'AUTO', name: 'AutoStore Holdings Ltd.', home_state: 'BM' },
      }),
    ]);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('refuses a Euronext Growth share in an ASK (not a regulated market) and a US share (home state US)', async () => {
    const growth = await buy(ask, HAV);
    expect(growth.status).toBe(400);
    expect(errorOf(growth.body).details).toEqual([
      expect.objectContaining({
        code: 'ask_not_regulated_market',
        params: expect.objectContaining({ symbol: 'HAV' }),
      }),
    ]);
    const us = await buy(ask, T.AAPL);
    expect(us.status).toBe(400);
    expect(errorOf(us.body).details).toEqual([
      expect.objectContaining({ code: 'ask_not_eea', params: expect.objectContaining({ home_state: 'US' }) }),
    ]);
  });

  it('takes Equinor into the ASK and AutoStore into an ordinary account', async () => {
    expect((await buy(ask, T.EQNR)).status).toBe(201);
    expect((await buy(ordinary, AUTO)).status).toBe(201);
  });

  it('lists the ineligible rows of an import into an ASK for review and imports the rest', async () => {
    const askFresh = await createPortfolio(ctx, ctx.alice, 'ASK 2', { account_type: 'ask' });
    // Newest first, as Nordnet writes: an Apple buy (US: refused), AutoStore (Bermuda: refused),
    // an Equinor buy (allowed).
    const file = nordnetFile([
      { id: '3', date: '2024-03-01', kind: 'buy', security: 'AAPL', isin: 'US0378331005', quantity: '2', price: '180', currency: 'USD', amount: '-360' },
      { id: '2', date: '2024-02-01', kind: 'buy', security: 'AUTO', isin: 'BMG0670A1099', quantity: '10', price: '12', currency: 'NOK', amount: '-120' },
      { id: '1', date: '2024-01-15', kind: 'buy', security: 'EQNR', isin: 'NO0010096985', quantity: '5', price: '300', currency: 'NOK', amount: '-1500' },
    ]); // prettier-ignore
    const res = await importFile(ctx, ctx.alice, askFresh, file);
    expect(res.status).toBe(200);
    const body = res.body as {
      imported: number;
      review: { line: number; code: string; isin: string | null; params?: Record<string, string> }[];
    };
    expect(body.imported).toBe(1);
    // Lines: 1 header, 2 Apple, 3 AutoStore, 4 Equinor.
    expect(body.review.map((r) => [r.line, r.code, r.isin, r.params?.rule])).toEqual([
      [2, 'ASK_NOT_ELIGIBLE', 'US0378331005', 'ask_not_eea'],
      [3, 'ASK_NOT_ELIGIBLE', 'BMG0670A1099', 'ask_not_eea'],
    ]);
    const stored = await storedTransactions(ctx, askFresh);
    expect(stored.map((t) => t.tickerId)).toEqual([T.EQNR]);
  });
});
