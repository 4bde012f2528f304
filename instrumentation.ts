/**
 * Runs once when the Next.js server starts (also for a bare `next start` without our start
 * script). First it refuses to serve when the Firebase configuration would trust unsigned emulator
 * tokens for a real project (server/auth/firebaseMode). Then it starts the scheduled jobs (market
 * refreshes after each session, the nightly backup) inside the Node.js server process, so the
 * embedded PGlite database needs no second process. The edge runtime and `next build` never start
 * them; jest never loads this file.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { resolveFirebaseMode } = await import('@/server/auth/firebaseMode');
  try {
    resolveFirebaseMode(process.env);
  } catch (err) {
    console.error(`[trendvakt] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const { jobsEnabled, startJobs } = await import('./server/jobs/runtime');
  if (!jobsEnabled()) return;
  // Not awaited: the server must not wait for the database or a catch-up refresh to start serving.
  void startJobs().catch((err: unknown) => {
    console.error(`[jobs] could not start: ${err instanceof Error ? err.message : String(err)}`);
  });
}
