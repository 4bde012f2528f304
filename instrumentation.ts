/**
 * Runs once when the Next.js server starts (also for a bare `next start` without our start
 * script): refuse to serve when the Firebase configuration would trust unsigned emulator tokens
 * for a real project (server/auth/firebaseMode).
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
}
