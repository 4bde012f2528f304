/**
 * What the demo checkout and portal pages do (only while the demo provider is active): pay or
 * decline a demo checkout session, cancel at period end or at once. Each builds the events Stripe
 * would send, signs them with the webhook secret and passes them through receiveWebhook — the
 * same verification and handling as Stripe's own deliveries.
 */
import Stripe from 'stripe';
import type { DemoActionResult, DemoCheckoutSessionDto } from '@/lib/types/billing';
import type { DemoCancelInput } from '@/lib/schemas/billing';
import type { Db } from '@/server/db';
import { conflictError, notFoundError } from '@/server/services/errors';
import {
  closeDemoSession,
  findOwnDemoSession,
  listSubscriptionsOfUser,
} from '@/server/repositories/billingRepository';
import { findUser } from '@/server/repositories/userRepository';
import { BillingModeError, resolveBillingMode } from './billingMode';
import { billingConfig, BILLING_CURRENCY, type BillingConfig } from './config';
import {
  checkoutCompletedEvent,
  newDemoSubscription,
  subscriptionEvent,
  type DemoSubscriptionState,
} from './demoEvents';
import { currentSubscription } from './webhook';
import { ACCESS_STATUSES, receiveWebhook } from './webhook';

/**
 * 404 unless the demo provider is active: with Stripe (or a configuration that billingMode refuses)
 * these routes do not exist.
 */
export function requireDemoProvider(config?: BillingConfig): BillingConfig {
  let active = config;
  if (!active) {
    try {
      if (resolveBillingMode(process.env).provider !== 'demo') throw notFoundError(DEMO_OFF);
    } catch (err) {
      if (err instanceof BillingModeError) throw notFoundError(DEMO_OFF);
      throw err;
    }
    active = billingConfig();
  }
  if (active.provider !== 'demo') throw notFoundError(DEMO_OFF);
  return active;
}

const DEMO_OFF = 'The demo payment provider is not active';

/** Sign `event` like Stripe does and deliver it to the webhook handling. */
async function deliver(db: Db, config: BillingConfig, event: { id: string }) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: config.webhookSecret });
  return receiveWebhook(db, config, payload, signature);
}

async function statusOf(db: Db, uid: string): Promise<string> {
  return (await findUser(db, uid))?.subscriptionStatus ?? 'inactive';
}

async function openSession(db: Db, uid: string, sessionId: string) {
  const session = await findOwnDemoSession(db, uid, sessionId);
  if (!session) throw notFoundError('No such checkout session');
  return session;
}

/** GET /api/v1/billing/demo/checkout/{sessionId}: the caller's own session. */
export async function getDemoSession(
  db: Db,
  uid: string,
  sessionId: string,
): Promise<DemoCheckoutSessionDto> {
  const config = requireDemoProvider();
  const session = await openSession(db, uid, sessionId);
  const plan = session.plan === 'yearly' ? 'yearly' : 'monthly';
  return {
    id: session.id,
    plan,
    amount: config.demoPrices[plan],
    currency: BILLING_CURRENCY,
    status: session.status as DemoCheckoutSessionDto['status'],
    success_url: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id),
    cancel_url: session.cancelUrl,
  };
}

/** POST /api/v1/billing/demo/pay: the session is paid; Stripe's two events go through the webhook. */
export async function payDemoSession(
  db: Db,
  uid: string,
  sessionId: string,
  now = new Date(),
): Promise<DemoActionResult> {
  const config = requireDemoProvider();
  const session = await openSession(db, uid, sessionId);
  if (!(await closeDemoSession(db, uid, sessionId, 'complete'))) {
    throw conflictError('CHECKOUT_CLOSED', 'This checkout session is already paid or declined');
  }
  const plan = session.plan === 'yearly' ? 'yearly' : 'monthly';
  const sub = newDemoSubscription({ customerId: session.stripeCustomerId, uid, plan }, now);
  await deliver(
    db,
    config,
    checkoutCompletedEvent(
      config,
      { id: session.id, uid, customerId: session.stripeCustomerId, plan, successUrl: session.successUrl },
      sub.id,
      now,
    ),
  );
  await deliver(db, config, subscriptionEvent(config, 'created', sub, now));
  return {
    redirect_url: session.successUrl.replace('{CHECKOUT_SESSION_ID}', session.id),
    subscription_status: await statusOf(db, uid),
  };
}

/** POST /api/v1/billing/demo/decline: the card is declined; nothing is paid, nothing changes. */
export async function declineDemoSession(db: Db, uid: string, sessionId: string): Promise<DemoActionResult> {
  requireDemoProvider();
  const session = await openSession(db, uid, sessionId);
  if (!(await closeDemoSession(db, uid, sessionId, 'expired'))) {
    throw conflictError('CHECKOUT_CLOSED', 'This checkout session is already paid or declined');
  }
  const declined = new URL(session.cancelUrl);
  declined.searchParams.set('checkout', 'declined');
  return { redirect_url: declined.toString(), subscription_status: await statusOf(db, uid) };
}

/**
 * POST /api/v1/billing/demo/cancel: the demo portal. At period end: `updated` with
 * cancel_at_period_end (access stays until then); now: `deleted` (access ends at once).
 */
export async function cancelDemoSubscription(
  db: Db,
  uid: string,
  input: DemoCancelInput,
  now = new Date(),
): Promise<DemoActionResult> {
  const config = requireDemoProvider();
  const row = currentSubscription(await listSubscriptionsOfUser(db, uid));
  if (!row || !ACCESS_STATUSES.has(row.status)) {
    throw notFoundError('You have no active subscription to cancel', 'NO_SUBSCRIPTION');
  }
  const start = Math.floor(row.createdAt.getTime() / 1000);
  const end = row.currentPeriodEnd ? Math.floor(row.currentPeriodEnd.getTime() / 1000) : start;
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const sub: DemoSubscriptionState = {
    id: row.stripeSubscriptionId,
    customerId: row.stripeCustomerId,
    uid,
    plan: row.plan === 'yearly' ? 'yearly' : 'monthly',
    status: 'active',
    periodStart: start,
    periodEnd: end,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    canceledAt: null,
  };
  // Never date an event before the last one applied: it would be ignored as out of order.
  const eventTime = new Date(Math.max(now.getTime(), row.lastEventAt.getTime()));
  if (input.when === 'now') {
    await deliver(
      db,
      config,
      subscriptionEvent(config, 'deleted', { ...sub, status: 'canceled', canceledAt: nowSeconds }, eventTime),
    );
  } else {
    await deliver(
      db,
      config,
      subscriptionEvent(
        config,
        'updated',
        { ...sub, cancelAtPeriodEnd: true, canceledAt: nowSeconds },
        eventTime,
        {
          cancel_at_period_end: false,
        },
      ),
    );
  }
  return { subscription_status: await statusOf(db, uid) };
}
