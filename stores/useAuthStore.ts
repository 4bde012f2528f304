import { create } from 'zustand';
import type { UserDto } from '@/lib/types/user';
import { ApiError } from '@/services/apiClient';
import { authService, type AuthIdentity } from '@/services/authService';
import { userService } from '@/services/userService';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';
export type BackendUserStatus = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

interface AuthState {
  status: AuthStatus;
  identity: AuthIdentity | null;
  user: UserDto | null;
  userStatus: BackendUserStatus;
  /** Start following Firebase; returns the unsubscribe function. */
  init(): () => void;
  /** Called for every identity change (exposed for tests and for sign-up flows). */
  setIdentity(identity: AuthIdentity | null): Promise<void>;
  fetchUser(): Promise<UserDto | null>;
  setUser(user: UserDto | null): void;
  logout(): Promise<void>;
  reset(): void;
}

const initialState = {
  status: 'loading' as AuthStatus,
  identity: null,
  user: null,
  userStatus: 'idle' as BackendUserStatus,
};

/** SPEC §4's auth state: loading until Firebase reports, then signed in (backend user fetched) or out. */
export const useAuthStore = create<AuthState>()((set, get) => ({
  ...initialState,

  init() {
    return authService.watch((identity) => {
      void get().setIdentity(identity);
    });
  },

  async setIdentity(identity) {
    if (!identity) {
      set({ status: 'signedOut', identity: null, user: null, userStatus: 'idle' });
      return;
    }
    set({ status: 'signedIn', identity });
    await get().fetchUser();
  },

  async fetchUser() {
    const identity = get().identity;
    if (!identity) return null;
    set({ userStatus: 'loading' });
    try {
      const user = await userService.getCurrent(identity.uid);
      // The identity may have changed while we waited.
      if (get().identity?.uid !== identity.uid) return null;
      set({ user, userStatus: 'ready' });
      return user;
    } catch (err) {
      const missing = err instanceof ApiError && err.status === 404;
      if (!missing) console.error('Could not fetch the backend user:', err instanceof ApiError ? `${err.status} ${err.message}` : err);
      set({ user: null, userStatus: missing ? 'missing' : 'error' });
      return null;
    }
  },

  setUser(user) {
    set({ user, userStatus: user ? 'ready' : 'idle' });
  },

  async logout() {
    await authService.signOut();
    set({ status: 'signedOut', identity: null, user: null, userStatus: 'idle' });
  },

  reset() {
    set(initialState);
  },
}));
