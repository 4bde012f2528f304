/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { testDbKinds } from '../../../helpers/db';
import type { TestAccount } from '../../../helpers/emulator';
import {
  T,
  addOk,
  call,
  createPortfolio,
  errorOf,
  setUp,
  snapshotTables,
  tearDown,
  type Ctx,
} from './helpers';

const FIXTURE = readFileSync(
  path.join(process.cwd(), '__tests__/server/domain/portfolio/fixtures/nordnet-transactions.csv'),
);

describe.each(testDbKinds())('portfolio routes with two real users (%s)', (kind) => {
  let ctx: Ctx;
  let portfolioId: number;
  let transactionId: number;

  beforeAll(async () => {
    ctx = await setUp(kind);
    portfolioId = await createPortfolio(ctx, ctx.alice, 'Alices');
    transactionId = await addOk(ctx, ctx.alice, {
      portfolio_id: portfolioId,
      ticker_id: T.DNB,
      date: '2024-01-10',
      event_id: 1,
      quantity: 100,
      price: 200,
    });
    await call(ctx, ctx.alice, 'POST', '/api/v1/watchlist', { body: { ticker_id: T.DNB } });
  }, 120_000);
  afterAll(() => tearDown(ctx));

  /** Every route, aimed at alice's portfolio and transaction. */
  const attempts = () => [
    { method: 'GET', url: `/api/v1/portfolio-results/${portfolioId}` },
    { method: 'GET', url: `/api/v1/portfolio-results/${portfolioId}?includeSold=true` },
    { method: 'GET', url: `/api/v1/portfolio/${portfolioId}/${T.DNB}` },
    { method: 'GET', url: `/api/v1/portfolio/metadata?portfolioID=${portfolioId}&tickerID=${T.DNB}` },
    { method: 'GET', url: `/api/v1/portfolio-performance/${portfolioId}` },
    { method: 'GET', url: `/api/v1/portfolio-tax/${portfolioId}?year=2024` },
    { method: 'GET', url: `/api/v1/portfolio-export/${portfolioId}` },
    {
      method: 'POST',
      url: `/api/v1/portfolio-import/${portfolioId}?format=nordnet&dryRun=true`,
      raw: FIXTURE,
    },
    { method: 'POST', url: `/api/v1/portfolio-import/${portfolioId}?format=nordnet`, raw: FIXTURE },
    {
      method: 'PUT',
      url: '/api/v1/portfolios',
      body: { portfolio_id: portfolioId, portfolio_name: 'Mine nå', description: 'x', subscription: true },
    },
    { method: 'DELETE', url: `/api/v1/portfolios/${portfolioId}` },
    {
      method: 'POST',
      url: '/api/v1/portfolioTransaction',
      body: {
        portfolio_id: portfolioId,
        ticker_id: T.DNB,
        date: '2024-02-01',
        event_id: 2,
        quantity: 100,
        price: 1,
      },
    },
    {
      method: 'PUT',
      url: '/api/v1/portfolio/transaction',
      body: {
        portfolio_transaction_id: transactionId,
        date: '2024-01-10',
        event_id: 1,
        quantity: 1,
        price: 1,
      },
    },
    { method: 'DELETE', url: `/api/v1/portfolio/${transactionId}` },
  ];

  it('gives another user 404 on every route with alice’s ids, and changes no row', async () => {
    const before = await snapshotTables(ctx.db);
    for (const a of attempts()) {
      const res = await call(ctx, ctx.bob, a.method, a.url, { body: a.body, raw: a.raw });
      expect([a.method, a.url, res.status]).toEqual([a.method, a.url, 404]);
      expect(errorOf(res.body).code).toMatch(/^(PORTFOLIO|TRANSACTION)_NOT_FOUND$/);
    }
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('gives 403 for listing another user’s portfolios, and the owner her own list', async () => {
    const other = await call(ctx, ctx.bob, 'GET', `/api/v1/portfolios/${ctx.alice.uid}`);
    expect(other.status).toBe(403);
    expect(errorOf(other.body).code).toBe('FORBIDDEN');
    const own = await call(ctx, ctx.bob, 'GET', `/api/v1/portfolios/${ctx.bob.uid}`);
    expect(own).toMatchObject({ status: 200, body: [] });
    const alices = await call(ctx, ctx.alice, 'GET', `/api/v1/portfolios/${ctx.alice.uid}`);
    expect((alices.body as { portfolio_id: number }[]).map((p) => p.portfolio_id)).toEqual([portfolioId]);
  });

  it('keeps watchlists apart: bob cannot see or remove alice’s entry', async () => {
    const bobs = await ctx.server.request('GET', '/api/v1/watchlist', { token: ctx.bob.idToken });
    expect(bobs).toMatchObject({ status: 200, body: [] });
    const before = await snapshotTables(ctx.db);
    const remove = await ctx.server.request('DELETE', `/api/v1/watchlist/${T.DNB}`, {
      token: ctx.bob.idToken,
    });
    expect(remove.status).toBe(404);
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('refuses the newcomer (no subscription) with 403 everywhere, her own list included, and changes nothing', async () => {
    const before = await snapshotTables(ctx.db);
    const tries: { method: string; url: string; body?: unknown; raw?: Buffer }[] = [
      ...attempts(),
      { method: 'GET', url: `/api/v1/portfolios/${ctx.newcomer.uid}` },
      { method: 'POST', url: '/api/v1/portfolios', body: { portfolio_name: 'Min' } },
    ];
    for (const a of tries) {
      const res = await call(ctx, ctx.newcomer, a.method, a.url, { body: a.body, raw: a.raw });
      expect([a.url, res.status, errorOf(res.body).code]).toEqual([a.url, 403, 'SUBSCRIPTION_REQUIRED']);
    }
    for (const [method, url, body] of [
      ['GET', '/api/v1/watchlist', undefined],
      ['POST', '/api/v1/watchlist', { ticker_id: T.DNB }],
      ['DELETE', `/api/v1/watchlist/${T.DNB}`, undefined],
    ] as const) {
      const res = await ctx.server.request(method, url, { token: ctx.newcomer.idToken, body });
      expect([url, res.status]).toEqual([url, 403]);
    }
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('refuses every portfolio call without the X-Requested-With header (403) and without a token (401)', async () => {
    const before = await snapshotTables(ctx.db);
    const without = (account: TestAccount | null, headers: Record<string, string>) =>
      Promise.all(
        attempts().map((a) =>
          ctx.server.request(a.method, a.url, { token: account?.idToken, body: a.body, raw: a.raw, headers }),
        ),
      );
    for (const res of await without(ctx.alice, { 'X-Requested-With': '' })) {
      expect([res.status, errorOf(res.body).code]).toEqual([403, 'REQUESTED_WITH_REQUIRED']);
    }
    for (const res of await without(ctx.alice, { 'X-Requested-With': 'XMLHttpRequest' })) {
      expect(res.status).toBe(403);
    }
    for (const res of await without(null, { 'X-Requested-With': 'trendvakt' })) {
      expect(res.status).toBe(401);
    }
    expect(await snapshotTables(ctx.db)).toEqual(before);
  });

  it('answers 405 with Allow for methods a route does not have', async () => {
    const res = await call(ctx, ctx.alice, 'PATCH', '/api/v1/portfolios');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, PUT');
  });
});
