import { userService } from '@/services/userService';
import { auth, loadedSecondFactors } from './loader';
import type { AuthState, AuthStoreContext } from './state';

type AccountActions = Pick<
  AuthState,
  | 'sendPasswordReset'
  | 'updateProfile'
  | 'changePassword'
  | 'completePasswordChange'
  | 'refreshSecondFactors'
  | 'sendEmailVerification'
  | 'refreshEmailVerification'
  | 'startTotpEnrolment'
  | 'finaliseTotpEnrolment'
  | 'unenrolSecondFactor'
>;

/** The signed-in person's account: profile, password, e-mail verification and second factors. */
export function accountActions({ set, get }: AuthStoreContext): AccountActions {
  return {
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
      set({ secondFactors: loadedSecondFactors() });
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
}
