import { getDbHandle } from '@/server/db';
import { pingDatabase } from '@/server/db/client';
import { adminAuth, usesAuthEmulator } from '@/server/auth/firebaseAdmin';

export interface Health {
  status: 'ok' | 'degraded';
  db: 'up' | 'down';
  auth: 'up' | 'down';
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
  const [dbUp, authUp] = await Promise.all([
    getDbHandle()
      .then((handle) => pingDatabase(handle.db))
      .catch(() => false),
    checkAuth(now),
  ]);
  return {
    status: dbUp && authUp ? 'ok' : 'degraded',
    db: dbUp ? 'up' : 'down',
    auth: authUp ? 'up' : 'down',
  };
}

/** Forget the cached identity-provider check (tests). */
export function resetHealthCache(): void {
  lastAuthCheck = undefined;
}
