// Next.js calls register() once when a server instance starts. The scheduled jobs (market
// refreshes after each session, the nightly backup) run inside the Node.js server process, so the
// embedded PGlite database needs no second process. The edge runtime and `next build` never start
// them; jest never loads this file.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { jobsEnabled, startJobs } = await import('./server/jobs/runtime');
  if (!jobsEnabled()) return;
  // Not awaited: the server must not wait for the database or a catch-up refresh to start serving.
  void startJobs().catch((err: unknown) => {
    console.error(`[jobs] could not start: ${err instanceof Error ? err.message : String(err)}`);
  });
}
