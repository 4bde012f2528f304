import { create } from 'zustand';
import type { UserDto } from '@/lib/types/user';
import { ApiError } from '@/services/apiError';
import type { AuthIdentity } from '@/services/authService';
import { userService } from '@/services/userService';
import { accountActions } from './auth/accountActions';
import { auth } from './auth/loader';
import { signInActions } from './auth/signInFlows';
import { initialState, type AuthState, type AuthStoreContext } from './auth/state';
import { resetUserStores } from './userStoreResets';

/**
 * The auth store. Its parts: `auth/loader.ts` (the Firebase SDK loaded after hydration, and what
 * the provider can do), `auth/state.ts` (state, start values, helpers), `auth/signInFlows.ts`
 * (sign-in and registration), `auth/accountActions.ts` (profile, password, verification, TOTP);
 * this file holds the session: following Firebase, the backend user, sign-out and reset.
 */

/** Kept for code written before the registry had its own module; stores import ./userStoreResets. */
export { registerUserStoreReset } from './userStoreResets';
export { authCapabilities, preloadAuth } from './auth/loader';
export { preloadApiClient } from '@/services/api';
export {
  verificationReturnUrl,
  type AuthStatus,
  type BackendUserStatus,
  type RegistrationInput,
} from './auth/state';

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

  const context: AuthStoreContext = {
    set,
    get,
    invalidateUserRequests: () => {
      fetchSeq++;
    },
    setRegistering: (running) => {
      registering = running;
    },
  };

  return {
    ...initialState,
    ...signInActions(context),
    ...accountActions(context),

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
  };
});
