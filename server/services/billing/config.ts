/**
 * Billing configuration from the environment. Which provider is decided in one place,
 * ./billingMode.ts (fails closed: a real Firebase project without Stripe is refused). With
 * STRIPE_SECRET_KEY the Stripe provider is active (then STRIPE_WEBHOOK_SECRET,
 * STRIPE_PRICE_MONTHLY and STRIPE_PRICE_YEARLY are required); the demo provider runs with prices from DEMO_PRICE_MONTHLY / DEMO_PRICE_YEARLY
 * (kroner, VAT included; 149 and 1490 by default) and events signed with STRIPE_WEBHOOK_SECRET or,
 * when that is not set, a secret made once and kept in DATA_DIR.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { dataDir } from '@/server/db/client';
import { readOrCreateSecret } from '@/server/secretFiles';
import type { BillingProviderKind, PlanId } from '@/lib/types/billing';
import { resolveBillingMode } from './billingMode';

export const BILLING_CURRENCY = 'NOK';
export const DEFAULT_DEMO_PRICES: Record<PlanId, number> = { monthly: 149, yearly: 1490 };
/** The demo provider's Stripe-shaped price ids. */
export const DEMO_PRICE_IDS: Record<PlanId, string> = {
  monthly: 'price_demo_monthly',
  yearly: 'price_demo_yearly',
};
/** File in DATA_DIR holding the demo provider's webhook secret when STRIPE_WEBHOOK_SECRET is not set. */
export const DEMO_WEBHOOK_SECRET_FILE = 'billing-webhook-secret';

export interface StripeApiAddress {
  host: string;
  port: number;
  protocol: 'http' | 'https';
}

export interface BillingConfig {
  provider: BillingProviderKind;
  secretKey?: string;
  webhookSecret: string;
  priceIds: Record<PlanId, string>;
  /** Demo provider only: kroner per interval, VAT included. */
  demoPrices: Record<PlanId, number>;
  /** Where the Stripe client sends its requests instead of api.stripe.com (stripe-mock, tests). */
  apiAddress?: StripeApiAddress;
  /** Public origin used in checkout return URLs; else the request's own host. */
  appBaseUrl?: string;
}

function price(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive amount in kroner`);
  return value;
}

function parseApiUrl(raw: string | undefined): StripeApiAddress | undefined {
  if (!raw) return undefined;
  const url = new URL(raw);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The demo webhook secret: made once (random) and kept in DATA_DIR, so restarts keep it. */
export function demoWebhookSecret(dir = dataDir()): string {
  // At least 32 bytes, written atomically with mode 0600; another process that wrote first wins.
  return readOrCreateSecret(
    path.join(dir, DEMO_WEBHOOK_SECRET_FILE),
    () => `whsec_demo_${crypto.randomBytes(24).toString('hex')}`,
  );
}

let cached: { key: string; config: BillingConfig } | undefined;

/** The billing configuration of this process (re-read when the variables change, e.g. in tests). */
export function billingConfig(): BillingConfig {
  const env = process.env;
  const key = [
    env.STRIPE_SECRET_KEY,
    env.STRIPE_WEBHOOK_SECRET,
    env.STRIPE_PRICE_MONTHLY,
    env.STRIPE_PRICE_YEARLY,
    env.DEMO_PRICE_MONTHLY,
    env.DEMO_PRICE_YEARLY,
    env.STRIPE_API_URL,
    env.APP_BASE_URL,
    env.DATA_DIR,
    env.BILLING_PROVIDER,
    env.FIREBASE_PROJECT_ID,
    env.NEXT_PUBLIC_FIREBASE_PROJECT_ID,
  ].join('\u0000');
  if (cached?.key === key) return cached.config;
  // Throws (naming the variables) for a real project without Stripe: billing never fails open.
  const mode = resolveBillingMode(env);
  const secretKey = env.STRIPE_SECRET_KEY?.trim() || undefined;
  let config: BillingConfig;
  if (mode.provider === 'stripe' && secretKey) {
    config = {
      provider: 'stripe',
      secretKey,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET!.trim(),
      priceIds: { monthly: env.STRIPE_PRICE_MONTHLY!.trim(), yearly: env.STRIPE_PRICE_YEARLY!.trim() },
      demoPrices: DEFAULT_DEMO_PRICES,
      apiAddress: parseApiUrl(env.STRIPE_API_URL),
      appBaseUrl: env.APP_BASE_URL?.trim() || undefined,
    };
  } else {
    config = {
      provider: 'demo',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || demoWebhookSecret(),
      priceIds: DEMO_PRICE_IDS,
      demoPrices: {
        monthly: price('DEMO_PRICE_MONTHLY', DEFAULT_DEMO_PRICES.monthly),
        yearly: price('DEMO_PRICE_YEARLY', DEFAULT_DEMO_PRICES.yearly),
      },
      appBaseUrl: env.APP_BASE_URL?.trim() || undefined,
    };
  }
  cached = { key, config };
  return config;
}

/** Which plan a Stripe price id belongs to, or undefined. */
export function planOfPrice(config: BillingConfig, priceId: string): PlanId | undefined {
  if (config.priceIds.monthly === priceId) return 'monthly';
  if (config.priceIds.yearly === priceId) return 'yearly';
  return undefined;
}
