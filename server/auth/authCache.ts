import type { DecodedIdToken } from 'firebase-admin/auth';
import type { UserRow } from '@/server/db/schema';

/**
 * Short-lived, in-process caches for the two lookups every authenticated request makes: the
 * token verification (with its revocation check, a call to the identity provider) and the
 * backend user for subscription/admin checks. AUTH_CACHE_TTL_MS bounds how stale they can be:
 * a revoked session or a cancelled subscription takes effect within that time. Only successes
 * are cached, so a refused request is always re-checked.
 */
export const AUTH_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, expiresAt: number): void {
    if (this.entries.size >= MAX_ENTRIES) {
      // Maps iterate in insertion order: drop the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expiresAt });
  }

  deleteWhere(predicate: (key: string) => boolean): void {
    for (const key of [...this.entries.keys()]) if (predicate(key)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}

const tokens = new TtlCache<DecodedIdToken>();
const users = new TtlCache<UserRow>();

export function cachedToken(token: string, now = Date.now()): DecodedIdToken | undefined {
  return tokens.get(token, now);
}

/** Remember a verified token until the TTL passes or the token expires, whichever is first. */
export function rememberToken(token: string, decoded: DecodedIdToken, now = Date.now()): void {
  tokens.set(token, decoded, Math.min(now + AUTH_CACHE_TTL_MS, decoded.exp * 1000));
}

export function cachedUser(uid: string, requirement: string, now = Date.now()): UserRow | undefined {
  return users.get(`${uid}\u0000${requirement}`, now);
}

/** Remember a user row that passed `requirement`. */
export function rememberUser(uid: string, requirement: string, user: UserRow, now = Date.now()): void {
  users.set(`${uid}\u0000${requirement}`, user, now + AUTH_CACHE_TTL_MS);
}

/** Forget what is cached for a user (after this process changes the user's row). */
export function forgetUser(uid: string): void {
  users.deleteWhere((key) => key.startsWith(`${uid}\u0000`));
}

export function clearAuthCaches(): void {
  tokens.clear();
  users.clear();
}
