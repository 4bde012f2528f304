/** What the API benchmarks share: the investor's token, percentiles, and a run with a time limit. */
import { demoAccount } from '@/lib/demoAccounts';
import { RATE_LIMIT_DEFAULTS } from '@/server/http/rateLimit';
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

/** `count` GETs of `url`, one after another: each one's milliseconds, and how many were not 2xx. */
export async function timeGets(url: string, count: number): Promise<{ times: number[]; nonOk: number }> {
  const times: number[] = [];
  let nonOk = 0;
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) nonOk += 1;
    times.push(performance.now() - t0);
  }
  return { times, nonOk };
}

/**
 * Every rate-limit bucket off (RATE_LIMIT_<BUCKET>=off), for the app a bench starts for itself:
 * a bench measures the route, not the limiter's 429s.
 */
export const RATE_LIMITS_OFF: Record<string, string> = Object.fromEntries(
  Object.keys(RATE_LIMIT_DEFAULTS).map((bucket) => [`RATE_LIMIT_${bucket.toUpperCase()}`, 'off']),
);

/**
 * A bench's verdicts: each target printed as "meets" or "MISSES"; `missed` says whether any was
 * missed (the bench then exits 1).
 */
export class Verdicts {
  private misses = 0;

  check(label: string, ok: boolean, target: string): void {
    if (!ok) this.misses += 1;
    console.log(`${label}: ${ok ? 'meets' : 'MISSES'} ${target}`);
  }

  get missed(): boolean {
    return this.misses > 0;
  }
}

/**
 * Run a benchmark's `main` and exit: 0 when it finishes with every target met, 1 when it throws,
 * runs longer than `timeoutMs` or returns `false` (a target missed). Every child process it
 * started (app, emulator) is stopped either way.
 */
export function runBench(main: () => Promise<void | boolean>, timeoutMs: number): void {
  const guard = setTimeout(() => {
    console.error(`bench: still running after ${timeoutMs / 60_000} min, stopping`);
    void stopAllChildren('SIGINT').then(() => process.exit(1));
  }, timeoutMs);

  main()
    .then(async (ok) => {
      clearTimeout(guard);
      await stopAllChildren('SIGINT');
      if (ok === false) console.error('bench: a target was missed');
      process.exit(ok === false ? 1 : 0);
    })
    .catch(async (err) => {
      clearTimeout(guard);
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      await stopAllChildren('SIGINT');
      process.exit(1);
    });
}
