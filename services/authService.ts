import {
  browserLocalPersistence,
  browserSessionPersistence,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  FacebookAuthProvider,
  getAdditionalUserInfo,
  getMultiFactorResolver,
  GoogleAuthProvider,
  multiFactor,
  onIdTokenChanged,
  reauthenticateWithCredential,
  sendEmailVerification,
  sendPasswordResetEmail,
  setPersistence,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  TotpMultiFactorGenerator,
  updatePassword,
  updateProfile,
  type MultiFactorError,
  type MultiFactorResolver,
  type TotpSecret,
  type User,
  type UserCredential,
} from 'firebase/auth';
import { setAuthTokenProvider } from './authToken';
import { firebaseAuth, usesAuthEmulator } from './firebaseClient';
import { createTokenSync } from './tokenSync';

/** The signed-in identity as the app uses it (SPEC §3: uid, email, phoneNumber). */
export interface AuthIdentity {
  uid: string;
  email: string | null;
  phoneNumber: string | null;
  displayName: string | null;
  /** Firebase's emailVerified: the person followed the link sent to `email`. */
  emailVerified: boolean;
}

export function toIdentity(user: User): AuthIdentity {
  return {
    uid: user.uid,
    email: user.email,
    phoneNumber: user.phoneNumber,
    displayName: user.displayName,
    emailVerified: user.emailVerified,
  };
}

/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'Trendvakt';

/**
 * SPEC §5: TOTP sign-in needs an enrolment id and a code, enrolment needs a secret and a code;
 * otherwise an argument error. Same `code` as Firebase's own argument errors.
 */
export class AuthArgumentError extends Error {
  readonly code = 'auth/argument-error';
  constructor(what: string) {
    super(`Missing ${what}`);
    this.name = 'AuthArgumentError';
  }
}

/** A social sign-in that cannot go on (no access token from the provider). */
export class SocialSignInError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'SocialSignInError';
  }
}

export type SocialProvider = 'google' | 'facebook';

/** What our emulator-only test identity provider dialog collects. */
export interface TestIdentity {
  email: string;
  name: string;
}

/** A second factor the user has enrolled (SPEC §3's TOTP enrolment, as far as the client sees it). */
export interface SecondFactor {
  enrollmentId: string;
  displayName: string | null;
  factorId: string;
  enrolledAt: string | null;
}

/** Sign-in stopped at the second factor; finish it with `resolveMfaSignIn`. */
export interface MfaChallenge {
  factors: SecondFactor[];
  resolver: MultiFactorResolver;
}

/** Names and contact details from a social provider's profile (for the new backend user). */
export interface SocialProfile {
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
}

export type SignInOutcome =
  | { kind: 'signedIn'; identity: AuthIdentity; isNewUser: boolean; profile?: SocialProfile }
  | { kind: 'mfaRequired'; challenge: MfaChallenge };

export type PasswordChangeOutcome = { kind: 'done' } | { kind: 'mfaRequired'; challenge: MfaChallenge };

/** A started TOTP enrolment: what the user needs to add the account to an authenticator app. */
export interface TotpEnrolment {
  secretKey: string;
  hashingAlgorithm: string;
  codeLength: number;
  periodSec: number;
  /** When the server stops accepting the confirmation code. */
  deadline: string;
  /** otpauth://totp/{issuer}:{account}?secret=…&issuer=…&algorithm=…&digits=… */
  qrCodeUrl: string;
  secret: TotpSecret;
}

function requireUser(): User {
  const user = firebaseAuth().currentUser;
  if (!user) throw new AuthArgumentError('signed-in user');
  return user;
}

function toSecondFactor(info: {
  uid: string;
  displayName?: string | null;
  factorId: string;
  enrollmentTime?: string;
}): SecondFactor {
  return {
    enrollmentId: info.uid,
    displayName: info.displayName ?? null,
    factorId: info.factorId,
    enrolledAt: info.enrollmentTime ?? null,
  };
}

function isMfaRequired(err: unknown): err is MultiFactorError {
  return (err as { code?: unknown })?.code === 'auth/multi-factor-auth-required';
}

function challengeFrom(err: MultiFactorError): MfaChallenge {
  const resolver = getMultiFactorResolver(firebaseAuth(), err);
  return { factors: resolver.hints.map(toSecondFactor), resolver };
}

function splitName(name: string | null | undefined): { firstName: string; lastName: string } {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { firstName: '', lastName: '' };
  return {
    firstName: parts.slice(0, -1).join(' ') || parts[0],
    lastName: parts.length > 1 ? parts[parts.length - 1] : '',
  };
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Given and family names from the provider's profile (Google: given_name/family_name, Facebook: first_name/last_name). */
export function socialProfileOf(credential: UserCredential): SocialProfile {
  const profile = getAdditionalUserInfo(credential)?.profile ?? {};
  const fallback = splitName(asString(profile.name) ?? credential.user.displayName);
  return {
    firstName: asString(profile.given_name) ?? asString(profile.first_name) ?? fallback.firstName,
    lastName: asString(profile.family_name) ?? asString(profile.last_name) ?? fallback.lastName,
    email: asString(profile.email) ?? credential.user.email,
    phone: credential.user.phoneNumber,
  };
}

function signedIn(credential: UserCredential, profile?: SocialProfile): SignInOutcome {
  return {
    kind: 'signedIn',
    identity: toIdentity(credential.user),
    isNewUser: getAdditionalUserInfo(credential)?.isNewUser ?? false,
    profile,
  };
}

function providerFor(provider: SocialProvider): GoogleAuthProvider | FacebookAuthProvider {
  if (provider === 'google') return new GoogleAuthProvider();
  const facebook = new FacebookAuthProvider();
  facebook.addScope('email');
  return facebook;
}

/**
 * The emulator's stand-in for a provider's popup: an unsigned JSON ID token that the Auth emulator
 * accepts for google.com / facebook.com (STACK.md). `sub` is derived from the email so that the
 * same test person signs in as the same user again.
 */
export function testIdentityCredential(provider: SocialProvider, identity: TestIdentity) {
  const email = identity.email.trim().toLowerCase();
  const { firstName, lastName } = splitName(identity.name);
  const claims = JSON.stringify({
    sub: `test-${email}`,
    email,
    email_verified: true,
    name: identity.name.trim(),
    given_name: firstName,
    family_name: lastName,
  });
  return provider === 'google'
    ? GoogleAuthProvider.credential(claims)
    : FacebookAuthProvider.credential(claims);
}

export const authService = {
  /** Follow sign-in, sign-out and token refresh; the API client gets the fresh token from here. */
  watch(onChange: (identity: AuthIdentity | null) => void): () => void {
    const auth = firebaseAuth();
    setAuthTokenProvider(async () => (auth.currentUser ? auth.currentUser.getIdToken() : null));
    const tokenSync = createTokenSync();
    let lastUid: string | null | undefined;
    const unsubscribe = onIdTokenChanged(auth, (user) => {
      void tokenSync.onTokenChanged(user);
      // Token refreshes fire this too: only report real identity changes.
      const uid = user?.uid ?? null;
      if (uid === lastUid) return;
      lastUid = uid;
      onChange(user ? toIdentity(user) : null);
    });
    return () => {
      unsubscribe();
      tokenSync.stop();
    };
  },

  async signOut(): Promise<void> {
    await signOut(firebaseAuth());
  },

  /** The identity Firebase holds right now (e.g. after updateProfile). */
  currentIdentity(): AuthIdentity | null {
    const user = firebaseAuth().currentUser;
    return user ? toIdentity(user) : null;
  },

  /**
   * Email and password. `remember` keeps the session across browser restarts (local storage);
   * without it the session ends with the browser session.
   */
  async signInWithEmail(email: string, password: string, remember: boolean): Promise<SignInOutcome> {
    const auth = firebaseAuth();
    await setPersistence(auth, remember ? browserLocalPersistence : browserSessionPersistence);
    try {
      return signedIn(await signInWithEmailAndPassword(auth, email, password));
    } catch (err) {
      if (isMfaRequired(err)) return { kind: 'mfaRequired', challenge: challengeFrom(err) };
      throw err;
    }
  },

  /** Finish a sign-in (or reauthentication) with the TOTP code of one enrolled factor. */
  async resolveMfaSignIn(
    challenge: MfaChallenge,
    enrollmentId: string,
    code: string,
  ): Promise<UserCredential> {
    if (!enrollmentId) throw new AuthArgumentError('enrolment id');
    if (!code) throw new AuthArgumentError('verification code');
    return challenge.resolver.resolveSignIn(TotpMultiFactorGenerator.assertionForSignIn(enrollmentId, code));
  },

  /** A new email-and-password account with the person's name as display name. */
  async register(input: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
  }): Promise<AuthIdentity> {
    const auth = firebaseAuth();
    await setPersistence(auth, browserLocalPersistence);
    const { user } = await createUserWithEmailAndPassword(auth, input.email, input.password);
    await updateProfile(user, { displayName: `${input.firstName} ${input.lastName}`.trim() });
    return toIdentity(user);
  },

  /** Sends the reset email. An unknown address is not an error: the caller answers the same either way. */
  async sendPasswordReset(email: string): Promise<void> {
    try {
      await sendPasswordResetEmail(firebaseAuth(), email);
    } catch (err) {
      if ((err as { code?: unknown })?.code === 'auth/user-not-found') return;
      throw err;
    }
  },

  /** Social sign-in goes through our test identity dialog when popups cannot work (the emulator). */
  socialUsesTestIdentity(): boolean {
    return usesAuthEmulator();
  },

  /**
   * Google or Facebook: a popup against a real project; with the emulator, the unsigned credential
   * of `testIdentity`. A popup result without an access token is logged and stops the flow.
   */
  async signInWithSocial(provider: SocialProvider, testIdentity?: TestIdentity): Promise<SignInOutcome> {
    const auth = firebaseAuth();
    await setPersistence(auth, browserLocalPersistence);
    try {
      if (authService.socialUsesTestIdentity()) {
        if (!testIdentity) throw new AuthArgumentError('test identity');
        const credential = await signInWithCredential(auth, testIdentityCredential(provider, testIdentity));
        return signedIn(credential, socialProfileOf(credential));
      }
      const result = await signInWithPopup(auth, providerFor(provider));
      const oauth =
        provider === 'google'
          ? GoogleAuthProvider.credentialFromResult(result)
          : FacebookAuthProvider.credentialFromResult(result);
      if (!oauth?.accessToken) {
        console.error(`Social sign-in with ${provider}: the provider returned no access token`);
        await signOut(auth);
        throw new SocialSignInError('auth/missing-access-token', 'The provider returned no access token');
      }
      return signedIn(result, socialProfileOf(result));
    } catch (err) {
      if (isMfaRequired(err)) return { kind: 'mfaRequired', challenge: challengeFrom(err) };
      throw err;
    }
  },

  /** TOTP needs a real Firebase (Identity Platform) project: the Auth emulator has no TOTP. */
  totpSupported(): boolean {
    return !usesAuthEmulator();
  },

  /** Whether the signed-in user has a password (social-only accounts have none to change). */
  hasPassword(): boolean {
    return Boolean(firebaseAuth().currentUser?.providerData.some((p) => p.providerId === 'password'));
  },

  /** Reauthenticate with the current password, then set the new one. */
  async changePassword(currentPassword: string, newPassword: string): Promise<PasswordChangeOutcome> {
    const user = requireUser();
    if (!user.email) throw new AuthArgumentError('email');
    try {
      await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, currentPassword));
    } catch (err) {
      if (isMfaRequired(err)) return { kind: 'mfaRequired', challenge: challengeFrom(err) };
      throw err;
    }
    await updatePassword(user, newPassword);
    return { kind: 'done' };
  },

  /** The second step of a password change for a user with two-factor sign-in. */
  async completePasswordChange(
    challenge: MfaChallenge,
    enrollmentId: string,
    code: string,
    newPassword: string,
  ): Promise<void> {
    await authService.resolveMfaSignIn(challenge, enrollmentId, code);
    await updatePassword(requireUser(), newPassword);
  },

  /** Undo a registration whose backend user could not be created, so that the person can try again. */
  async deleteCurrentUser(): Promise<void> {
    const auth = firebaseAuth();
    const user = auth.currentUser;
    if (!user) return;
    try {
      await user.delete();
    } catch (err) {
      console.error('Could not delete the half-registered account:', err);
      await signOut(auth);
    }
  },

  /**
   * Mail the link that verifies the address (the Auth emulator keeps it instead: the profile shows
   * it). The link leads back to `continueUrl` (the profile) once followed.
   */
  async sendEmailVerification(continueUrl?: string): Promise<void> {
    await sendEmailVerification(requireUser(), continueUrl ? { url: continueUrl } : null);
  },

  /** Read the account again (e.g. after the link was followed) with a fresh ID token. */
  async reloadIdentity(): Promise<AuthIdentity | null> {
    const user = firebaseAuth().currentUser;
    if (!user) return null;
    await user.reload();
    await user.getIdToken(true);
    return toIdentity(user);
  },

  /** The signed-in user's enrolled second factors. */
  secondFactors(): SecondFactor[] {
    const user = firebaseAuth().currentUser;
    return user ? multiFactor(user).enrolledFactors.map(toSecondFactor) : [];
  },

  /** Step 1 of TOTP enrolment (identity toolkit `mfaEnrollment:start`): a new shared secret. */
  async startTotpEnrolment(): Promise<TotpEnrolment> {
    const user = requireUser();
    const session = await multiFactor(user).getSession();
    const secret = await TotpMultiFactorGenerator.generateSecret(session);
    const account = user.email ?? user.uid;
    return {
      secretKey: secret.secretKey,
      hashingAlgorithm: secret.hashingAlgorithm,
      codeLength: secret.codeLength,
      periodSec: secret.codeIntervalSeconds,
      deadline: secret.enrollmentCompletionDeadline,
      qrCodeUrl: secret.generateQrCodeUrl(encodeURIComponent(account), encodeURIComponent(TOTP_ISSUER)),
      secret,
    };
  },

  /** Step 2 (`mfaEnrollment:finalize`): confirm with a code from the app. */
  async finaliseTotpEnrolment(
    enrolment: TotpEnrolment | null | undefined,
    code: string,
    displayName: string,
  ): Promise<SecondFactor[]> {
    if (!enrolment?.secret) throw new AuthArgumentError('TOTP secret');
    if (!code) throw new AuthArgumentError('verification code');
    const user = requireUser();
    await multiFactor(user).enroll(
      TotpMultiFactorGenerator.assertionForEnrollment(enrolment.secret, code),
      displayName,
    );
    return multiFactor(user).enrolledFactors.map(toSecondFactor);
  },

  async unenrolSecondFactor(enrollmentId: string): Promise<SecondFactor[]> {
    if (!enrollmentId) throw new AuthArgumentError('enrolment id');
    const user = requireUser();
    await multiFactor(user).unenroll(enrollmentId);
    return multiFactor(user).enrolledFactors.map(toSecondFactor);
  },
};
