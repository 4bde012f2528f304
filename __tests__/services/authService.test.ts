/**
 * authService with firebase/auth mocked: which Firebase calls each flow makes (persistence for
 * remember me, display name on registration, the emulator's unsigned social credential, the
 * popup's access-token check, reauthentication before a password change).
 */
import * as firebaseAuth from 'firebase/auth';
import {
  AuthArgumentError,
  authService,
  SocialSignInError,
  testIdentityCredential,
} from '@/services/authService';
import { usesAuthEmulator } from '@/services/firebaseClient';

const mockAuth = { currentUser: null as unknown, name: '[DEFAULT]' };

jest.mock('@/services/firebaseClient', () => ({
  firebaseAuth: () => mockAuth,
  usesAuthEmulator: jest.fn(() => true),
}));
jest.mock('firebase/auth', () => {
  class GoogleAuthProvider {
    static credential = jest.fn((idToken: string) => ({ providerId: 'google.com', idToken }));
    static credentialFromResult = jest.fn();
  }
  class FacebookAuthProvider {
    addScope = jest.fn();
    static credential = jest.fn((accessToken: string) => ({ providerId: 'facebook.com', accessToken }));
    static credentialFromResult = jest.fn();
  }
  return {
    browserLocalPersistence: { type: 'LOCAL' },
    browserSessionPersistence: { type: 'SESSION' },
    setPersistence: jest.fn(async () => {}),
    signInWithEmailAndPassword: jest.fn(),
    createUserWithEmailAndPassword: jest.fn(),
    updateProfile: jest.fn(async () => {}),
    sendPasswordResetEmail: jest.fn(async () => {}),
    signInWithCredential: jest.fn(),
    signInWithPopup: jest.fn(),
    signOut: jest.fn(async () => {}),
    onIdTokenChanged: jest.fn(),
    getAdditionalUserInfo: jest.fn(),
    getMultiFactorResolver: jest.fn(),
    reauthenticateWithCredential: jest.fn(async () => ({})),
    updatePassword: jest.fn(async () => {}),
    sendEmailVerification: jest.fn(async () => {}),
    multiFactor: jest.fn(),
    EmailAuthProvider: { credential: jest.fn((email: string, password: string) => ({ email, password })) },
    TotpMultiFactorGenerator: {
      assertionForSignIn: jest.fn(),
      assertionForEnrollment: jest.fn(),
      generateSecret: jest.fn(),
    },
    GoogleAuthProvider,
    FacebookAuthProvider,
  };
});

const fa = jest.mocked(firebaseAuth);
const kari = {
  uid: 'uid-kari',
  email: 'kari@trendvakt.test',
  phoneNumber: null,
  displayName: 'Kari Nordmann',
  providerData: [],
};
const credentialOf = (user: object) =>
  ({ user, providerId: null, operationType: 'signIn' }) as unknown as firebaseAuth.UserCredential;
const mfaError = Object.assign(new Error('mfa'), { code: 'auth/multi-factor-auth-required' });
const resolver = {
  hints: [
    { uid: 'enr-1', displayName: 'Phone', factorId: 'totp', enrollmentTime: 'Wed, 01 May 2024 10:00:00 GMT' },
  ],
  resolveSignIn: jest.fn(),
};

beforeEach(() => {
  jest.clearAllMocks();
  mockAuth.currentUser = null;
  jest.mocked(usesAuthEmulator).mockReturnValue(true);
  fa.getAdditionalUserInfo.mockReturnValue({ isNewUser: false, profile: {}, providerId: 'password' });
  fa.getMultiFactorResolver.mockReturnValue(resolver as unknown as firebaseAuth.MultiFactorResolver);
});

describe('signInWithEmail', () => {
  it.each([
    [true, { type: 'LOCAL' }],
    [false, { type: 'SESSION' }],
  ])('remember=%s sets %o persistence before signing in', async (remember, persistence) => {
    fa.signInWithEmailAndPassword.mockResolvedValue(credentialOf(kari));
    const outcome = await authService.signInWithEmail('kari@trendvakt.test', 'hemmelig1', remember);
    expect(fa.setPersistence).toHaveBeenCalledWith(mockAuth, persistence);
    expect(fa.setPersistence.mock.invocationCallOrder[0]).toBeLessThan(
      fa.signInWithEmailAndPassword.mock.invocationCallOrder[0],
    );
    expect(fa.signInWithEmailAndPassword).toHaveBeenCalledWith(mockAuth, 'kari@trendvakt.test', 'hemmelig1');
    expect(outcome).toEqual({
      kind: 'signedIn',
      identity: {
        uid: 'uid-kari',
        email: 'kari@trendvakt.test',
        phoneNumber: null,
        displayName: 'Kari Nordmann',
      },
      isNewUser: false,
      profile: undefined,
    });
  });

  it('turns multi-factor-auth-required into a challenge with the enrolled factors', async () => {
    fa.signInWithEmailAndPassword.mockRejectedValue(mfaError);
    const outcome = await authService.signInWithEmail('kari@trendvakt.test', 'hemmelig1', false);
    expect(fa.getMultiFactorResolver).toHaveBeenCalledWith(mockAuth, mfaError);
    expect(outcome).toEqual({
      kind: 'mfaRequired',
      challenge: {
        resolver,
        factors: [
          {
            enrollmentId: 'enr-1',
            displayName: 'Phone',
            factorId: 'totp',
            enrolledAt: 'Wed, 01 May 2024 10:00:00 GMT',
          },
        ],
      },
    });
  });

  it('passes other failures on', async () => {
    const wrong = Object.assign(new Error('x'), { code: 'auth/wrong-password' });
    fa.signInWithEmailAndPassword.mockRejectedValue(wrong);
    await expect(authService.signInWithEmail('a@b.no', 'x', false)).rejects.toBe(wrong);
  });
});

describe('resolveMfaSignIn', () => {
  const challenge = { factors: [], resolver: resolver as unknown as firebaseAuth.MultiFactorResolver };

  it.each([
    ['', '123456'],
    ['enr-1', ''],
  ])('needs an enrolment id and a code (%p, %p): argument error', async (id, code) => {
    const result = authService.resolveMfaSignIn(challenge, id, code);
    await expect(result).rejects.toBeInstanceOf(AuthArgumentError);
    await expect(result).rejects.toMatchObject({ code: 'auth/argument-error' });
    expect(resolver.resolveSignIn).not.toHaveBeenCalled();
  });

  it('resolves with a TOTP assertion for the factor and code', async () => {
    const assertion = { factorId: 'totp' } as unknown as firebaseAuth.TotpMultiFactorAssertion;
    fa.TotpMultiFactorGenerator.assertionForSignIn.mockReturnValue(assertion);
    resolver.resolveSignIn.mockResolvedValue(credentialOf(kari));
    await authService.resolveMfaSignIn(challenge, 'enr-1', '123456');
    expect(fa.TotpMultiFactorGenerator.assertionForSignIn).toHaveBeenCalledWith('enr-1', '123456');
    expect(resolver.resolveSignIn).toHaveBeenCalledWith(assertion);
  });
});

describe('register', () => {
  it('creates the account with a persistent session and the full name as display name', async () => {
    const user = { ...kari, displayName: null };
    fa.createUserWithEmailAndPassword.mockResolvedValue(credentialOf(user));
    const identity = await authService.register({
      email: 'kari@trendvakt.test',
      password: 'hemmelig1',
      firstName: 'Kari',
      lastName: 'Nordmann',
    });
    expect(fa.setPersistence).toHaveBeenCalledWith(mockAuth, { type: 'LOCAL' });
    expect(fa.createUserWithEmailAndPassword).toHaveBeenCalledWith(
      mockAuth,
      'kari@trendvakt.test',
      'hemmelig1',
    );
    expect(fa.updateProfile).toHaveBeenCalledWith(user, { displayName: 'Kari Nordmann' });
    expect(identity.uid).toBe('uid-kari');
  });
});

describe('sendPasswordReset', () => {
  it('does not tell whether the address has an account (user-not-found is not an error)', async () => {
    fa.sendPasswordResetEmail.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/user-not-found' }),
    );
    await expect(authService.sendPasswordReset('nobody@trendvakt.test')).resolves.toBeUndefined();
    expect(fa.sendPasswordResetEmail).toHaveBeenCalledWith(mockAuth, 'nobody@trendvakt.test');
  });

  it('passes a network failure on', async () => {
    fa.sendPasswordResetEmail.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/network-request-failed' }),
    );
    await expect(authService.sendPasswordReset('a@b.no')).rejects.toMatchObject({
      code: 'auth/network-request-failed',
    });
  });
});

describe('social sign-in with the emulator', () => {
  it.each(['google', 'facebook'] as const)(
    '%s: signs in with an unsigned JSON credential of the test identity',
    async (provider) => {
      const ola = {
        uid: 'uid-ola',
        email: 'ola@test.no',
        phoneNumber: null,
        displayName: 'Ola Nordmann',
        providerData: [],
      };
      fa.signInWithCredential.mockResolvedValue(credentialOf(ola));
      fa.getAdditionalUserInfo.mockReturnValue({
        isNewUser: true,
        providerId: `${provider}.com`,
        profile: { given_name: 'Ola', family_name: 'Nordmann', email: 'ola@test.no' },
      });
      const outcome = await authService.signInWithSocial(provider, {
        email: ' Ola@Test.no ',
        name: 'Ola Nordmann',
      });
      const credential = fa.signInWithCredential.mock.calls[0][1] as unknown as {
        idToken?: string;
        accessToken?: string;
      };
      const claims = JSON.parse((provider === 'google' ? credential.idToken : credential.accessToken)!);
      expect(claims).toEqual({
        sub: 'test-ola@test.no',
        email: 'ola@test.no',
        email_verified: true,
        name: 'Ola Nordmann',
        given_name: 'Ola',
        family_name: 'Nordmann',
      });
      expect(fa.signInWithPopup).not.toHaveBeenCalled();
      expect(outcome).toMatchObject({
        kind: 'signedIn',
        isNewUser: true,
        profile: { firstName: 'Ola', lastName: 'Nordmann', email: 'ola@test.no', phone: null },
      });
    },
  );

  it('needs the test identity', async () => {
    await expect(authService.signInWithSocial('google')).rejects.toBeInstanceOf(AuthArgumentError);
  });

  it('splits a multi-part name: the last word is the family name', () => {
    const credential = testIdentityCredential('google', {
      email: 'a@b.no',
      name: 'Anne Marie  Hansen',
    }) as unknown as { idToken: string };
    expect(JSON.parse(credential.idToken)).toMatchObject({ given_name: 'Anne Marie', family_name: 'Hansen' });
  });
});

describe('social sign-in with a real project (popup)', () => {
  beforeEach(() => jest.mocked(usesAuthEmulator).mockReturnValue(false));

  it('Google: popup, names from given_name/family_name', async () => {
    const ola = {
      uid: 'uid-ola',
      email: 'ola@gmail.com',
      phoneNumber: '+4791234567',
      displayName: 'Ola N',
      providerData: [],
    };
    fa.signInWithPopup.mockResolvedValue(credentialOf(ola));
    fa.GoogleAuthProvider.credentialFromResult.mockReturnValue({
      accessToken: 'ya29.token',
    } as firebaseAuth.OAuthCredential);
    fa.getAdditionalUserInfo.mockReturnValue({
      isNewUser: true,
      providerId: 'google.com',
      profile: { given_name: 'Ola', family_name: 'Nordmann', email: 'ola@gmail.com' },
    });
    const outcome = await authService.signInWithSocial('google');
    expect(fa.signInWithPopup).toHaveBeenCalledWith(mockAuth, expect.any(fa.GoogleAuthProvider));
    expect(outcome).toMatchObject({
      kind: 'signedIn',
      isNewUser: true,
      profile: { firstName: 'Ola', lastName: 'Nordmann', email: 'ola@gmail.com', phone: '+4791234567' },
    });
  });

  it('Facebook: names from first_name/last_name, email scope asked for', async () => {
    fa.signInWithPopup.mockResolvedValue(credentialOf({ ...kari, displayName: 'K N' }));
    fa.FacebookAuthProvider.credentialFromResult.mockReturnValue({
      accessToken: 'EAAB',
    } as firebaseAuth.OAuthCredential);
    fa.getAdditionalUserInfo.mockReturnValue({
      isNewUser: false,
      providerId: 'facebook.com',
      profile: { first_name: 'Kari', last_name: 'Nordmann' },
    });
    const outcome = await authService.signInWithSocial('facebook');
    const provider = fa.signInWithPopup.mock.calls[0][1] as unknown as { addScope: jest.Mock };
    expect(provider.addScope).toHaveBeenCalledWith('email');
    expect(outcome).toMatchObject({
      profile: { firstName: 'Kari', lastName: 'Nordmann', email: 'kari@trendvakt.test' },
    });
  });

  it('a missing access token is logged and stops the flow (signed out again)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    fa.signInWithPopup.mockResolvedValue(credentialOf(kari));
    fa.GoogleAuthProvider.credentialFromResult.mockReturnValue(null);
    const result = authService.signInWithSocial('google');
    await expect(result).rejects.toBeInstanceOf(SocialSignInError);
    await expect(result).rejects.toMatchObject({ code: 'auth/missing-access-token' });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('no access token'));
    expect(fa.signOut).toHaveBeenCalledWith(mockAuth);
    log.mockRestore();
  });
});

describe('changePassword', () => {
  beforeEach(() => {
    mockAuth.currentUser = kari;
  });

  it('reauthenticates with the current password, then updates', async () => {
    await expect(authService.changePassword('gammelt1', 'nyttpassord1')).resolves.toEqual({ kind: 'done' });
    expect(fa.EmailAuthProvider.credential).toHaveBeenCalledWith('kari@trendvakt.test', 'gammelt1');
    expect(fa.reauthenticateWithCredential).toHaveBeenCalledWith(kari, {
      email: 'kari@trendvakt.test',
      password: 'gammelt1',
    });
    expect(fa.updatePassword).toHaveBeenCalledWith(kari, 'nyttpassord1');
  });

  it('does not update when the current password is wrong', async () => {
    fa.reauthenticateWithCredential.mockRejectedValueOnce(
      Object.assign(new Error('x'), { code: 'auth/wrong-password' }),
    );
    await expect(authService.changePassword('feil', 'nyttpassord1')).rejects.toMatchObject({
      code: 'auth/wrong-password',
    });
    expect(fa.updatePassword).not.toHaveBeenCalled();
  });

  it('needs a signed-in user', async () => {
    mockAuth.currentUser = null;
    await expect(authService.changePassword('a', 'b')).rejects.toMatchObject({ code: 'auth/argument-error' });
  });
});

describe('hasPassword', () => {
  it('is true only with the password provider', () => {
    mockAuth.currentUser = { ...kari, providerData: [{ providerId: 'google.com' }] };
    expect(authService.hasPassword()).toBe(false);
    mockAuth.currentUser = {
      ...kari,
      providerData: [{ providerId: 'google.com' }, { providerId: 'password' }],
    };
    expect(authService.hasPassword()).toBe(true);
  });
});

describe('watch', () => {
  it('reports identity changes once per user, not on token refresh', () => {
    let listener: (user: unknown) => void = () => {};
    fa.onIdTokenChanged.mockImplementation((_auth, next) => {
      listener = next as (user: unknown) => void;
      return () => {};
    });
    const seen: unknown[] = [];
    const stop = authService.watch((identity) => seen.push(identity?.uid ?? null));
    listener(null);
    listener(kari);
    listener(kari); // a refresh
    listener(null);
    expect(seen).toEqual([null, 'uid-kari', null]);
    stop();
  });
});
