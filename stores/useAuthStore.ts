import { create } from 'zustand';
import type { UpdateUserInput } from '@/lib/schemas/user';
import type { UserDto } from '@/lib/types/user';
import { trackEvent, trackLogin, trackSignUp, type AuthMethod } from '@/services/analytics';
import { ApiError } from '@/services/apiError';
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
import { usesAuthEmulator } from '@/services/firebaseConfig';
import { userService } from '@/services/userService';
import { resetUserStores } from './userStoreResets';

/** Kept for code written before the registry had its own module; stores import ./userStoreResets. */
export { registerUserStoreReset } from './userStoreResets';

type AuthServiceModule = typeof import('@/services/authService');

/** The Firebase SDK and our auth service, once loaded (see `loadAuth`). */
let loadedAuth: AuthServiceModule | undefined;
let loadingAuth: Promise<AuthServiceModule> | undefined;

/**
 * The auth service with the Firebase SDK, loaded after the page has hydrated (the store's `init`
 * asks for it at once): the SDK is the largest part of the app, and no page needs it to render.
 * Until it has loaded the auth status is 'loading', so gated pages show their loader.
 */
function loadAuth(): Promise<AuthServiceModule> {
  loadingAuth ??= import('@/services/authService').then(
    (m) => (loadedAuth = m),
    (err: unknown) => {
      loadingAuth = undefined;
      throw err;
    },
  );
  return loadingAuth;
}

/**
 * Start loading the auth service now (e.g. where a sign-in form is about to be used). Resolves
 * when `authCapabilities.hasPassword` and the second factors can be read.
 */
export async function preloadAuth(): Promise<void> {
  await loadAuth();
}

async function auth(): Promise<AuthServiceModule['authService']> {
  return (await loadAuth()).authService;
}

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

interface AuthState {
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

const initialState = {
  status: 'loading' as AuthStatus,
  identity: null,
  user: null,
  userStatus: 'idle' as BackendUserStatus,
  busy: false,
  secondFactors: [] as SecondFactor[],
};

function trackSignedIn(method: AuthMethod, identity: AuthIdentity | null): void {
  trackEvent({ action: 'LOGIN', category: 'User', label: method });
  trackLogin(method, identity?.email ? { email: identity.email } : undefined);
}

function trackRegistered(
  method: AuthMethod,
  data: { email?: string; phone?: string; firstName?: string; lastName?: string },
): void {
  trackEvent({ action: 'SIGNUP', category: 'User', label: method });
  trackSignUp(method, data);
}

/**
 * What the sign-in provider can do here, for components (which never call services themselves):
 * with the Auth emulator, social sign-in uses the test identity dialog and TOTP is unavailable.
 */
export const authCapabilities = {
  socialUsesTestIdentity: (): boolean => usesAuthEmulator(),
  totpSupported: (): boolean => !usesAuthEmulator(),
  /** Only asked while signed in, when the auth service has loaded. */
  hasPassword: (): boolean => loadedAuth?.authService.hasPassword() ?? false,
};

/** Where the verification link leads back: the profile page, in the current language. */
export function verificationReturnUrl(): string | undefined {
  if (typeof window === 'undefined') return undefined;
  const prefix =
    window.location.pathname.startsWith('/en/') || window.location.pathname === '/en' ? '/en' : '';
  return `${window.location.origin}${prefix}/user/profile`;
}

/** Sequence number of the latest backend-user request: an older answer never overwrites a newer one. */
let fetchSeq = 0;
/**
 * Set while `register` creates the account and then the backend user: Firebase reports the new
 * identity before POST /user/create has run, and a fetch then would be a 404 (a console error in
 * every browser). The listener waits for it instead (issue 24 item 7).
 */
let registering = false;

/** SPEC §4's auth state: loading until Firebase reports, then signed in (backend user fetched) or out. */
export const useAuthStore = create<AuthState>()((set, get) => {
  /**
   * The backend user of `identity`, stored when this is still the newest request and the identity
   * has not changed meanwhile (else what is stored is kept); a failure of the newest request goes
   * to `failed`.
   */
  async function loadUser(
    identity: AuthIdentity,
    failed: (err: unknown) => UserDto | null,
  ): Promise<UserDto | null> {
    const seq = ++fetchSeq;
    try {
      const user = await userService.getCurrent(identity.uid);
      if (seq !== fetchSeq || get().identity?.uid !== identity.uid) return get().user;
      set({ user, userStatus: 'ready' });
      return user;
    } catch (err) {
      return seq === fetchSeq ? failed(err) : get().user;
    }
  }

  /** Make the store reflect a completed sign-in, even before Firebase's listener has reported it. */
  async function adoptIdentity(identity: AuthIdentity): Promise<void> {
    await get().setIdentity(identity);
    get().refreshSecondFactors();
  }

  /** A signed-in social user without a backend user gets one from the provider's profile. */
  async function ensureSocialBackendUser(
    provider: AuthMethod,
    isNewUser: boolean,
    profile: SocialProfile,
  ): Promise<void> {
    if (!isNewUser && get().userStatus !== 'missing') return;
    await userService.create({
      first_name: profile.firstName,
      last_name: profile.lastName,
      email: profile.email ?? undefined,
      mobile: profile.phone ?? '',
      accept_terms: true,
    });
    await get().fetchUser();
    trackRegistered(provider, {
      email: profile.email ?? undefined,
      phone: profile.phone ?? undefined,
      firstName: profile.firstName,
      lastName: profile.lastName,
    });
  }

  function profileFromIdentity(identity: AuthIdentity): SocialProfile {
    const parts = (identity.displayName ?? '').trim().split(/\s+/).filter(Boolean);
    return {
      firstName: parts.length > 1 ? parts.slice(0, -1).join(' ') : (parts[0] ?? ''),
      lastName: parts.length > 1 ? parts[parts.length - 1] : '',
      email: identity.email,
      phone: identity.phoneNumber,
    };
  }

  return {
    ...initialState,

    init() {
      let stopped = false;
      let unsubscribe: (() => void) | undefined;
      auth()
        .then((service) => {
          if (stopped) return;
          unsubscribe = service.watch((identity) => {
            void get().setIdentity(identity);
          });
        })
        .catch((err: unknown) => {
          // The SDK did not load, or the Firebase configuration is wrong (SPEC §8: one clear
          // error naming the variable): nobody can sign in, so say signed out rather than load forever.
          console.error('Could not start sign-in:', err);
          if (!stopped) set({ status: 'signedOut' });
        });
      // A subscription bought or cancelled in another tab (or at Stripe) shows when the person comes back.
      const onVisible = () => {
        if (document.visibilityState === 'visible' && get().userStatus === 'ready') void get().refreshUser();
      };
      if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
      return () => {
        stopped = true;
        unsubscribe?.();
        if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
      };
    },

    async setIdentity(identity) {
      if (!identity) {
        const wasSignedIn = get().status === 'signedIn';
        fetchSeq++;
        set({ status: 'signedOut', identity: null, user: null, userStatus: 'idle', secondFactors: [] });
        if (wasSignedIn) resetUserStores();
        return;
      }
      const current = get();
      const same = current.status === 'signedIn' && current.identity?.uid === identity.uid;
      set({ status: 'signedIn', identity });
      // The sign-in flows adopt the identity themselves; Firebase's listener then reports it again.
      if (same && (current.userStatus === 'ready' || current.userStatus === 'loading')) return;
      // A registration in progress fetches the user itself once it has been created.
      if (registering) return;
      await get().fetchUser();
    },

    async fetchUser() {
      const identity = get().identity;
      if (!identity) return null;
      set({ userStatus: 'loading' });
      return loadUser(identity, (err) => {
        const missing = err instanceof ApiError && err.status === 404;
        if (!missing) {
          console.error(
            'Could not fetch the backend user:',
            err instanceof ApiError ? `${err.status} ${err.message}` : err,
          );
        }
        set({ user: null, userStatus: missing ? 'missing' : 'error' });
        return null;
      });
    },

    async refreshUser() {
      const identity = get().identity;
      if (!identity || get().status !== 'signedIn') return null;
      return loadUser(identity, (err) => {
        // Keep what is shown; the next refresh or page load tries again.
        console.error('Could not refresh the backend user:', err instanceof ApiError ? err.message : err);
        return get().user;
      });
    },

    setUser(user) {
      set({ user, userStatus: user ? 'ready' : 'idle' });
    },

    async logout() {
      try {
        await (await auth()).signOut();
      } finally {
        fetchSeq++;
        set({
          status: 'signedOut',
          identity: null,
          user: null,
          userStatus: 'idle',
          secondFactors: [],
          busy: false,
        });
        resetUserStores();
      }
    },

    reset() {
      fetchSeq++;
      set(initialState);
    },

    async login(email, password, remember) {
      set({ busy: true });
      try {
        const outcome = await (await auth()).signInWithEmail(email, password, remember);
        if (outcome.kind === 'signedIn') {
          await adoptIdentity(outcome.identity);
          trackSignedIn('email', outcome.identity);
        }
        return outcome;
      } finally {
        set({ busy: false });
      }
    },

    async socialSignIn(provider, testIdentity) {
      set({ busy: true });
      try {
        const outcome = await (await auth()).signInWithSocial(provider, testIdentity);
        if (outcome.kind === 'signedIn') {
          if (outcome.isNewUser) {
            // A brand-new account has no backend user yet: do not ask for it before creating it.
            fetchSeq++;
            set({ status: 'signedIn', identity: outcome.identity, user: null, userStatus: 'missing' });
          } else {
            await adoptIdentity(outcome.identity);
          }
          await ensureSocialBackendUser(
            provider,
            outcome.isNewUser,
            outcome.profile ?? profileFromIdentity(outcome.identity),
          );
          get().refreshSecondFactors();
          trackSignedIn(provider, outcome.identity);
        }
        return outcome;
      } finally {
        set({ busy: false });
      }
    },

    async completeMfaSignIn(challenge, enrollmentId, code, method) {
      set({ busy: true });
      try {
        const credential = await (await auth()).resolveMfaSignIn(challenge, enrollmentId, code);
        const identity = (await loadAuth()).toIdentity(credential.user);
        await adoptIdentity(identity);
        if (method !== 'email') await ensureSocialBackendUser(method, false, profileFromIdentity(identity));
        trackSignedIn(method, identity);
        return identity;
      } finally {
        set({ busy: false });
      }
    },

    async register(input) {
      set({ busy: true });
      registering = true;
      try {
        const identity = await (await auth()).register(input);
        fetchSeq++;
        set({ status: 'signedIn', identity, user: null, userStatus: 'missing', secondFactors: [] });
        try {
          await userService.create({
            first_name: input.firstName,
            last_name: input.lastName,
            email: input.email,
            mobile: input.telephone,
            accept_terms: true,
          });
        } catch (err) {
          // Without a backend user the account is unusable: undo it so that the person can retry.
          await (await auth()).deleteCurrentUser();
          fetchSeq++;
          set({ status: 'signedOut', identity: null, user: null, userStatus: 'idle' });
          throw err;
        }
        registering = false;
        const user = await get().fetchUser();
        // The address is confirmed by its owner before any mail goes to it (issue 23 item 4). A
        // failure here does not undo the account: the profile page can send the link again.
        await (
          await auth()
        )
          .sendEmailVerification(verificationReturnUrl())
          .catch((err: unknown) => console.warn('Could not send the verification e-mail:', err));
        trackRegistered('email', {
          email: input.email,
          phone: input.telephone || undefined,
          firstName: input.firstName,
          lastName: input.lastName,
        });
        return user;
      } finally {
        registering = false;
        set({ busy: false });
      }
    },

    async sendPasswordReset(email) {
      await (await auth()).sendPasswordReset(email);
    },

    async updateProfile(input) {
      const user = await userService.update(input);
      set({ user, userStatus: 'ready' });
      return user;
    },

    async changePassword(currentPassword, newPassword) {
      return (await auth()).changePassword(currentPassword, newPassword);
    },

    async completePasswordChange(challenge, enrollmentId, code, newPassword) {
      await (await auth()).completePasswordChange(challenge, enrollmentId, code, newPassword);
    },

    refreshSecondFactors() {
      // Only meaningful while signed in, when the auth service has loaded.
      set({ secondFactors: loadedAuth?.authService.secondFactors() ?? [] });
    },

    async sendEmailVerification(continueUrl) {
      await (await auth()).sendEmailVerification(continueUrl);
    },

    async refreshEmailVerification() {
      const identity = await (await auth()).reloadIdentity();
      if (!identity) return false;
      const before = get().identity;
      if (before?.uid !== identity.uid || before.emailVerified !== identity.emailVerified) set({ identity });
      // Quietly (no loading state: the page around stays mounted); the server stores the flag.
      await get().refreshUser();
      return identity.emailVerified;
    },

    async startTotpEnrolment() {
      return (await auth()).startTotpEnrolment();
    },

    async finaliseTotpEnrolment(enrolment, code, displayName) {
      set({ secondFactors: await (await auth()).finaliseTotpEnrolment(enrolment, code, displayName) });
    },

    async unenrolSecondFactor(enrollmentId) {
      set({ secondFactors: await (await auth()).unenrolSecondFactor(enrollmentId) });
    },
  };
});
