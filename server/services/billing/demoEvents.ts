/**
 * Stripe-shaped events for the demo provider: the fields Stripe sends for
 * `checkout.session.completed` and `customer.subscription.*` (API version of the installed
 * `stripe` package), so that the demo exercises the same webhook handling as Stripe.
 */
import { addMonths, addYears } from 'date-fns';
import Stripe from 'stripe';
import type { PlanId } from '@/lib/types/billing';
import { BILLING_CURRENCY, type BillingConfig } from './config';
import { demoId } from './demoProvider';

export interface DemoSubscriptionState {
  id: string;
  customerId: string;
  uid: string;
  plan: PlanId;
  status: 'active' | 'canceled';
  /** Seconds since the epoch. */
  periodStart: number;
  periodEnd: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A new active subscription starting `now`, one month or one year long. */
export function newDemoSubscription(
  input: { customerId: string; uid: string; plan: PlanId },
  now: Date,
): DemoSubscriptionState {
  const end = input.plan === 'yearly' ? addYears(now, 1) : addMonths(now, 1);
  return {
    id: demoId('sub'),
    ...input,
    status: 'active',
    periodStart: seconds(now),
    periodEnd: seconds(end),
    cancelAtPeriodEnd: false,
    canceledAt: null,
  };
}

function subscriptionObject(config: BillingConfig, sub: DemoSubscriptionState) {
  const amount = Math.round(config.demoPrices[sub.plan] * 100);
  return {
    id: sub.id,
    object: 'subscription',
    customer: sub.customerId,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    canceled_at: sub.canceledAt,
    ended_at: sub.status === 'canceled' ? sub.canceledAt : null,
    start_date: sub.periodStart,
    created: sub.periodStart,
    currency: BILLING_CURRENCY.toLowerCase(),
    livemode: false,
    metadata: { uid: sub.uid, plan: sub.plan },
    items: {
      object: 'list',
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: 'subscription_item',
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          quantity: 1,
          price: {
            id: config.priceIds[sub.plan],
            object: 'price',
            currency: BILLING_CURRENCY.toLowerCase(),
            unit_amount: amount,
            recurring: { interval: sub.plan === 'yearly' ? 'year' : 'month', interval_count: 1 },
          },
        },
      ],
    },
  };
}

function event(
  type: string,
  object: Record<string, unknown>,
  created: number,
  previous?: Record<string, unknown>,
) {
  return {
    id: demoId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: previous ? { object, previous_attributes: previous } : { object },
  };
}

/** `checkout.session.completed` for a paid demo session. */
export function checkoutCompletedEvent(
  config: BillingConfig,
  session: { id: string; uid: string; customerId: string; plan: PlanId; successUrl: string },
  subscriptionId: string,
  now: Date,
) {
  return event(
    'checkout.session.completed',
    {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: session.customerId,
      subscription: subscriptionId,
      client_reference_id: session.uid,
      metadata: { uid: session.uid, plan: session.plan },
      amount_total: Math.round(config.demoPrices[session.plan] * 100),
      currency: BILLING_CURRENCY.toLowerCase(),
      success_url: session.successUrl,
      livemode: false,
    },
    seconds(now),
  );
}

/** `customer.subscription.created|updated|deleted` carrying the subscription as it is now. */
export function subscriptionEvent(
  config: BillingConfig,
  type: 'created' | 'updated' | 'deleted',
  sub: DemoSubscriptionState,
  now: Date,
  previous?: Record<string, unknown>,
) {
  return event(`customer.subscription.${type}`, subscriptionObject(config, sub), seconds(now), previous);
}
