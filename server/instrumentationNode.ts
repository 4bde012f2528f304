/**
 * The Node.js part of instrumentation.ts, run once when the Next.js server process starts. First
 * it refuses to serve when the Firebase configuration would trust unsigned emulator tokens for a
 * real project (server/auth/firebaseMode) or hand out free subscriptions (a real project without
 * Stripe, server/services/billing/billingMode). Then it starts the scheduled jobs (market refreshes
 * after each session, the nightly backup) inside the server process, so the embedded PGlite
 * database needs no second process. `next build` never starts them (server/jobs/runtime).
 */
import { errorText, redactSecrets } from '@/server/logging/describeError';
import { resolveFirebaseMode } from '@/server/auth/firebaseMode';
import { explicitDemoWarning, resolveBillingMode } from '@/server/services/billing';

export async function registerNode(): Promise<void> {
  try {
    resolveFirebaseMode(process.env);
    // Billing fails closed: a real project without Stripe never serves free subscriptions.
    if (resolveBillingMode(process.env).explicitDemo)
      console.warn(`[trendvakt] ${explicitDemoWarning(process.env)}`);
  } catch (err) {
    // A configuration error's whole message is the operator's instruction (not cut to one line
    // like errorText), still redacted: it may quote a variable's value.
    const text = err instanceof Error ? err.message : String(err);
    console.error(`[trendvakt] ${redactSecrets(text)}`);
    process.exit(1);
  }
  // Loaded only once the configuration passed: the jobs open the database.
  const { jobsEnabled, startJobs } = await import('./jobs/runtime');
  if (!jobsEnabled()) return;
  // Not awaited: the server must not wait for the database or a catch-up refresh to start serving.
  void startJobs().catch((err: unknown) => {
    console.error(`[jobs] could not start: ${errorText(err)}`);
  });
}
