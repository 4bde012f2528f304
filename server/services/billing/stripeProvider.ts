import Stripe from 'stripe';
import type { Db } from '@/server/db';
import { PLAN_IDS } from '@/lib/types/billing';
import type { BillingConfig } from './config';
import type { BillingProvider, CheckoutRequest, PlanPrice } from './provider';

/** How long the two prices read from Stripe are kept (they change rarely; a restart reloads them). */
const PRICE_CACHE_MS = 10 * 60_000;

/** Subscription statuses that bill nothing any more. */
const ENDED: ReadonlySet<string> = new Set(['canceled', 'incomplete_expired']);

/** Billing with Stripe Checkout and the Stripe customer portal (the official `stripe` package). */
export class StripeBillingProvider implements BillingProvider {
  readonly kind = 'stripe' as const;
  private readonly stripe: Stripe;
  private priceCache?: { at: number; prices: Promise<PlanPrice[]> };

  constructor(private readonly config: BillingConfig) {
    if (!config.secretKey) throw new Error('The Stripe provider needs STRIPE_SECRET_KEY');
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      telemetry: false,
      ...(config.apiAddress ?? {}),
    });
  }

  prices(): Promise<PlanPrice[]> {
    const now = Date.now();
    if (!this.priceCache || now - this.priceCache.at > PRICE_CACHE_MS) {
      const prices = Promise.all(
        PLAN_IDS.map(async (plan) => {
          const price = await this.stripe.prices.retrieve(this.config.priceIds[plan]);
          if (price.unit_amount === null) throw new Error(`Stripe price ${price.id} has no fixed amount`);
          return { plan, amount: price.unit_amount / 100, currency: price.currency.toUpperCase() };
        }),
      );
      this.priceCache = { at: now, prices };
      prices.catch(() => {
        if (this.priceCache?.prices === prices) this.priceCache = undefined;
      });
    }
    return this.priceCache.prices;
  }

  async createCustomer(input: { uid: string; email?: string; name: string }): Promise<string> {
    const customer = await this.stripe.customers.create(
      { email: input.email, name: input.name || undefined, metadata: { uid: input.uid } },
      // Two checkouts started at once must not make two customers.
      { idempotencyKey: `trendvakt-customer-${input.uid}` },
    );
    return customer.id;
  }

  async createCheckoutSession(_db: Db, input: CheckoutRequest): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.uid,
      line_items: [{ price: this.config.priceIds[input.plan], quantity: 1 }],
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      locale: input.locale,
      metadata: { uid: input.uid, plan: input.plan },
      subscription_data: { metadata: { uid: input.uid, plan: input.plan } },
    });
    if (!session.url) throw new Error(`Stripe checkout session ${session.id} has no URL`);
    return { id: session.id, url: session.url };
  }

  async createPortalSession(input: {
    customerId: string;
    returnUrl: string;
    locale: 'nb' | 'en';
  }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: input.customerId,
      return_url: input.returnUrl,
      locale: input.locale,
    });
    return { url: session.url };
  }

  async cancelSubscription(subscriptionId: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionId);
  }

  async closeCustomer(customerId: string | null, known: readonly string[]): Promise<void> {
    const open = new Set(known);
    if (customerId) {
      // status "all": Stripe's default list leaves canceled ones out but also nothing else we need.
      for await (const sub of this.stripe.subscriptions.list({
        customer: customerId,
        status: 'all',
        limit: 100,
      })) {
        if (ENDED.has(sub.status)) open.delete(sub.id);
        else open.add(sub.id);
      }
    }
    for (const id of open) {
      try {
        await this.stripe.subscriptions.cancel(id);
      } catch (err) {
        // Already ended at Stripe (a row of ours that lagged behind): nothing left to stop.
        if ((err as { code?: string }).code !== 'resource_missing') throw err;
      }
    }
    if (customerId) {
      try {
        await this.stripe.customers.del(customerId);
      } catch (err) {
        if ((err as { code?: string }).code !== 'resource_missing') throw err;
      }
    }
  }
}
