/** The auth store's state, its start values, and the small pure helpers its flows share. */
import type { StoreApi } from 'zustand';
import type { UpdateUserInput } from '@/lib/schemas/user';
import type { UserDto } from '@/lib/types/user';
import { trackEvent, trackLogin, trackSignUp, type AuthMethod } from '@/services/analytics';
import type {
  AuthIdentity,
  MfaChallenge,
  PasswordChangeOutcome,
  SecondFactor,
  SignInOutcome,
  SocialProfile,
  SocialProvider,
  TestIdentity,
  TotpEnrolment,
} from '@/services/authService';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';
export type BackendUserStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

/** The registration form's values (SPEC §3). */
export interface RegistrationInput {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  password: string;
}

export interface AuthState {
  status: AuthStatus;
  identity: AuthIdentity | null;
  user: UserDto | null;
  userStatus: BackendUserStatus;
  /** A sign-in or registration flow is running (its backend user may not exist yet). */
  busy: boolean;
  /** The signed-in user's enrolled second factors (TOTP). */
  secondFactors: SecondFactor[];
  /** Start following Firebase; returns the unsubscribe function. */
  init(): () => void;
  /** Called for every identity change (exposed for tests and for sign-up flows). */
  setIdentity(identity: AuthIdentity | null): Promise<void>;
  fetchUser(): Promise<UserDto | null>;
  /**
   * Fetch the backend user again without showing a loader (after a payment, and when the tab
   * becomes visible again): a subscription that changed elsewhere updates the menu at once.
   */
  refreshUser(): Promise<UserDto | null>;
  setUser(user: UserDto | null): void;
  /** Sign out, clear the backend user and every user store. */
  logout(): Promise<void>;
  reset(): void;

  /** Email and password; resolves with the second-factor challenge when one is needed. */
  login(email: string, password: string, remember: boolean): Promise<SignInOutcome>;
  /** Google or Facebook; a new social user gets a backend user from the provider's profile. */
  socialSignIn(provider: SocialProvider, testIdentity?: TestIdentity): Promise<SignInOutcome>;
  /** The TOTP step of a sign-in started by `login` or `socialSignIn`. */
  completeMfaSignIn(
    challenge: MfaChallenge,
    enrollmentId: string,
    code: string,
    method: AuthMethod,
  ): Promise<AuthIdentity>;
  /** Firebase account, backend user (accept_terms true), refetch, analytics. */
  register(input: RegistrationInput): Promise<UserDto | null>;
  sendPasswordReset(email: string): Promise<void>;
  /** PUT /api/v1/user: names and mobile. */
  updateProfile(input: UpdateUserInput): Promise<UserDto>;
  changePassword(currentPassword: string, newPassword: string): Promise<PasswordChangeOutcome>;
  completePasswordChange(
    challenge: MfaChallenge,
    enrollmentId: string,
    code: string,
    newPassword: string,
  ): Promise<void>;
  refreshSecondFactors(): void;
  /**
   * Mail the verification link (issue 23 item 4: alert e-mails and receipts go to verified addresses
   * only; TOTP enrolment in a real project needs one too). `continueUrl`: where the link leads back.
   */
  sendEmailVerification(continueUrl?: string): Promise<void>;
  /**
   * Read the account again after the link was followed: the fresh token carries email_verified, and
   * the backend user is fetched with it (the server stores the flag). Resolves with the flag.
   */
  refreshEmailVerification(): Promise<boolean>;
  startTotpEnrolment(): Promise<TotpEnrolment>;
  finaliseTotpEnrolment(enrolment: TotpEnrolment | null, code: string, displayName: string): Promise<void>;
  unenrolSecondFactor(enrollmentId: string): Promise<void>;
}

export const initialState = {
  status: 'loading' as AuthStatus,
  identity: null,
  user: null,
  userStatus: 'idle' as BackendUserStatus,
  busy: false,
  secondFactors: [] as SecondFactor[],
};

export function trackSignedIn(method: AuthMethod, identity: AuthIdentity | null): void {
  trackEvent({ action: 'LOGIN', category: 'User', label: method });
  trackLogin(method, identity?.email ? { email: identity.email } : undefined);
}

export function trackRegistered(
  method: AuthMethod,
  data: { email?: string; phone?: string; firstName?: string; lastName?: string },
): void {
  trackEvent({ action: 'SIGNUP', category: 'User', label: method });
  trackSignUp(method, data);
}

/** Where the verification link leads back: the profile page, in the current language. */
export function verificationReturnUrl(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const prefix =
    window.location.pathname.startsWith('/en/') || window.location.pathname === '/en' ? '/en' : '';
  return `${window.location.origin}${prefix}/user/profile`;
}

/** A social user's names and contact from the identity, when the provider gave no profile. */
export function profileFromIdentity(identity: AuthIdentity): SocialProfile {
  const parts = (identity.displayName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: parts.length > 1 ? parts.slice(0, -1).join(' ') : (parts[0] ?? ''),
    lastName: parts.length > 1 ? parts[parts.length - 1] : '',
    email: identity.email,
    phone: identity.phoneNumber,
  };
}

/** What the store's flows share with the session part (see useAuthStore). */
export interface AuthStoreContext {
  set: StoreApi<AuthState>['setState'];
  get: StoreApi<AuthState>['getState'];
  /** Make every backend-user request in flight stale: its answer is not stored. */
  invalidateUserRequests(): void;
  /** Mark a registration as running (the identity listener then leaves the fetch to it). */
  setRegistering(running: boolean): void;
}
