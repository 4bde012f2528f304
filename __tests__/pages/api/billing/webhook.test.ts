/** @jest-environment node */
// POST /api/v1/billing/webhook with events signed by the stripe package's own test helper: a bad
// signature and a changed body are 400 and change nothing; a replayed event changes the status
// once; an older event after a newer one changes nothing; an unknown customer changes nothing.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import * as webhookRoute from '@/pages/api/v1/billing/webhook';
import { cachedUser, clearAuthCaches, rememberUser } from '@/server/auth/authCache';
import { setDbHandle, type DbHandle } from '@/server/db';
import { billingEvents, subscriptions, users } from '@/server/db/schema';
import { startApiServer, type TestServer } from '../../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../../helpers/db';

const SECRET = 'whsec_test_0123456789abcdef';
const CUSTOMER = 'cus_TestWebhook1';
const SUB = 'sub_TestWebhook1';
/** 2026-01-01T00:00:00Z and later instants, in seconds as Stripe sends them. */
const T0 = 1_767_225_600;
const DAY = 86_400;

function subscriptionEvent(
  id: string,
  type: 'created' | 'updated' | 'deleted',
  created: number,
  fields: { status: string; cancel_at_period_end?: boolean; period_end?: number; customer?: string },
) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    type: `customer.subscription.${type}`,
    data: {
      object: {
        id: SUB,
        object: 'subscription',
        customer: fields.customer ?? CUSTOMER,
        status: fields.status,
        cancel_at_period_end: fields.cancel_at_period_end ?? false,
        metadata: {},
        items: {
          object: 'list',
          data: [
            {
              id: 'si_1',
              object: 'subscription_item',
              current_period_end: fields.period_end ?? T0 + 30 * DAY,
              price: { id: 'price_test_monthly', object: 'price', recurring: { interval: 'month' } },
            },
          ],
        },
      },
    },
  };
}

describe.each(testDbKinds())('billing webhook on %s', (kind) => {
  let server: TestServer;
  let db: DbHandle;
  const saved = { ...process.env };

  const send = (payload: string, signature?: string) =>
    server.request('POST', '/api/v1/billing/webhook', {
      raw: payload,
      headers: {
        'Content-Type': 'application/json',
        ...(signature ? { 'Stripe-Signature': signature } : {}),
      },
    });
  const sign = (payload: string, secret = SECRET) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret });
  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    return send(payload, sign(payload));
  };
  const user = async (uid = 'u-web') => (await db.db.select().from(users).where(eq(users.uid, uid)))[0];
  const subRow = async () =>
    (await db.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, SUB)))[0];
  const eventIds = async () => (await db.db.select().from(billingEvents)).map((e) => e.eventId).sort();

  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    process.env.STRIPE_WEBHOOK_SECRET = SECRET;
    db = await openTestDatabase(kind);
    setDbHandle(db);
    server = await startApiServer({ '/api/v1/billing/webhook': webhookRoute });
  });
  beforeEach(async () => {
    clearAuthCaches();
    await db.db.delete(billingEvents);
    await db.db.delete(subscriptions);
    await db.db.delete(users);
    await db.db.insert(users).values({
      uid: 'u-web',
      email: 'web@trendvakt.test',
      acceptTerms: true,
      stripeCustomerId: CUSTOMER,
      subscriptionStatus: 'inactive',
    });
  });
  afterAll(async () => {
    process.env = saved;
    await server.close();
    setDbHandle(undefined);
    await db.close();
  });

  it('refuses a missing or wrong signature with 400 and changes nothing', async () => {
    const payload = JSON.stringify(subscriptionEvent('evt_sig', 'created', T0, { status: 'active' }));
    const missing = await send(payload);
    expect(missing.status).toBe(400);
    expect((missing.body as { error: { code: string } }).error.code).toBe('WEBHOOK_SIGNATURE_MISSING');
    const wrongSecret = await send(payload, sign(payload, 'whsec_someone_else'));
    expect(wrongSecret.status).toBe(400);
    expect((wrongSecret.body as { error: { code: string } }).error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    const garbage = await send(payload, 't=1,v1=deadbeef');
    expect(garbage.status).toBe(400);
    expect(await eventIds()).toEqual([]);
    expect(await subRow()).toBeUndefined();
    expect((await user()).subscriptionStatus).toBe('inactive');
  });

  it('refuses a body changed after signing with 400 and changes nothing', async () => {
    const original = JSON.stringify(subscriptionEvent('evt_body', 'created', T0, { status: 'incomplete' }));
    const signature = sign(original);
    const tampered = original.replace('"incomplete"', '"active"');
    expect(tampered).not.toBe(original);
    const res = await send(tampered, signature);
    expect(res.status).toBe(400);
    expect(await eventIds()).toEqual([]);
    expect((await user()).subscriptionStatus).toBe('inactive');
  });

  it('applies an event delivered three times once; the replays answer 200 and change nothing', async () => {
    const event = subscriptionEvent('evt_replay', 'created', T0, {
      status: 'active',
      period_end: T0 + 30 * DAY,
    });
    const first = await deliver(event);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ received: true, event_id: 'evt_replay', outcome: 'applied' });
    const afterFirst = await subRow();
    expect(afterFirst).toMatchObject({
      userUid: 'u-web',
      status: 'active',
      plan: 'monthly',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: new Date('2026-01-31T00:00:00Z'),
      lastEventAt: new Date('2026-01-01T00:00:00Z'),
    });
    expect((await user()).subscriptionStatus).toBe('active');

    // Between the deliveries the user is changed by hand: a replay must not undo that.
    await db.db.update(users).set({ subscriptionStatus: 'inactive' }).where(eq(users.uid, 'u-web'));
    for (let i = 0; i < 2; i++) {
      const replay = await deliver(event);
      expect(replay.status).toBe(200);
      expect(replay.body).toMatchObject({ event_id: 'evt_replay', outcome: 'duplicate' });
    }
    expect((await user()).subscriptionStatus).toBe('inactive');
    expect(await subRow()).toEqual(afterFirst);
    expect(await eventIds()).toEqual(['evt_replay']);
  });

  it('ignores an older `updated` that arrives after `deleted`', async () => {
    await deliver(subscriptionEvent('evt_a', 'created', T0, { status: 'active' }));
    expect((await user()).subscriptionStatus).toBe('active');
    const deleted = await deliver(
      subscriptionEvent('evt_c', 'deleted', T0 + 2 * DAY, { status: 'canceled' }),
    );
    expect(deleted.body).toMatchObject({ outcome: 'applied' });
    expect((await user()).subscriptionStatus).toBe('canceled');

    // Sent by Stripe between the two, delivered last: it would make the user active again.
    const late = await deliver(
      subscriptionEvent('evt_b', 'updated', T0 + DAY, { status: 'active', cancel_at_period_end: true }),
    );
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ outcome: 'ignored_older' });
    expect(await subRow()).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: false,
      lastEventAt: new Date((T0 + 2 * DAY) * 1000),
    });
    expect((await user()).subscriptionStatus).toBe('canceled');
    expect(await eventIds()).toEqual(['evt_a', 'evt_b', 'evt_c']);
  });

  it('records an event for an unknown customer and changes nothing else', async () => {
    const res = await deliver(
      subscriptionEvent('evt_stranger', 'created', T0, { status: 'active', customer: 'cus_Nobody' }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'unknown_customer' });
    expect(await subRow()).toBeUndefined();
    expect((await user()).subscriptionStatus).toBe('inactive');
    expect(await eventIds()).toEqual(['evt_stranger']);
  });

  it('maps past_due to a status that does not unlock, and drops the cached subscription check', async () => {
    await deliver(subscriptionEvent('evt_1', 'created', T0, { status: 'trialing' }));
    expect((await user()).subscriptionStatus).toBe('active');
    const row = await user();
    rememberUser('u-web', 'subscription', row);
    expect(cachedUser('u-web', 'subscription')).toBeDefined();
    await deliver(subscriptionEvent('evt_2', 'updated', T0 + DAY, { status: 'past_due' }));
    expect((await user()).subscriptionStatus).toBe('past_due');
    expect(cachedUser('u-web', 'subscription')).toBeUndefined();
  });

  it('links the customer of a completed checkout to client_reference_id and unlocks a paid one', async () => {
    await db.db.update(users).set({ stripeCustomerId: null }).where(eq(users.uid, 'u-web'));
    const res = await deliver({
      id: 'evt_checkout',
      object: 'event',
      created: T0,
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          mode: 'subscription',
          customer: 'cus_New',
          subscription: 'sub_New',
          client_reference_id: 'u-web',
          payment_status: 'paid',
          metadata: { plan: 'yearly' },
        },
      },
    });
    expect(res.body).toMatchObject({ outcome: 'applied' });
    expect(await user()).toMatchObject({ stripeCustomerId: 'cus_New', subscriptionStatus: 'active' });
    const [row] = await db.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.stripeSubscriptionId, 'sub_New'));
    expect(row).toMatchObject({ plan: 'yearly', status: 'active', userUid: 'u-web' });
  });
});
