/**
 * Firebase Auth error codes → translation keys in the `auth` namespace (`errors.*`), so that every
 * form says in words a person understands what went wrong. Unknown codes fall back to
 * `errors.unknown`; the caller logs the underlying error.
 */

export type AuthErrorKey =
  | 'errors.emailInUse'
  | 'errors.weakPassword'
  | 'errors.invalidEmail'
  | 'errors.invalidCredentials'
  | 'errors.wrongCurrentPassword'
  | 'errors.userDisabled'
  | 'errors.tooManyRequests'
  | 'errors.network'
  | 'errors.requiresRecentLogin'
  | 'errors.invalidCode'
  | 'errors.missingCode'
  | 'errors.argument'
  | 'errors.popupClosed'
  | 'errors.popupBlocked'
  | 'errors.accountExistsWithDifferentCredential'
  | 'errors.operationNotAllowed'
  | 'errors.unverifiedEmail'
  | 'errors.secondFactorLimit'
  | 'errors.codeExpired'
  | 'errors.server'
  | 'errors.unknown';

const BY_CODE: Record<string, AuthErrorKey> = {
  'auth/email-already-in-use': 'errors.emailInUse',
  'auth/credential-already-in-use': 'errors.emailInUse',
  'auth/weak-password': 'errors.weakPassword',
  'auth/password-does-not-meet-requirements': 'errors.weakPassword',
  'auth/invalid-email': 'errors.invalidEmail',
  'auth/missing-email': 'errors.invalidEmail',
  'auth/wrong-password': 'errors.invalidCredentials',
  'auth/user-not-found': 'errors.invalidCredentials',
  'auth/invalid-credential': 'errors.invalidCredentials',
  'auth/invalid-login-credentials': 'errors.invalidCredentials',
  'auth/missing-password': 'errors.invalidCredentials',
  'auth/user-disabled': 'errors.userDisabled',
  'auth/too-many-requests': 'errors.tooManyRequests',
  'auth/network-request-failed': 'errors.network',
  'auth/requires-recent-login': 'errors.requiresRecentLogin',
  'auth/user-token-expired': 'errors.requiresRecentLogin',
  'auth/invalid-verification-code': 'errors.invalidCode',
  'auth/missing-code': 'errors.missingCode',
  'auth/argument-error': 'errors.argument',
  'auth/popup-closed-by-user': 'errors.popupClosed',
  'auth/cancelled-popup-request': 'errors.popupClosed',
  'auth/user-cancelled': 'errors.popupClosed',
  'auth/popup-blocked': 'errors.popupBlocked',
  'auth/account-exists-with-different-credential': 'errors.accountExistsWithDifferentCredential',
  'auth/operation-not-allowed': 'errors.operationNotAllowed',
  'auth/admin-restricted-operation': 'errors.operationNotAllowed',
  'auth/unverified-email': 'errors.unverifiedEmail',
  'auth/maximum-second-factor-count-exceeded': 'errors.secondFactorLimit',
  'auth/second-factor-already-in-use': 'errors.secondFactorLimit',
  'auth/code-expired': 'errors.codeExpired',
  'auth/totp-challenge-timeout': 'errors.codeExpired',
  'auth/missing-multi-factor-session': 'errors.codeExpired',
  'auth/invalid-multi-factor-session': 'errors.codeExpired',
};

/** The `code` of a Firebase error (or of our own argument errors), when there is one. */
export function authErrorCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/** The translation key (namespace `auth`) that explains `err` to a person. */
export function authErrorKey(err: unknown): AuthErrorKey {
  const code = authErrorCode(err);
  if (code && BY_CODE[code]) return BY_CODE[code];
  // An ApiError from our own backend (services/apiClient) carries a numeric status.
  if (typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'ApiError') {
    return (err as { status?: unknown }).status === 0 ? 'errors.network' : 'errors.server';
  }
  return 'errors.unknown';
}
