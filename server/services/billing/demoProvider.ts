import crypto from 'node:crypto';
import type { Db } from '@/server/db';
import { insertDemoSession } from '@/server/repositories/billingRepository';
import { PLAN_IDS } from '@/lib/types/billing';
import { BILLING_CURRENCY, type BillingConfig } from './config';
import type { BillingProvider, CheckoutRequest, PlanPrice } from './provider';

/** A Stripe-looking id with the demo marker: `cus_demo_…`, `cs_demo_…`, `sub_demo_…`, `evt_demo_…`. */
export function demoId(prefix: string): string {
  return `${prefix}_demo_${crypto.randomBytes(12).toString('hex')}`;
}

/**
 * The demo provider (no STRIPE_SECRET_KEY, as on `npm start`): customers and checkout sessions
 * are ours, the checkout page is /products/checkout (clearly marked as a demo payment) and the
 * portal /products/portal. Paying there produces the same Stripe-shaped events as Stripe sends
 * (./demoBilling), which go through the one webhook verification and handling.
 */
export class DemoBillingProvider implements BillingProvider {
  readonly kind = 'demo' as const;

  constructor(private readonly config: BillingConfig) {}

  async prices(): Promise<PlanPrice[]> {
    return PLAN_IDS.map((plan) => ({
      plan,
      amount: this.config.demoPrices[plan],
      currency: BILLING_CURRENCY,
    }));
  }

  /** Nothing outside this database to cancel: the demo subscription's rows go with the user. */
  async cancelSubscription(): Promise<void> {}

  /** The demo customer and its subscriptions are rows of ours: they go with the user. */
  async closeCustomer(): Promise<void> {}

  async createCustomer(): Promise<string> {
    return demoId('cus');
  }

  async createCheckoutSession(db: Db, input: CheckoutRequest): Promise<{ id: string; url: string }> {
    const id = demoId('cs');
    await insertDemoSession(db, {
      id,
      userUid: input.uid,
      stripeCustomerId: input.customerId,
      plan: input.plan,
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
    });
    const origin = new URL(input.successUrl).origin;
    return { id, url: `${origin}${localePrefix(input.locale)}/products/checkout?session_id=${id}` };
  }

  async createPortalSession(input: { returnUrl: string; locale: 'nb' | 'en' }): Promise<{ url: string }> {
    return { url: `${new URL(input.returnUrl).origin}${localePrefix(input.locale)}/products/portal` };
  }
}

export function localePrefix(locale: 'nb' | 'en'): string {
  return locale === 'en' ? '/en' : '';
}
