/** @jest-environment node */
// Billing fails closed (issue 23 item 1): the one decision of ./billingMode, the demo routes' 404
// when the demo provider is off, and npm start refusing a real project without Stripe.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  BillingModeError,
  explicitDemoWarning,
  resolveBillingMode,
} from '@/server/services/billing/billingMode';
import { requireDemoProvider } from '@/server/services/billing/demoBilling';
import { DomainError } from '@/server/services/errors';

const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_MONTHLY: 'price_m',
  STRIPE_PRICE_YEARLY: 'price_y',
};

describe('resolveBillingMode', () => {
  it.each([
    [{}, 'demo', false],
    [{ FIREBASE_PROJECT_ID: 'demo-anything' }, 'demo', false],
    [{ FIREBASE_PROJECT_ID: 'trendvakt-prod', ...STRIPE }, 'stripe', false],
    [{ ...STRIPE }, 'stripe', false],
    [{ FIREBASE_PROJECT_ID: 'trendvakt-prod', BILLING_PROVIDER: 'demo' }, 'demo', true],
    [{ BILLING_PROVIDER: 'Demo ' }, 'demo', true],
  ] as const)('%j → %s (explicit %s)', (env, provider, explicitDemo) => {
    expect(resolveBillingMode(env)).toEqual({ provider, explicitDemo });
  });

  it.each([
    [
      { FIREBASE_PROJECT_ID: 'trendvakt-prod' },
      /"trendvakt-prod" is a real project but Stripe is not configured/,
    ],
    [{ NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'trendvakt-prod' }, /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET/],
    [{ BILLING_PROVIDER: 'stripe' }, /BILLING_PROVIDER=stripe but Stripe is not configured/],
    [
      { STRIPE_SECRET_KEY: 'sk_test_x' },
      /STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY must be set/,
    ],
    [{ BILLING_PROVIDER: 'demo', STRIPE_SECRET_KEY: 'sk' }, /both set/],
    [{ BILLING_PROVIDER: 'free' }, /may only be "stripe" or "demo"/],
  ])('refuses %j', (env, message) => {
    expect(() => resolveBillingMode(env)).toThrow(BillingModeError);
    expect(() => resolveBillingMode(env)).toThrow(message);
  });

  it('the explicit demo warning names the project', () => {
    expect(explicitDemoWarning({ FIREBASE_PROJECT_ID: 'trendvakt-prod' })).toMatch(
      /WARNING: BILLING_PROVIDER=demo .*"trendvakt-prod"/,
    );
  });
});

describe('the demo routes when the demo provider is off', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  const notFound = () => {
    try {
      requireDemoProvider();
    } catch (err) {
      return err instanceof DomainError && err.kind === 'not_found';
    }
    return false;
  };

  it('404 with Stripe configured', () => {
    Object.assign(process.env, STRIPE);
    expect(notFound()).toBe(true);
  });

  it('404 for a real project without Stripe (a refused configuration never opens them)', () => {
    for (const name of Object.keys(STRIPE)) delete process.env[name];
    delete process.env.BILLING_PROVIDER;
    process.env.FIREBASE_PROJECT_ID = 'trendvakt-prod';
    process.env.NEXT_PUBLIC_FIREBASE_PROJECT_ID = 'trendvakt-prod';
    expect(notFound()).toBe(true);
  });
});

describe('npm start with a real project and no Stripe configuration', () => {
  it('exits at once, naming the Stripe variables, before the emulator or a build', () => {
    const cwd = process.cwd();
    const env: Record<string, string | undefined> = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      FIREBASE_PROJECT_ID: 'trendvakt-prod',
      DATA_DIR: path.join(cwd, 'nonexistent-data-dir-for-test'),
      NEXT_DIST_DIR: '.next-never-built',
    };
    const result = spawnSync(
      process.execPath,
      [path.join(cwd, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/start.ts'],
      { cwd, env: env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.status === 0 && result.signal === null).toBe(false);
    expect(result.stderr).toMatch(
      /Refusing to start: the Firebase project "trendvakt-prod" is a real project/,
    );
    expect(result.stderr).toMatch(
      /STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_MONTHLY, STRIPE_PRICE_YEARLY/,
    );
    expect(result.stdout).not.toMatch(/starting the Firebase Auth emulator|building the app/);
  }, 60_000);
});
