import { authErrorCode, authErrorKey } from '@/lib/authErrors';
import { ApiError } from '@/services/apiError';

const fb = (code: string) => Object.assign(new Error(code), { code });

describe('authErrorKey (lib/authErrors.ts)', () => {
  it.each([
    ['auth/email-already-in-use', 'errors.emailInUse'],
    ['auth/weak-password', 'errors.weakPassword'],
    ['auth/password-does-not-meet-requirements', 'errors.weakPassword'],
    ['auth/invalid-email', 'errors.invalidEmail'],
    ['auth/wrong-password', 'errors.invalidCredentials'],
    ['auth/user-not-found', 'errors.invalidCredentials'],
    ['auth/invalid-credential', 'errors.invalidCredentials'],
    ['auth/invalid-login-credentials', 'errors.invalidCredentials'],
    ['auth/too-many-requests', 'errors.tooManyRequests'],
    ['auth/network-request-failed', 'errors.network'],
    ['auth/requires-recent-login', 'errors.requiresRecentLogin'],
    ['auth/invalid-verification-code', 'errors.invalidCode'],
    ['auth/argument-error', 'errors.argument'],
    ['auth/popup-closed-by-user', 'errors.popupClosed'],
    ['auth/popup-blocked', 'errors.popupBlocked'],
    ['auth/unverified-email', 'errors.unverifiedEmail'],
    ['auth/totp-challenge-timeout', 'errors.codeExpired'],
    ['auth/something-new', 'errors.unknown'],
  ])('%s -> %s', (code, key) => {
    expect(authErrorKey(fb(code))).toBe(key);
  });

  it('maps our API errors: no connection vs a server failure', () => {
    expect(authErrorKey(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe('errors.network');
    expect(authErrorKey(new ApiError(500, 'INTERNAL', 'x'))).toBe('errors.server');
  });

  it('anything else is unknown', () => {
    expect(authErrorKey(new Error('x'))).toBe('errors.unknown');
    expect(authErrorKey(undefined)).toBe('errors.unknown');
    expect(authErrorKey('auth/weak-password')).toBe('errors.unknown');
    expect(authErrorCode({ code: 42 })).toBeUndefined();
  });
});
