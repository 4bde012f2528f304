/**
 * Runs once when the Next.js server starts (also for a bare `next start` without our start
 * script). Next compiles this file for the Node.js and the edge runtime; everything that needs
 * Node.js (the Firebase configuration check that may stop the process, the scheduled jobs) lives in
 * server/instrumentationNode.ts and is imported only inside the `NEXT_RUNTIME === 'nodejs'` branch,
 * which the edge build drops. Jest never loads this file.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNode } = await import('./server/instrumentationNode');
    await registerNode();
  }
}
