/** What the API benchmarks share: the investor's token, percentiles, and a run with a time limit. */
import { demoAccount } from '@/lib/demoAccounts';
import { signInWithEmulator } from '../scripts/lib/emulator';
import { stopAllChildren } from '../scripts/lib/processes';

/** An ID token of the demo investor from the Auth emulator on `port`. */
export function signInInvestor(port: number | string): Promise<string> {
  const { email, password } = demoAccount('investor');
  return signInWithEmulator(Number(port), email, password);
}

/** The p-th percentile (nearest rank) of ascending values; NaN for none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Run a benchmark's `main` and exit: 0 when it finishes, 1 when it throws or runs longer than
 * `timeoutMs`. Every child process it started (app, emulator) is stopped either way.
 */
export function runBench(main: () => Promise<void>, timeoutMs: number): void {
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${timeoutMs / 60_000} min, stopping`);
    void stopAllChildren('SIGINT').then(() => process.exit(1));
  }, timeoutMs);

  main()
    .then(async () => {
      clearTimeout(guard);
      await stopAllChildren('SIGINT');
      process.exit(0);
    })
    .catch(async (err) => {
      clearTimeout(guard);
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      await stopAllChildren('SIGINT');
      process.exit(1);
    });
}
