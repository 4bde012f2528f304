/**
 * The one decision about which billing provider the app uses (issue 23 item 1), shared by the
 * start script (scripts/lib/env.ts), the server's start-up check (server/instrumentationNode.ts)
 * and the billing configuration (./config.ts). Like server/auth/firebaseMode.ts it fails closed:
 *
 * - STRIPE_SECRET_KEY set: Stripe (STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY and
 *   STRIPE_PRICE_YEARLY are then required);
 * - no Stripe key and a `demo-` Firebase project (the embedded default): the demo provider, whose
 *   "payments" take no money;
 * - BILLING_PROVIDER=demo: the demo provider on purpose, whatever the project (start-up says so
 *   loudly);
 * - anything else — a real Firebase project without Stripe — is a configuration error that names
 *   the variables: a forgotten key must never hand out free subscriptions.
 */
import { firebaseProjectIdOf, type FirebaseEnv } from '@/server/auth/firebaseMode';

export const STRIPE_VARIABLES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_MONTHLY',
  'STRIPE_PRICE_YEARLY',
] as const;

export interface BillingMode {
  provider: 'stripe' | 'demo';
  /** Demo provider chosen with BILLING_PROVIDER=demo (not implied by a demo- project). */
  explicitDemo: boolean;
}

export class BillingModeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BillingModeError';
  }
}

/** Decide the billing provider from `env`, or throw BillingModeError naming the variables to set. */
export function resolveBillingMode(env: FirebaseEnv): BillingMode {
  const requested = env.BILLING_PROVIDER?.trim().toLowerCase() || undefined;
  if (requested && requested !== 'demo' && requested !== 'stripe') {
    throw new BillingModeError(
      `BILLING_PROVIDER is "${env.BILLING_PROVIDER}": it may only be "stripe" or "demo" (or unset).`,
    );
  }
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (requested === 'demo') {
    if (secretKey) {
      throw new BillingModeError(
        'BILLING_PROVIDER=demo and STRIPE_SECRET_KEY are both set: unset one of them (the demo provider ' +
          'takes no money, so it is never chosen silently beside a Stripe key).',
      );
    }
    return { provider: 'demo', explicitDemo: true };
  }
  if (secretKey) {
    const missing = STRIPE_VARIABLES.filter((name) => !env[name]?.trim());
    if (missing.length) {
      throw new BillingModeError(
        `Refusing to start: STRIPE_SECRET_KEY is set, so ${missing.join(', ')} must be set too.`,
      );
    }
    return { provider: 'stripe', explicitDemo: false };
  }
  const projectId = firebaseProjectIdOf(env);
  if (requested === 'stripe' || !projectId.startsWith('demo-')) {
    throw new BillingModeError(
      `Refusing to start: ${
        requested === 'stripe'
          ? 'BILLING_PROVIDER=stripe'
          : `the Firebase project "${projectId}" is a real project`
      } but Stripe is not configured. Set ${STRIPE_VARIABLES.join(', ')} ` +
        '(or BILLING_PROVIDER=demo to run the demo payment provider, which takes no money, on purpose).',
    );
  }
  return { provider: 'demo', explicitDemo: false };
}

/** The line start-up logs when the demo provider was chosen explicitly (a real project may be on it). */
export function explicitDemoWarning(env: FirebaseEnv): string {
  return (
    `WARNING: BILLING_PROVIDER=demo — the demo payment provider is active for the Firebase project ` +
    `"${firebaseProjectIdOf(env)}": anyone signed in can "pay" for a subscription without money. ` +
    'Never use this on a public deployment.'
  );
}
