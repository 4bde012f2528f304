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

const AUTH_CHECK_TTL_MS = 10_000;
let lastAuthCheck: { at: number; up: boolean } | undefined;

async function checkAuth(now: number): Promise<boolean> {
  if (lastAuthCheck && now - lastAuthCheck.at < AUTH_CHECK_TTL_MS) return lastAuthCheck.up;
  let up: boolean;
  try {
    if (usesAuthEmulator()) {
      const res = await fetch(`http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/`, {
        signal: AbortSignal.timeout(5000),
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
  } catch {
    up = false;
  }
  lastAuthCheck = { at: now, up };
  return up;
}

/** Is the database reachable, and the identity provider? */
export async function checkHealth(now = Date.now()): Promise<Health> {
  const [db, authUp] = await Promise.all([
    getDbHandle()
      .then(async (handle) => ((await pingDatabase(handle.db)) ? handle.db : null))
      .catch(() => null),
    checkAuth(now),
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

/** Forget the cached identity-provider check (tests). */
export function resetHealthCache(): void {
  lastAuthCheck = undefined;
}
