import type { DecodedIdToken } from 'firebase-admin/auth';
import { HttpError } from '@/server/http/errors';
import { cachedToken, rememberToken } from './authCache';
import { adminAuth } from './firebaseAdmin';
import { describeError } from '@/server/logging/describeError';

/** Extract the bearer token from an Authorization header, or throw 401. */
export function bearerToken(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new HttpError(401, 'TOKEN_MISSING', 'Sign in first: the Authorization header is missing');
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  if (!match)
    throw new HttpError(401, 'TOKEN_MALFORMED', 'The Authorization header must be "Bearer <token>"');
  return match[1];
}

const TOKEN_ERRORS: Record<string, [string, string]> = {
  'auth/id-token-expired': ['TOKEN_EXPIRED', 'Your session has expired: sign in again'],
  'auth/id-token-revoked': ['TOKEN_REVOKED', 'Your session was revoked: sign in again'],
  'auth/user-disabled': ['USER_DISABLED', 'This account is disabled'],
  'auth/user-not-found': ['TOKEN_INVALID', 'The token belongs to no known account'],
};

/**
 * Verifications under way, by token: concurrent requests with the same token share one call to
 * the identity provider. Without it, every request that arrived while the cached verification had
 * expired made its own revocation check, so the provider got one call per request in flight at
 * that moment (up to the number of open connections, every AUTH_CACHE_TTL_MS; issue 43's load
 * bench). Only the call is shared: its answer is cached as before, a refusal is not.
 */
const verifying = new Map<string, Promise<DecodedIdToken>>();

/** Verify a Firebase ID token with firebase-admin, revocation included; 401 for any failure. */
export async function verifyIdToken(token: string): Promise<DecodedIdToken> {
  const cached = cachedToken(token);
  if (cached) return cached;
  let pending = verifying.get(token);
  if (!pending) {
    pending = verifyWithProvider(token).finally(() => verifying.delete(token));
    verifying.set(token, pending);
  }
  return pending;
}

async function verifyWithProvider(token: string): Promise<DecodedIdToken> {
  try {
    const decoded = await adminAuth().verifyIdToken(token, true);
    rememberToken(token, decoded);
    return decoded;
  } catch (err) {
    const code = (err as { code?: string }).code ?? '';
    const [errorCode, message] = TOKEN_ERRORS[code] ?? ['TOKEN_INVALID', 'The sign-in token is not valid'];
    if (!TOKEN_ERRORS[code] && !code.startsWith('auth/')) {
      // Not a token problem (e.g. the emulator is down): log it, still refuse the request.
      const { errorClass, message } = describeError(err);
      console.error(`[auth] token verification failed: ${errorClass}: ${message}`);
    }
    throw new HttpError(401, errorCode, message);
  }
}
