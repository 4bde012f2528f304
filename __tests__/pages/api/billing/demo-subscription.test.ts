/** @jest-environment node */
// The billing API with the demo provider (no STRIPE_SECRET_KEY) over real Auth emulator tokens: a
// newcomer's market calls go 403 → 200 after a demo payment → 403 after cancelling; an active
// subscriber's checkout is 409; the demo routes only serve the caller's own sessions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { MARKET_OSLO } from '@/lib/constants';
import type { PlansResponse, SubscriptionDto } from '@/lib/types/billing';
import type { TickerListResponse } from '@/lib/types/market';
import * as cancelRoute from '@/pages/api/v1/billing/demo/cancel';
import * as demoSessionRoute from '@/pages/api/v1/billing/demo/checkout/[sessionId]';
import * as declineRoute from '@/pages/api/v1/billing/demo/decline';
import * as payRoute from '@/pages/api/v1/billing/demo/pay';
import * as checkoutRoute from '@/pages/api/v1/billing/checkout';
import * as plansRoute from '@/pages/api/v1/billing/plans';
import * as portalRoute from '@/pages/api/v1/billing/portal';
import * as subscriptionRoute from '@/pages/api/v1/billing/subscription';
import * as tickerListRoute from '@/pages/api/v1/tickers/list';
import * as topSignalsRoute from '@/pages/api/v1/public/top-signals';
import { clearAuthCaches } from '@/server/auth/authCache';
import { setDbHandle, type DbHandle } from '@/server/db';
import { analysisSnapshots, billingEvents, tickers, users } from '@/server/db/schema';
import type { PublicTopSignals } from '@/lib/types/publicStocks';
import { universeTickers } from '@/server/market-data';
import { invalidateMarketCache } from '@/server/services/market/marketCache';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../../helpers/db';
import { createTestAccount, type TestAccount } from '../../../helpers/emulator';
import { seedTestMarket } from '../../../server/services/market/fixtures';

jest.setTimeout(120_000);

const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

describe.each(testDbKinds())('demo subscription API on %s', (kind) => {
  let server: TestServer;
  let db: DbHandle;
  let newcomer: TestAccount;
  let subscriber: TestAccount;
  let other: TestAccount;
  let dataDir: string;
  const saved = { ...process.env };

  const post = (p: string, token: string, body?: unknown) => server.request('POST', p, { token, body });
  const get = (p: string, token?: string) => server.request('GET', p, { token });
  const screener = (token: string) => get(`/api/v1/tickers/list?countryID=${MARKET_OSLO}`, token);
  const sessionIdOf = (url: string) => new URL(url).searchParams.get('session_id')!;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'trendvakt-billing-'));
    delete process.env.STRIPE_SECRET_KEY;
    delete process.env.STRIPE_WEBHOOK_SECRET;
    delete process.env.APP_BASE_URL;
    delete process.env.DEMO_PRICE_MONTHLY;
    delete process.env.DEMO_PRICE_YEARLY;
    process.env.DATA_DIR = dataDir;
    db = await openTestDatabase(kind);
    setDbHandle(db);
    invalidateMarketCache();
    clearAuthCaches();
    const symbols = universeTickers(MARKET_OSLO)
      .slice(0, 3)
      .map((t) => t.symbol);
    const [seeded, accounts] = await Promise.all([
      seedTestMarket(db.db, { symbols }),
      Promise.all([
        createTestAccount('newcomer'),
        createTestAccount('subscriber'),
        createTestAccount('other'),
      ]),
    ]);
    expect(seeded.failures).toEqual([]);
    [newcomer, subscriber, other] = accounts;
    await db.db.insert(users).values([
      { uid: newcomer.uid, email: newcomer.email, firstName: 'Nina', lastName: 'Ny', acceptTerms: true },
      { uid: subscriber.uid, email: subscriber.email, acceptTerms: true, subscriptionStatus: 'active' },
      { uid: other.uid, email: other.email, acceptTerms: true },
    ]);
    server = await startApiServer({
      '/api/v1/billing/plans': plansRoute,
      '/api/v1/billing/checkout': checkoutRoute,
      '/api/v1/billing/portal': portalRoute,
      '/api/v1/billing/subscription': subscriptionRoute,
      '/api/v1/billing/demo/checkout/[sessionId]': demoSessionRoute,
      '/api/v1/billing/demo/pay': payRoute,
      '/api/v1/billing/demo/decline': declineRoute,
      '/api/v1/billing/demo/cancel': cancelRoute,
      '/api/v1/tickers/list': tickerListRoute,
      '/api/v1/public/top-signals': topSignalsRoute,
    });
  });
  afterAll(async () => {
    process.env = saved;
    await server?.close();
    setDbHandle(undefined);
    invalidateMarketCache();
    await db?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists the demo plans without a token: 149 kr a month, 1 490 kr a year', async () => {
    const res = await get('/api/v1/billing/plans');
    expect(res.status).toBe(200);
    // 12 × 149 = 1 788; 1 788 − 1 490 = 298 saved, 298 / 1 788 = 16.7 % → 17; 1 490 / 12 = 124.166… → 124.17.
    expect(res.body as PlansResponse).toEqual({
      provider: 'demo',
      currency: 'NOK',
      vat_included: true,
      plans: [
        { id: 'monthly', interval: 'month', amount: 149, monthly_amount: 149 },
        { id: 'yearly', interval: 'year', amount: 1490, monthly_amount: 124.17 },
      ],
      yearly_saving: 298,
      yearly_saving_pct: 17,
    });
  });

  it('keeps the generated demo webhook secret in DATA_DIR', () => {
    const secret = fs.readFileSync(path.join(dataDir, 'billing-webhook-secret'), 'utf8');
    expect(secret).toMatch(/^whsec_demo_[0-9a-f]{48}$/);
  });

  it('answers 409 to an active subscriber’s checkout and 401 without a token', async () => {
    const res = await post('/api/v1/billing/checkout', subscriber.idToken, { plan: 'monthly' });
    expect(res.status).toBe(409);
    expect(errorCode(res.body)).toBe('ALREADY_SUBSCRIBED');
    const anonymous = await server.request('POST', '/api/v1/billing/checkout', { body: { plan: 'monthly' } });
    expect(anonymous.status).toBe(401);
    const bad = await post('/api/v1/billing/checkout', newcomer.idToken, { plan: 'weekly' });
    expect(bad.status).toBe(400);
  });

  it('takes a newcomer from 403 to 200 with a demo payment, and back to 403 after cancelling', async () => {
    const before = await screener(newcomer.idToken);
    expect(before.status).toBe(403);
    expect(errorCode(before.body)).toBe('SUBSCRIPTION_REQUIRED');
    // No subscription is a normal state: 200 with null, not a 404 the browser would log.
    const none = await get('/api/v1/billing/subscription', newcomer.idToken);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ subscription: null });

    const checkout = await post('/api/v1/billing/checkout', newcomer.idToken, {
      plan: 'monthly',
      locale: 'en',
    });
    expect(checkout.status).toBe(200);
    const url = new URL((checkout.body as { url: string }).url);
    expect(url.pathname).toBe('/en/products/checkout');
    const sessionId = sessionIdOf(url.toString());
    const [stored] = await db.db.select().from(users).where(eq(users.uid, newcomer.uid));
    expect(stored.stripeCustomerId).toMatch(/^cus_demo_/);

    // Someone else cannot see or pay this session.
    expect((await get(`/api/v1/billing/demo/checkout/${sessionId}`, other.idToken)).status).toBe(404);
    expect((await post('/api/v1/billing/demo/pay', other.idToken, { session_id: sessionId })).status).toBe(
      404,
    );

    const session = await get(`/api/v1/billing/demo/checkout/${sessionId}`, newcomer.idToken);
    expect(session.body).toMatchObject({
      id: sessionId,
      plan: 'monthly',
      amount: 149,
      currency: 'NOK',
      status: 'open',
    });

    const paid = await post('/api/v1/billing/demo/pay', newcomer.idToken, { session_id: sessionId });
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ subscription_status: 'active' });
    const back = new URL((paid.body as { redirect_url: string }).redirect_url);
    expect(back.pathname).toBe('/en/products');
    expect(back.searchParams.get('checkout')).toBe('success');
    expect(back.searchParams.get('session_id')).toBe(sessionId);

    const after = await screener(newcomer.idToken);
    expect(after.status).toBe(200);
    expect((after.body as TickerListResponse).total).toBe(3);

    // The two events went through the webhook handling and were recorded.
    const types = (await db.db.select().from(billingEvents)).map((e) => e.type).sort();
    expect(types).toEqual(['checkout.session.completed', 'customer.subscription.created']);

    const sub = await get('/api/v1/billing/subscription', newcomer.idToken);
    expect(sub.status).toBe(200);
    const dto = (sub.body as { subscription: SubscriptionDto }).subscription;
    expect(dto).toMatchObject({ plan: 'monthly', status: 'active', cancel_at_period_end: false });
    expect(dto.stripe_subscription_id).toMatch(/^sub_demo_/);
    // One month after today (date-fns addMonths semantics checked by hand: same day next month).
    const end = new Date(dto.current_period_end!);
    const days = (end.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThanOrEqual(31);

    // Paying twice is refused; a second checkout while active is 409.
    expect((await post('/api/v1/billing/demo/pay', newcomer.idToken, { session_id: sessionId })).status).toBe(
      409,
    );
    expect((await post('/api/v1/billing/checkout', newcomer.idToken, { plan: 'yearly' })).status).toBe(409);

    const portal = await post('/api/v1/billing/portal', newcomer.idToken, {});
    expect(new URL((portal.body as { url: string }).url).pathname).toBe('/products/portal');

    // Cancel at period end: still active until then.
    const atEnd = await post('/api/v1/billing/demo/cancel', newcomer.idToken, { when: 'period_end' });
    expect(atEnd.body).toMatchObject({ subscription_status: 'active' });
    expect((await get('/api/v1/billing/subscription', newcomer.idToken)).body).toMatchObject({
      subscription: { status: 'active', cancel_at_period_end: true },
    });
    expect((await screener(newcomer.idToken)).status).toBe(200);

    // Cancel now: locked at once (the 5-second cache of the passing check is dropped).
    const now = await post('/api/v1/billing/demo/cancel', newcomer.idToken, { when: 'now' });
    expect(now.body).toMatchObject({ subscription_status: 'canceled' });
    const locked = await screener(newcomer.idToken);
    expect(locked.status).toBe(403);
    expect(errorCode(locked.body)).toBe('SUBSCRIPTION_REQUIRED');
    expect((await get('/api/v1/billing/subscription', newcomer.idToken)).body).toMatchObject({
      subscription: { status: 'canceled' },
    });
    expect((await post('/api/v1/billing/demo/cancel', newcomer.idToken, { when: 'now' })).status).toBe(404);

    // Subscribing again reuses the stored customer.
    const again = await post('/api/v1/billing/checkout', newcomer.idToken, { plan: 'yearly' });
    expect(again.status).toBe(200);
    const [reread] = await db.db.select().from(users).where(eq(users.uid, newcomer.uid));
    expect(reread.stripeCustomerId).toBe(stored.stripeCustomerId);
  });

  it('leaves the user inactive after Decline and sends them back with checkout=declined', async () => {
    const checkout = await post('/api/v1/billing/checkout', other.idToken, { plan: 'yearly' });
    const sessionId = sessionIdOf((checkout.body as { url: string }).url);
    const declined = await post('/api/v1/billing/demo/decline', other.idToken, { session_id: sessionId });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ subscription_status: 'inactive' });
    const back = new URL((declined.body as { redirect_url: string }).redirect_url);
    expect(back.pathname).toBe('/products');
    expect(back.searchParams.get('checkout')).toBe('declined');
    expect((await screener(other.idToken)).status).toBe(403);
    expect((await post('/api/v1/billing/demo/pay', other.idToken, { session_id: sessionId })).status).toBe(
      409,
    );
  });

  it('shows the public the strongest signals of the latest snapshots, without ids', async () => {
    const res = await get('/api/v1/public/top-signals');
    expect(res.status).toBe(200);
    const body = res.body as PublicTopSignals;
    expect(body.demo).toBe(true);
    expect(body.markets.map((m) => m.country_id)).toEqual([160, 226]);
    // The same figures straight from the snapshot table: latest, medium timeframe, stocks.
    const rows = await db.db
      .select({
        symbol: tickers.symbol,
        score: analysisSnapshots.technicalScore,
        signal: analysisSnapshots.signal,
        close: analysisSnapshots.close,
        date: analysisSnapshots.date,
      })
      .from(analysisSnapshots)
      .innerJoin(tickers, eq(tickers.id, analysisSnapshots.tickerId))
      .where(
        and(
          eq(analysisSnapshots.isLatest, true),
          eq(analysisSnapshots.timeframe, 2),
          eq(analysisSnapshots.countryId, MARKET_OSLO),
          eq(analysisSnapshots.isIndex, false),
        ),
      );
    expect(rows).toHaveLength(3);
    const oslo = body.markets[0];
    // The seeded tickers include at least one buy or sell on TEST_END, so the lists are not trivially empty.
    expect(oslo.buy.length + oslo.sell.length).toBeGreaterThan(0);
    const want = (signal: string, dir: 1 | -1) =>
      rows
        .filter((r) => r.signal === signal)
        .sort((a, b) => dir * (b.score - a.score))
        .map((r) => ({ symbol: r.symbol, technical_score: r.score, close: r.close, date: r.date }));
    expect(
      oslo.buy.map(({ symbol, technical_score, close, date }) => ({ symbol, technical_score, close, date })),
    ).toEqual(want('buy', 1));
    expect(
      oslo.sell.map(({ symbol, technical_score, close, date }) => ({ symbol, technical_score, close, date })),
    ).toEqual(want('sell', -1));
    expect(body.markets[1]).toMatchObject({ buy: [], sell: [] });
    expect(JSON.stringify(body)).not.toContain('ticker_id');
    expect(body.as_of).toBe(rows[0].date);
  });
});
