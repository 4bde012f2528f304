import type { Db } from '@/server/db';
import type { BillingProviderKind, PlanId } from '@/lib/types/billing';

export interface PlanPrice {
  plan: PlanId;
  /** Kroner per interval, VAT included. */
  amount: number;
  currency: string;
}

export interface CheckoutRequest {
  uid: string;
  customerId: string;
  plan: PlanId;
  locale: 'nb' | 'en';
  successUrl: string;
  cancelUrl: string;
}

/**
 * Where payments happen. Stripe (STRIPE_SECRET_KEY) and the demo provider implement it; both end
 * in Stripe-shaped webhook events handled by ./webhook, so the gating code is the same for both.
 */
export interface BillingProvider {
  readonly kind: BillingProviderKind;
  prices(): Promise<PlanPrice[]>;
  /** A new customer for the user; called once per user (the id is stored on the user). */
  createCustomer(input: { uid: string; email?: string; name: string }): Promise<string>;
  /** A checkout session in subscription mode; the browser goes to `url`. */
  createCheckoutSession(db: Db, input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** End a subscription at once (account deletion); the provider's events follow as usual. */
  cancelSubscription(subscriptionId: string): Promise<void>;
  /**
   * Account deletion (issue 40): end every subscription of the customer that is not already
   * canceled (active, trialing, past_due, unpaid, incomplete, paused: the provider's own list, plus
   * `known` ids from our rows) and delete the customer, so nothing retries a card and no name,
   * e-mail or uid stays with the provider. Invoices stay (the Bookkeeping Act keeps them 5 years;
   * each invoice holds its own copy of the buyer's details).
   */
  closeCustomer(customerId: string | null, known: readonly string[]): Promise<void>;
  /** The customer portal (change plan, card, cancel). */
  createPortalSession(input: { customerId: string; returnUrl: string; locale: 'nb' | 'en' }): Promise<{
    url: string;
  }>;
}
