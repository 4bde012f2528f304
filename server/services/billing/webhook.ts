/**
 * The one webhook path for Stripe and the demo provider: verify the signature over the raw body
 * (stripe.webhooks.constructEvent), record the event id once, apply the event to the
 * subscription and the user, then drop the user's cached subscription check.
 *
 * Rules:
 * - a missing or wrong signature, or a changed body, is 400 and changes nothing;
 * - every event id is recorded: a repeated delivery answers 200 and changes nothing;
 * - an event older than the last one applied to that subscription changes nothing (Stripe does not
 *   promise order); a canceled subscription stays canceled (Stripe never revives one);
 * - users.subscription_status follows Stripe's status: 'active' while any of the user's
 *   subscriptions is active or trialing, else the newest subscription's status (past_due, canceled,
 *   unpaid, incomplete, …), which does not unlock anything (SPEC §4);
 * - an event for a customer we do not know is recorded and otherwise ignored.
 */
import Stripe from 'stripe';
import { z } from 'zod';
import { SUBSCRIPTION_ACTIVE } from '@/lib/constants';
import type { PlanId } from '@/lib/types/billing';
import { forgetUser } from '@/server/auth/authCache';
import type { Db } from '@/server/db';
import type { SubscriptionRow, UserRow } from '@/server/db/schema';
import { DomainError } from '@/server/services/errors';
import {
  findSubscription,
  findUserByCustomerId,
  listSubscriptionsOfUser,
  recordEvent,
  setCustomerIdIfMissing,
  setEventOutcome,
  setSubscriptionStatusOfUser,
  upsertSubscription,
} from '@/server/repositories/billingRepository';
import { findUser } from '@/server/repositories/userRepository';
import { planOfPrice, type BillingConfig } from './config';

/** Stripe statuses that give access (SPEC §4: they make the user 'active'). */
export const ACCESS_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

/** The subscription that describes the user now: an active one first, else the newest. */
export function currentSubscription(rows: readonly SubscriptionRow[]): SubscriptionRow | undefined {
  return rows.find((r) => ACCESS_STATUSES.has(r.status)) ?? rows[0];
}

export type WebhookOutcome =
  'applied' | 'duplicate' | 'ignored_older' | 'ignored_canceled' | 'ignored_type' | 'unknown_customer';

export interface WebhookResult {
  received: true;
  event_id: string;
  type: string;
  outcome: WebhookOutcome;
}

const idOf = z.union([z.string(), z.object({ id: z.string() }).transform((o) => o.id)]);
const metadata = z.record(z.string(), z.string()).nullish();

const subscriptionObject = z.object({
  id: z.string(),
  customer: idOf,
  status: z.string(),
  cancel_at_period_end: z.boolean().nullish(),
  /** Before API version 2025-03-31 the period end was on the subscription … */
  current_period_end: z.number().nullish(),
  metadata,
  /** … since then it is on each item. */
  items: z
    .object({
      data: z.array(
        z.object({
          current_period_end: z.number().nullish(),
          price: z.object({
            id: z.string(),
            recurring: z.object({ interval: z.string() }).nullish(),
          }),
        }),
      ),
    })
    .nullish(),
});

const checkoutSessionObject = z.object({
  id: z.string(),
  mode: z.string().nullish(),
  customer: idOf.nullish(),
  subscription: idOf.nullish(),
  client_reference_id: z.string().nullish(),
  payment_status: z.string().nullish(),
  metadata,
});

type SubscriptionObject = z.infer<typeof subscriptionObject>;

function planOf(config: BillingConfig, sub: SubscriptionObject): PlanId {
  const item = sub.items?.data[0];
  const byPrice = item ? planOfPrice(config, item.price.id) : undefined;
  if (byPrice) return byPrice;
  const byMeta = sub.metadata?.plan;
  if (byMeta === 'monthly' || byMeta === 'yearly') return byMeta;
  return item?.price.recurring?.interval === 'year' ? 'yearly' : 'monthly';
}

function periodEndOf(sub: SubscriptionObject): Date | null {
  const ends = (sub.items?.data ?? []).map((i) => i.current_period_end).filter((v): v is number => v != null);
  const end = ends.length ? Math.max(...ends) : (sub.current_period_end ?? null);
  return end === null ? null : new Date(end * 1000);
}

/** users.subscription_status from the user's subscriptions (see the rules above). */
async function syncUserStatus(db: Db, user: UserRow): Promise<void> {
  const subs = await listSubscriptionsOfUser(db, user.uid);
  if (subs.length === 0) return;
  const status = subs.some((s) => ACCESS_STATUSES.has(s.status)) ? SUBSCRIPTION_ACTIVE : subs[0].status;
  if (status !== user.subscriptionStatus) await setSubscriptionStatusOfUser(db, user.uid, status);
}

async function applySubscriptionEvent(
  db: Db,
  config: BillingConfig,
  event: Stripe.Event,
): Promise<{ outcome: WebhookOutcome; uid?: string }> {
  const sub = subscriptionObject.parse(event.data.object);
  const user = await findUserByCustomerId(db, sub.customer);
  if (!user) return { outcome: 'unknown_customer' };
  const eventAt = new Date(event.created * 1000);
  const existing = await findSubscription(db, sub.id);
  if (existing && existing.lastEventAt.getTime() > eventAt.getTime()) return { outcome: 'ignored_older' };
  if (existing?.status === 'canceled' && event.type !== 'customer.subscription.deleted') {
    return { outcome: 'ignored_canceled' };
  }
  await upsertSubscription(db, {
    stripeSubscriptionId: sub.id,
    userUid: user.uid,
    stripeCustomerId: sub.customer,
    plan: planOf(config, sub),
    status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
    currentPeriodEnd: periodEndOf(sub),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    lastEventAt: eventAt,
  });
  await syncUserStatus(db, user);
  return { outcome: 'applied', uid: user.uid };
}

/**
 * A completed checkout links the customer to the user (client_reference_id is our uid) and, when
 * paid and the subscription's own events have not arrived yet, starts the subscription as active,
 * so the person is unlocked on return even if `customer.subscription.created` comes later.
 */
async function applyCheckoutCompleted(
  db: Db,
  event: Stripe.Event,
): Promise<{ outcome: WebhookOutcome; uid?: string }> {
  const session = checkoutSessionObject.parse(event.data.object);
  if (session.mode !== 'subscription' || !session.customer) return { outcome: 'ignored_type' };
  let user = await findUserByCustomerId(db, session.customer);
  if (!user && session.client_reference_id) {
    const candidate = await findUser(db, session.client_reference_id);
    if (candidate && !candidate.stripeCustomerId) {
      await setCustomerIdIfMissing(db, candidate.uid, session.customer);
      user = { ...candidate, stripeCustomerId: session.customer };
    }
  }
  if (!user) return { outcome: 'unknown_customer' };
  const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
  if (session.subscription && paid && !(await findSubscription(db, session.subscription))) {
    const plan = session.metadata?.plan === 'yearly' ? 'yearly' : 'monthly';
    await upsertSubscription(db, {
      stripeSubscriptionId: session.subscription,
      userUid: user.uid,
      stripeCustomerId: session.customer,
      plan,
      status: 'active',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      lastEventAt: new Date(event.created * 1000),
    });
    await syncUserStatus(db, user);
  }
  return { outcome: 'applied', uid: user.uid };
}

/** Apply a verified event once (the event id is recorded in the same transaction). */
export async function handleEvent(
  db: Db,
  config: BillingConfig,
  event: Stripe.Event,
): Promise<WebhookResult> {
  const { outcome, uid } = await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!(await recordEvent(txDb, event.id, event.type))) return { outcome: 'duplicate' as const };
    let result: { outcome: WebhookOutcome; uid?: string };
    switch (event.type) {
      case 'checkout.session.completed':
        result = await applyCheckoutCompleted(txDb, event);
        break;
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        result = await applySubscriptionEvent(txDb, config, event);
        break;
      default:
        result = { outcome: 'ignored_type' };
    }
    await setEventOutcome(txDb, event.id, result.outcome);
    return result;
  });
  // The 5-second cache of passing subscription checks must not outlive a change (issue 11).
  if (uid) forgetUser(uid);
  return { received: true, event_id: event.id, type: event.type, outcome };
}

/** Verify `signature` over the raw `payload` with the webhook secret, then handle the event. */
export async function receiveWebhook(
  db: Db,
  config: BillingConfig,
  payload: Buffer | string,
  signature: string | string[] | undefined,
): Promise<WebhookResult> {
  const header = Array.isArray(signature) ? signature[0] : signature;
  if (!header)
    throw new DomainError('invalid', 'WEBHOOK_SIGNATURE_MISSING', 'The Stripe-Signature header is missing');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(payload, header, config.webhookSecret);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new DomainError(
      'invalid',
      'WEBHOOK_SIGNATURE_INVALID',
      `Webhook signature verification failed: ${message}`,
    );
  }
  try {
    return await handleEvent(db, config, event);
  } catch (err) {
    if (err instanceof z.ZodError) {
      throw new DomainError(
        'invalid',
        'WEBHOOK_EVENT_INVALID',
        `Event ${event.id} (${event.type}) lacks required fields`,
      );
    }
    throw err;
  }
}
