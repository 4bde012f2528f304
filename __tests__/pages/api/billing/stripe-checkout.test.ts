/** @jest-environment node */
// The billing API with the Stripe provider (STRIPE_SECRET_KEY set): the stripe client is pointed
// at a local address (STRIPE_API_URL → its host/port/protocol options) where msw answers as
// Stripe's HTTP API would. Tokens are real Auth emulator tokens.
import { eq } from 'drizzle-orm';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import * as payRoute from '@/pages/api/v1/billing/demo/pay';
import * as checkoutRoute from '@/pages/api/v1/billing/checkout';
import * as plansRoute from '@/pages/api/v1/billing/plans';
import * as portalRoute from '@/pages/api/v1/billing/portal';
import { clearAuthCaches } from '@/server/auth/authCache';
import { setDbHandle, type DbHandle } from '@/server/db';
import { users } from '@/server/db/schema';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase } from '../../../helpers/db';
import { createTestAccount, type TestAccount } from '../../../helpers/emulator';

jest.setTimeout(60_000);

const STRIPE = 'http://localhost:12111';

interface StripeCall {
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | null;
  auth: string | null;
}

const calls: StripeCall[] = [];
async function record(request: Request): Promise<StripeCall> {
  const call = {
    path: new URL(request.url).pathname,
    form: new URLSearchParams(request.method === 'GET' ? '' : await request.text()),
    idempotencyKey: request.headers.get('idempotency-key'),
    auth: request.headers.get('authorization'),
  };
  calls.push(call);
  return call;
}

const stripeApi = setupServer(
  http.get(`${STRIPE}/v1/prices/:id`, async ({ request, params }) => {
    await record(request);
    const amounts: Record<string, number> = { price_monthly_test: 19900, price_yearly_test: 199000 };
    if (!(String(params.id) in amounts)) {
      return HttpResponse.json(
        { error: { type: 'invalid_request_error', message: 'No such price' } },
        { status: 404 },
      );
    }
    return HttpResponse.json({
      id: params.id,
      object: 'price',
      currency: 'nok',
      unit_amount: amounts[String(params.id)],
    });
  }),
  http.post(`${STRIPE}/v1/customers`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({ id: 'cus_Msw123', object: 'customer' });
  }),
  http.post(`${STRIPE}/v1/checkout/sessions`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: 'cs_test_Msw123',
      object: 'checkout.session',
      url: 'https://checkout.stripe.com/c/pay/cs_test_Msw123',
    });
  }),
  http.post(`${STRIPE}/v1/billing_portal/sessions`, async ({ request }) => {
    await record(request);
    return HttpResponse.json({
      id: 'bps_Msw123',
      object: 'billing_portal.session',
      url: 'https://billing.stripe.com/p/session/test_Msw123',
    });
  }),
);

describe('billing with the Stripe provider', () => {
  let server: TestServer;
  let db: DbHandle;
  let buyer: TestAccount;
  const saved = { ...process.env };

  beforeAll(async () => {
    Object.assign(process.env, {
      STRIPE_SECRET_KEY: 'sk_test_msw',
      STRIPE_WEBHOOK_SECRET: 'whsec_msw',
      STRIPE_PRICE_MONTHLY: 'price_monthly_test',
      STRIPE_PRICE_YEARLY: 'price_yearly_test',
      STRIPE_API_URL: STRIPE,
      APP_BASE_URL: 'https://trendvakt.example',
    });
    // Only Stripe's address is mocked: the emulator and the test server are reached for real.
    stripeApi.listen({
      onUnhandledRequest: (request, print) => {
        if (request.url.startsWith(STRIPE)) print.error();
      },
    });
    db = await openTestDatabase('pglite');
    setDbHandle(db);
    clearAuthCaches();
    buyer = await createTestAccount('buyer');
    await db.db.insert(users).values({
      uid: buyer.uid,
      email: buyer.email,
      emailVerified: true, // Stripe mails receipts: a verified address only (issue 23 item 4)
      firstName: 'Bo',
      lastName: 'Kjøper',
      acceptTerms: true,
    });
    server = await startApiServer({
      '/api/v1/billing/plans': plansRoute,
      '/api/v1/billing/checkout': checkoutRoute,
      '/api/v1/billing/portal': portalRoute,
      '/api/v1/billing/demo/pay': payRoute,
    });
  });
  beforeEach(() => {
    calls.length = 0;
  });
  afterAll(async () => {
    process.env = saved;
    stripeApi.close();
    await server?.close();
    setDbHandle(undefined);
    await db?.close();
  });

  it('reads both prices from Stripe: 199 kr a month, 1 990 kr a year', async () => {
    const res = await server.request('GET', '/api/v1/billing/plans');
    expect(res.status).toBe(200);
    // 12 × 199 = 2 388; 2 388 − 1 990 = 398; 398 / 2 388 = 16.67 % → 17; 1 990 / 12 = 165.833… → 165.83.
    expect(res.body).toEqual({
      provider: 'stripe',
      currency: 'NOK',
      vat_included: true,
      plans: [
        { id: 'monthly', interval: 'month', amount: 199, monthly_amount: 199 },
        { id: 'yearly', interval: 'year', amount: 1990, monthly_amount: 165.83 },
      ],
      yearly_saving: 398,
      yearly_saving_pct: 17,
    });
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/v1/prices/price_monthly_test',
      '/v1/prices/price_yearly_test',
    ]);
    expect(calls[0].auth).toBe('Bearer sk_test_msw');
  });

  it('creates the customer once, stores it, and opens a subscription-mode Checkout Session', async () => {
    const res = await server.request('POST', '/api/v1/billing/checkout', {
      token: buyer.idToken,
      body: { plan: 'yearly', locale: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_Msw123' });

    const customer = calls.find((c) => c.path === '/v1/customers')!;
    expect(customer.form.get('email')).toBe(buyer.email);
    expect(customer.form.get('name')).toBe('Bo Kjøper');
    expect(customer.form.get('metadata[uid]')).toBe(buyer.uid);
    expect(customer.idempotencyKey).toBe(`trendvakt-customer-${buyer.uid}`);

    const session = calls.find((c) => c.path === '/v1/checkout/sessions')!;
    expect(Object.fromEntries(session.form)).toMatchObject({
      mode: 'subscription',
      customer: 'cus_Msw123',
      client_reference_id: buyer.uid,
      'line_items[0][price]': 'price_yearly_test',
      'line_items[0][quantity]': '1',
      success_url: 'https://trendvakt.example/en/products?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://trendvakt.example/en/products?checkout=cancelled',
      locale: 'en',
      'subscription_data[metadata][uid]': buyer.uid,
      'subscription_data[metadata][plan]': 'yearly',
    });
    const [row] = await db.db.select().from(users).where(eq(users.uid, buyer.uid));
    expect(row.stripeCustomerId).toBe('cus_Msw123');

    calls.length = 0;
    const again = await server.request('POST', '/api/v1/billing/checkout', {
      token: buyer.idToken,
      body: { plan: 'monthly' },
    });
    expect(again.status).toBe(200);
    expect(calls.map((c) => c.path)).toEqual(['/v1/checkout/sessions']);
    expect(calls[0].form.get('line_items[0][price]')).toBe('price_monthly_test');
  });

  it('gives Stripe no address that was never verified (it would mail receipts to it)', async () => {
    const stranger = await createTestAccount('unverified-buyer');
    await db.db.insert(users).values({ uid: stranger.uid, email: stranger.email, firstName: 'Ukjent' });
    const res = await server.request('POST', '/api/v1/billing/checkout', {
      token: stranger.idToken,
      body: { plan: 'monthly', locale: 'nb' },
    });
    expect(res.status).toBe(200);
    const customer = calls.find((c) => c.path === '/v1/customers')!;
    expect(customer.form.get('metadata[uid]')).toBe(stranger.uid);
    expect(customer.form.has('email')).toBe(false);
  });

  it('opens Stripe’s customer portal for the stored customer', async () => {
    const res = await server.request('POST', '/api/v1/billing/portal', { token: buyer.idToken, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: 'https://billing.stripe.com/p/session/test_Msw123' });
    expect(Object.fromEntries(calls[0].form)).toMatchObject({
      customer: 'cus_Msw123',
      return_url: 'https://trendvakt.example/products',
      locale: 'nb',
    });
  });

  it('has no demo routes while Stripe is configured', async () => {
    const res = await server.request('POST', '/api/v1/billing/demo/pay', {
      token: buyer.idToken,
      body: { session_id: 'cs_demo_0123456789abcdef' },
    });
    expect(res.status).toBe(404);
  });
});
