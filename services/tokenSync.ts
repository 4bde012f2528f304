import type { User } from 'firebase/auth';
import { AUTH_TOKEN_SYNC_MAX_AGE_S } from '@/lib/constants';

/**
 * Optional token sync (SPEC §7): when NEXT_PUBLIC_TOKEN_SYNC_URL is set, the current ID token is
 * POSTed there as a bearer token after sign-in and on every refresh, and a DELETE tells it that
 * the user signed out. The receiver treats a synced token as valid for at most
 * AUTH_TOKEN_SYNC_MAX_AGE_S seconds, so while signed in we send the current token again before
 * that age is reached. Failures are logged and never block sign-in.
 */

export function tokenSyncUrl(): string | undefined {
  return process.env.NEXT_PUBLIC_TOKEN_SYNC_URL || undefined;
}

async function send(url: string, init: RequestInit): Promise<void> {
  try {
    const res = await fetch(url, { credentials: 'include', ...init });
    if (!res.ok) console.error(`Token sync ${init.method} failed: ${res.status} ${res.statusText}`);
  } catch (err) {
    console.error(`Token sync ${init.method} failed:`, err);
  }
}

export async function postToken(url: string, token: string): Promise<void> {
  await send(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ max_age: AUTH_TOKEN_SYNC_MAX_AGE_S }),
  });
}

export async function deleteToken(url: string): Promise<void> {
  await send(url, { method: 'DELETE' });
}

/**
 * Follows Firebase's ID-token changes (sign-in, refresh, sign-out). Returns a handler for
 * `onIdTokenChanged` and a `stop` that clears the resend timer. Without a configured URL both
 * are no-ops.
 */
export function createTokenSync(url: string | undefined = tokenSyncUrl()): {
  onTokenChanged(user: User | null): Promise<void>;
  stop(): void;
} {
  let timer: ReturnType<typeof setInterval> | undefined;
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  return {
    async onTokenChanged(user) {
      if (!url) return;
      stop();
      if (!user) {
        await deleteToken(url);
        return;
      }
      await postToken(url, await user.getIdToken());
      timer = setInterval(() => {
        // getIdToken refreshes the token when it is close to expiry; a refresh also fires
        // onIdTokenChanged, which restarts this timer.
        void user
          .getIdToken()
          .then((token) => postToken(url, token))
          .catch((err: unknown) => console.error('Token sync refresh failed:', err));
      }, AUTH_TOKEN_SYNC_MAX_AGE_S * 1000);
    },
    stop,
  };
}
