/**
 * The clock the scheduled jobs and the freshness checks read. Normally the system clock.
 * `TRENDVAKT_CLOCK_START` (an ISO instant; tests and demos only) starts this process's clock at
 * that instant and lets it run on in real time, so a running server can be shown a session close
 * without waiting for one.
 */

/** Where the scheduler and the freshness checks read "now" (tests pass a fake one). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

const globalClock = globalThis as unknown as { __trendvaktClock?: Clock };

export function clockFromEnv(env: Record<string, string | undefined> = process.env): Clock {
  const start = env.TRENDVAKT_CLOCK_START ? Date.parse(env.TRENDVAKT_CLOCK_START) : Number.NaN;
  if (Number.isNaN(start)) return systemClock;
  const bootedAt = Date.now();
  return { now: () => new Date(start + (Date.now() - bootedAt)) };
}

/** This process's clock (created on first use). */
export function appClock(): Clock {
  globalClock.__trendvaktClock ??= clockFromEnv();
  return globalClock.__trendvaktClock;
}
