import type { AuthMethod } from '@/services/analytics';
import type { AuthIdentity, SocialProfile } from '@/services/authService';
import { userService } from '@/services/userService';
import { auth, loadAuth } from './loader';
import {
  profileFromIdentity,
  trackRegistered,
  trackSignedIn,
  verificationReturnUrl,
  type AuthState,
  type AuthStoreContext,
} from './state';

type SignInActions = Pick<AuthState, 'login' | 'socialSignIn' | 'completeMfaSignIn' | 'register'>;

/** Sign-in (email, social, the TOTP step) and registration: each adopts the identity it gets. */
export function signInActions({
  set,
  get,
  invalidateUserRequests,
  setRegistering,
}: AuthStoreContext): SignInActions {
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

  return {
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
            invalidateUserRequests();
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
      setRegistering(true);
      try {
        const identity = await (await auth()).register(input);
        invalidateUserRequests();
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
          invalidateUserRequests();
          set({ status: 'signedOut', identity: null, user: null, userStatus: 'idle' });
          throw err;
        }
        setRegistering(false);
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
        setRegistering(false);
        set({ busy: false });
      }
    },
  };
}
