/** Billing shapes of the API (DESIGN.md §5 billing routes), shared by the server and the client. */

export const PLAN_IDS = ['monthly', 'yearly'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type BillingProviderKind = 'stripe' | 'demo';

export interface PlanDto {
  id: PlanId;
  interval: 'month' | 'year';
  /** Price per interval in the currency's main unit (kroner), VAT included. */
  amount: number;
  /** What the plan costs per month (yearly: amount / 12, rounded to øre). */
  monthly_amount: number;
}

/** GET /api/v1/billing/plans */
export interface PlansResponse {
  provider: BillingProviderKind;
  currency: string;
  vat_included: true;
  plans: PlanDto[];
  /** What the yearly plan saves against twelve monthly payments (kroner, ≥ 0). */
  yearly_saving: number;
  /** The same saving in percent of twelve monthly payments, rounded to a whole percent. */
  yearly_saving_pct: number;
}

/** GET /api/v1/billing/subscription: null when the caller has no subscription. */
export interface SubscriptionResponse {
  subscription: SubscriptionDto | null;
}

export interface SubscriptionDto {
  plan: PlanId;
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete, … */
  status: string;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  stripe_subscription_id: string;
}

/** POST /api/v1/billing/checkout and /portal */
export interface RedirectDto {
  url: string;
}

/** GET /api/v1/billing/demo/checkout/{sessionId}: what the demo checkout page shows. */
export interface DemoCheckoutSessionDto {
  id: string;
  plan: PlanId;
  amount: number;
  currency: string;
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  cancel_url: string;
}

/** POST /api/v1/billing/demo/pay|decline|cancel */
export interface DemoActionResult {
  /** Where the browser goes next (the checkout's success or cancel URL); absent for cancel. */
  redirect_url?: string;
  subscription_status: string;
}
