/**
 * Subscriptions (issue 11): plans, checkout, portal and the caller's subscription, over the
 * configured provider (Stripe with STRIPE_SECRET_KEY, else the demo provider). The webhook
 * (./webhook) is where subscriptions and users.subscription_status change.
 */
import type { IncomingHttpHeaders } from 'node:http';
import {
  PLAN_IDS,
  type PlanDto,
  type PlansResponse,
  type RedirectDto,
  type SubscriptionDto,
  type SubscriptionResponse,
} from '@/lib/types/billing';
import type { CheckoutInput } from '@/lib/schemas/billing';
import type { Db } from '@/server/db';
import type { SubscriptionRow } from '@/server/db/schema';
import { hasActiveSubscription } from '@/server/auth/permissions';
import { conflictError, forbiddenError, invalid, notFoundError } from '@/server/services/errors';
import { listSubscriptionsOfUser, setCustomerIdIfMissing } from '@/server/repositories/billingRepository';
import { findUser } from '@/server/repositories/userRepository';
import { billingConfig, BILLING_CURRENCY, type BillingConfig } from './config';
import { DemoBillingProvider, localePrefix } from './demoProvider';
import type { BillingProvider } from './provider';
import { StripeBillingProvider } from './stripeProvider';
import { currentSubscription } from './webhook';

export { billingConfig } from './config';
export * from './billingMode';
export * from './demoBilling';
export * from './webhook';

const providers = new WeakMap<BillingConfig, BillingProvider>();

/** The provider of the current configuration (one instance per configuration). */
export function billingProvider(config: BillingConfig = billingConfig()): BillingProvider {
  let provider = providers.get(config);
  if (!provider) {
    provider =
      config.provider === 'stripe' ? new StripeBillingProvider(config) : new DemoBillingProvider(config);
    providers.set(config, provider);
  }
  return provider;
}

const roundOre = (value: number) => Math.round(value * 100) / 100;

/** GET /api/v1/billing/plans: both plans, per interval and per month, and the yearly saving. */
export async function getPlans(config: BillingConfig = billingConfig()): Promise<PlansResponse> {
  const prices = await billingProvider(config).prices();
  const amountOf = (plan: string) => prices.find((p) => p.plan === plan)!.amount;
  const plans: PlanDto[] = PLAN_IDS.map((id) => ({
    id,
    interval: id === 'yearly' ? 'year' : 'month',
    amount: amountOf(id),
    monthly_amount: roundOre(id === 'yearly' ? amountOf(id) / 12 : amountOf(id)),
  }));
  const twelveMonths = amountOf('monthly') * 12;
  const saving = Math.max(0, roundOre(twelveMonths - amountOf('yearly')));
  return {
    provider: config.provider,
    currency: prices[0]?.currency ?? BILLING_CURRENCY,
    vat_included: true,
    plans,
    yearly_saving: saving,
    yearly_saving_pct: twelveMonths > 0 ? Math.round((saving / twelveMonths) * 100) : 0,
  };
}

const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$/;

/**
 * The public origin for return URLs: APP_BASE_URL when set (behind a proxy, in production), else
 * the request's own host (the embedded default on localhost).
 */
export function appOrigin(config: BillingConfig, headers: IncomingHttpHeaders): string {
  if (config.appBaseUrl) return new URL(config.appBaseUrl).origin;
  const host = headers.host ?? '';
  if (!HOST.test(host)) throw invalid('BAD_HOST', 'The Host header is not valid');
  const forwarded = String(headers['x-forwarded-proto'] ?? '')
    .split(',')[0]
    .trim();
  return `${forwarded === 'https' ? 'https' : 'http'}://${host}`;
}

async function registeredUser(db: Db, uid: string) {
  const user = await findUser(db, uid);
  if (!user) throw forbiddenError('USER_NOT_REGISTERED', 'Complete your registration first');
  return user;
}

/**
 * POST /api/v1/billing/checkout: a checkout session for the caller's plan. The customer is created
 * once and stored as stripe_customer_id; an active subscriber gets 409.
 */
export async function startCheckout(
  db: Db,
  caller: { uid: string; email?: string },
  input: CheckoutInput,
  origin: string,
  config: BillingConfig = billingConfig(),
): Promise<RedirectDto> {
  const user = await registeredUser(db, caller.uid);
  if (hasActiveSubscription(user)) {
    throw conflictError('ALREADY_SUBSCRIBED', 'You already have an active subscription');
  }
  const provider = billingProvider(config);
  let customerId = user.stripeCustomerId;
  if (!customerId) {
    const created = await provider.createCustomer({
      uid: user.uid,
      // Stripe mails receipts to this address: a verified one only (issue 23 item 4).
      email: user.emailVerified ? (user.email ?? undefined) : undefined,
      name: `${user.firstName} ${user.lastName}`.trim(),
    });
    customerId = (await setCustomerIdIfMissing(db, user.uid, created)) ?? created;
  }
  const base = `${origin}${localePrefix(input.locale)}/products`;
  const session = await provider.createCheckoutSession(db, {
    uid: user.uid,
    customerId,
    plan: input.plan,
    locale: input.locale,
    successUrl: `${base}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}?checkout=cancelled`,
  });
  return { url: session.url };
}

/** POST /api/v1/billing/portal: the customer portal; 404 for a caller who never subscribed. */
export async function openPortal(
  db: Db,
  uid: string,
  input: { locale: 'nb' | 'en' },
  origin: string,
  config: BillingConfig = billingConfig(),
): Promise<RedirectDto> {
  const user = await registeredUser(db, uid);
  if (!user.stripeCustomerId) throw notFoundError('You have no subscription to manage', 'NO_SUBSCRIPTION');
  return billingProvider(config).createPortalSession({
    customerId: user.stripeCustomerId,
    returnUrl: `${origin}${localePrefix(input.locale)}/products`,
    locale: input.locale,
  });
}

export function toSubscriptionDto(row: SubscriptionRow): SubscriptionDto {
  return {
    plan: row.plan === 'yearly' ? 'yearly' : 'monthly',
    status: row.status,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    stripe_subscription_id: row.stripeSubscriptionId,
  };
}

/**
 * GET /api/v1/billing/subscription: `{ subscription }`, null when the caller has none (not a 404:
 * having no subscription is a normal state, and a browser logs every 404 as an error).
 */
export async function getOwnSubscription(db: Db, uid: string): Promise<SubscriptionResponse> {
  const row = currentSubscription(await listSubscriptionsOfUser(db, uid));
  return { subscription: row ? toSubscriptionDto(row) : null };
}
