/** @jest-environment node */
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  AUTH_CACHE_TTL_MS,
  cachedToken,
  cachedUser,
  clearAuthCaches,
  forgetUser,
  rememberToken,
  rememberUser,
} from '@/server/auth/authCache';
import type { UserRow } from '@/server/db/schema';

const now = 1_800_000_000_000;
const decoded = (expSeconds: number) => ({ uid: 'u1', exp: expSeconds }) as DecodedIdToken;
const user = { uid: 'u1', subscriptionStatus: 'active', groupId: 2 } as UserRow;

beforeEach(() => clearAuthCaches());

describe('authCache', () => {
  it('keeps a verified token for the TTL, then forgets it', () => {
    rememberToken('t', decoded(now / 1000 + 3600), now);
    expect(cachedToken('t', now + AUTH_CACHE_TTL_MS - 1)?.uid).toBe('u1');
    expect(cachedToken('t', now + AUTH_CACHE_TTL_MS)).toBeUndefined();
  });

  it('never keeps a token past its own expiry', () => {
    rememberToken('t', decoded(now / 1000 + 1), now);
    expect(cachedToken('t', now + 999)).toBeDefined();
    expect(cachedToken('t', now + 1000)).toBeUndefined();
  });

  it('keeps a user per requirement and forgets every requirement of a changed user', () => {
    rememberUser('u1', 'subscription', user, now);
    expect(cachedUser('u1', 'subscription', now + 1)).toBe(user);
    expect(cachedUser('u1', 'admin', now + 1)).toBeUndefined();
    forgetUser('u1');
    expect(cachedUser('u1', 'subscription', now + 1)).toBeUndefined();
  });

  it('expires users after the TTL', () => {
    rememberUser('u1', 'subscription', user, now);
    expect(cachedUser('u1', 'subscription', now + AUTH_CACHE_TTL_MS)).toBeUndefined();
  });
});
