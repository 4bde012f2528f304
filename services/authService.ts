import { onIdTokenChanged, signOut, type User } from 'firebase/auth';
import { setAuthTokenProvider } from './apiClient';
import { firebaseAuth } from './firebaseClient';

/** The signed-in identity as the app uses it (SPEC §3: uid, email, phoneNumber). */
export interface AuthIdentity {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  displayName: string | null;
}

export function toIdentity(user: User): AuthIdentity {
  return { uid: user.uid, email: user.email, phoneNumber: user.phoneNumber, displayName: user.displayName };
}

export const authService = {
  /** Follow sign-in, sign-out and token refresh; the API client gets the fresh token from here. */
  watch(onChange: (identity: AuthIdentity | null) => void): () => void {
    const auth = firebaseAuth();
    setAuthTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));
    let lastUid: string | null | undefined;
    return onIdTokenChanged(auth, (user) => {
      // Token refreshes fire this too: only report real identity changes.
      const uid = user?.uid ?? null;
      if (uid === lastUid) return;
      lastUid = uid;
      onChange(user ? toIdentity(user) : null);
    });
  },
  async signOut(): Promise<void> {
    await signOut(firebaseAuth());
  },
};
