import { MARKETS, type MarketId } from '@/lib/constants';
import { getDbHandle, type Db } from '@/server/db';
import {
  holidaysCoveredThrough,
  holidaysRunningOut,
  sessionsBehind,
} from '@/server/domain/calendar/marketCalendar';
import { appClock } from '@/server/jobs/clock';
import { getMarketFreshness } from '@/server/repositories/marketRepository';
import { cachedMarketRead } from '@/server/services/market';
import { pingDatabase } from '@/server/db/client';
import { adminAuth, usesAuthEmulator } from '@/server/auth/firebaseAdmin';

export interface MarketHealth {
  /** Newest analysed session (YYYY-MM-DD), null before the first sync. */
  last_session: string | null;
  /** When that analysis was computed (ISO), null before the first sync. */
  refreshed_at: string | null;
  /** `stale` once a session that is due (close + 30 min) is missing. */
  status: 'current' | 'stale';
  /** Sessions due but missing; null when the market has no data at all. */
  sessions_behind: number | null;
  /** The last day the exchange's holiday list covers (YYYY-MM-DD). */
  holidays_through: string;
  /** True from a month before `holidays_through`: extend server/domain/calendar/exchangeHolidays.json. */
  holidays_running_out: boolean;
}

export interface Health {
  /** `degraded` when the database or the identity provider is down, or a market is > 2 sessions behind. */
  status: 'ok' | 'degraded';
  db: 'up' | 'down';
  auth: 'up' | 'down';
  markets?: Record<string, MarketHealth>;
  /** When the answered check started (ISO): a busy instance answers its last completed check. */
  checked_at?: string;
  /** Milliseconds since `checked_at`. */
  age_ms?: number;
}

/** More sessions behind than this makes the whole service `degraded` (it still answers 200). */
export const DEGRADED_AFTER_SESSIONS = 2;

/** Each market's newest session and whether it is current (also GET /api/v1/markets/status). */
export async function marketHealth(db: Db, now: Date): Promise<Record<string, MarketHealth>> {
  const out: Record<string, MarketHealth> = {};
  for (const market of MARKETS) {
    const id = market.id as MarketId;
    // Cached against the market-data stamp: a refresh anywhere shows at the next check.
    const { lastSession, refreshedAt } = await cachedMarketRead(db, `freshness:${id}`, () =>
      getMarketFreshness(db, id),
    );
    const behind = sessionsBehind(id, lastSession, now);
    out[String(id)] = {
      last_session: lastSession,
      refreshed_at: refreshedAt?.toISOString() ?? null,
      status: behind > 0 ? 'stale' : 'current',
      sessions_behind: Number.isFinite(behind) ? behind : null,
      holidays_through: holidaysCoveredThrough(id),
      holidays_running_out: holidaysRunningOut(id, now),
    };
  }
  return out;
}

/** How long an identity-provider verdict holds before it is checked again. */
const AUTH_CHECK_TTL_MS = 10_000;
/** How long the emulator/identity check waits for an answer. */
const AUTH_CHECK_TIMEOUT_MS = 5000;
/**
 * Consecutive timed-out identity checks before auth is reported down. A refusal or an error answer
 * is a verdict at once; a timeout alone is not: under a burst of connections our own event loop
 * reads a prompt answer late (1,000 connections gave 45 × 503 "auth down" on a healthy instance),
 * so a timeout keeps the last verdict until three checks in a row (≥ 20 s) got no answer.
 */
export const AUTH_TIMEOUTS_BEFORE_DOWN = 3;
/** A health result younger than this is answered without a new check. */
export const HEALTH_FRESH_MS = 1000;

interface AuthVerdict {
  at: number;
  up: boolean;
  /** Timed-out checks in a row since the last answer. */
  timeouts: number;
}

interface HealthState {
  auth?: AuthVerdict;
  /** The last completed check and when it started (its age is counted from then). */
  last?: { health: Health; at: number };
  inFlight?: Promise<void>;
  authTimeoutMs: number;
  /** Bumped by resetHealthCache. */
  generation: number;
}

const state: HealthState = { authTimeoutMs: AUTH_CHECK_TIMEOUT_MS, generation: 0 };

function isTimeout(err: unknown): boolean {
  const name = (err as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

async function checkAuth(now: number, generation: number): Promise<boolean> {
  const previous = state.auth;
  if (previous && now - previous.at < AUTH_CHECK_TTL_MS) return previous.up;
  let up: boolean;
  try {
    if (usesAuthEmulator()) {
      const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/`, {
        signal: AbortSignal.timeout(state.authTimeoutMs),
      });
      up = res.ok;
    } else {
      // A lookup of a uid that cannot exist: "user-not-found" proves the project answers.
      await adminAuth()
        .getUser('trendvakt-health-check')
        .catch((err: { code?: string }) => {
          if (err.code !== 'auth/user-not-found') throw err;
        });
      up = true;
    }
  } catch (err) {
    if (isTimeout(err) && previous && previous.timeouts + 1 < AUTH_TIMEOUTS_BEFORE_DOWN) {
      // Late, not refused: keep the last verdict (see AUTH_TIMEOUTS_BEFORE_DOWN).
      if (state.generation === generation)
        state.auth = { at: now, up: previous.up, timeouts: previous.timeouts + 1 };
      return previous.up;
    }
    up = false;
  }
  if (state.generation === generation) state.auth = { at: now, up, timeouts: 0 };
  return up;
}

/** One check of the database, the identity provider and the markets' freshness. */
async function runCheck(now: number, generation: number): Promise<Health> {
  const [db, authUp] = await Promise.all([
    getDbHandle()
      .then(async (handle) => ((await pingDatabase(handle.db)) ? handle.db : null))
      .catch(() => null),
    checkAuth(now, generation),
  ]);
  const markets = db ? await marketHealth(db, appClock().now()).catch(() => undefined) : undefined;
  const marketsBehind = Object.values(markets ?? {}).some(
    (m) => m.sessions_behind === null || m.sessions_behind > DEGRADED_AFTER_SESSIONS,
  );
  return {
    status: db && authUp && !marketsBehind ? 'ok' : 'degraded',
    db: db ? 'up' : 'down',
    auth: authUp ? 'up' : 'down',
    ...(markets ? { markets } : {}),
  };
}

/**
 * Is the database reachable, and the identity provider? One check runs at a time. A result younger
 * than HEALTH_FRESH_MS is answered as is; an older one starts a new check and, while that check
 * runs, the last completed result is answered with its age (`checked_at`, `age_ms`), so a burst of
 * requests never waits for (or piles up) checks and a busy instance is not reported down. Only
 * the very first request (no result yet) waits for its check.
 */
export async function checkHealth(now = Date.now()): Promise<Health> {
  const last = state.last;
  if (last && now - last.at < HEALTH_FRESH_MS) return withAge(last, now);
  if (!state.inFlight) {
    const started = now;
    const generation = state.generation;
    const flight = runCheck(started, generation)
      .then((health) => {
        // A check started before resetHealthCache() does not write into the new state.
        if (state.generation === generation) state.last = { health, at: started };
      })
      .finally(() => {
        if (state.inFlight === flight) state.inFlight = undefined;
      });
    state.inFlight = flight;
  }
  if (last) return withAge(last, now);
  await state.inFlight;
  const first = state.last;
  if (!first) throw new Error('the health check did not complete');
  return withAge(first, Math.max(now, first.at));
}

function withAge(result: { health: Health; at: number }, now: number): Health {
  return {
    ...result.health,
    checked_at: new Date(result.at).toISOString(),
    age_ms: Math.max(0, now - result.at),
  };
}

/** Forget the cached checks (tests); `authTimeoutMs` shortens the identity check's wait. */
export function resetHealthCache(opts: { authTimeoutMs?: number } = {}): void {
  state.auth = undefined;
  state.last = undefined;
  state.inFlight = undefined;
  state.generation += 1;
  state.authTimeoutMs = opts.authTimeoutMs ?? AUTH_CHECK_TIMEOUT_MS;
}
