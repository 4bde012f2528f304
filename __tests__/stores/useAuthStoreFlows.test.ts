/** The sign-in, registration, social and sign-out flows of useAuthStore, with the services mocked. */
import { trackEvent, trackLogin, trackSignUp } from '@/services/analytics';
import { ApiError } from '@/services/apiError';
import { authService } from '@/services/authService';
import { userService } from '@/services/userService';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';
import { useAuthStore } from '@/stores/useAuthStore';
import { registerUserStoreReset } from '@/stores/userStoreResets';
import { backendUser, deferred, identity } from '../components/auth/helpers';

jest.mock('@/services/authService', () =>
  jest.requireActual('../components/auth/helpers').authServiceModuleMock(),
);
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));
jest.mock('@/services/analytics', () =>
  jest.requireActual('../components/auth/helpers').analyticsModuleMock(),
);

const service = jest.mocked(authService);
const users = jest.mocked(userService);
const store = () => useAuthStore.getState();
const notFound = () => new ApiError(404, 'NOT_FOUND', 'User not found');
const ola = {
  uid: 'uid-ola',
  email: 'ola@test.no',
  phoneNumber: null,
  displayName: 'Ola Nordmann',
  emailVerified: true,
};
const olaProfile = { firstName: 'Ola', lastName: 'Nordmann', email: 'ola@test.no', phone: null };

beforeEach(() => {
  jest.clearAllMocks();
  store().reset();
  users.getCurrent.mockResolvedValue(backendUser);
  users.create.mockResolvedValue(backendUser);
});

describe('login', () => {
  it('adopts the identity, fetches the backend user once, tracks LOGIN (email)', async () => {
    service.signInWithEmail.mockResolvedValue({ kind: 'signedIn', identity, isNewUser: false });
    service.secondFactors.mockReturnValue([]);
    await store().login('kari@trendvakt.test', 'hemmelig1', true);
    expect(store()).toMatchObject({
      status: 'signedIn',
      identity,
      user: backendUser,
      userStatus: 'ready',
      busy: false,
    });
    // Firebase's listener reports the same user afterwards: no second fetch.
    await store().setIdentity(identity);
    expect(users.getCurrent).toHaveBeenCalledTimes(1);
    expect(trackEvent).toHaveBeenCalledWith({ action: 'LOGIN', category: 'User', label: 'email' });
    expect(trackLogin).toHaveBeenCalledWith('email', { email: identity.email });
  });

  it('is busy while running', async () => {
    const pending = deferred<{ kind: 'signedIn'; identity: typeof identity; isNewUser: boolean }>();
    service.signInWithEmail.mockReturnValue(pending.promise);
    const running = store().login('kari@trendvakt.test', 'hemmelig1', false);
    expect(store().busy).toBe(true);
    pending.resolve({ kind: 'signedIn', identity, isNewUser: false });
    await running;
    expect(store().busy).toBe(false);
  });

  it('stops at the second factor without signing in or tracking', async () => {
    service.signInWithEmail.mockResolvedValue({
      kind: 'mfaRequired',
      challenge: { factors: [], resolver: {} as never },
    });
    const outcome = await store().login('kari@trendvakt.test', 'hemmelig1', false);
    expect(outcome.kind).toBe('mfaRequired');
    expect(store().status).toBe('loading');
    expect(trackLogin).not.toHaveBeenCalled();
  });

  it('a failure leaves the store signed out and not busy', async () => {
    service.signInWithEmail.mockRejectedValue(Object.assign(new Error('x'), { code: 'auth/wrong-password' }));
    await expect(store().login('a@b.no', 'x', false)).rejects.toMatchObject({ code: 'auth/wrong-password' });
    expect(store()).toMatchObject({ busy: false, user: null });
    expect(trackLogin).not.toHaveBeenCalled();
  });
});

describe('register', () => {
  const input = {
    firstName: 'Kari',
    lastName: 'Nordmann',
    email: 'kari@trendvakt.test',
    telephone: '',
    password: 'hemmelig1',
  };

  it('creates the backend user with accept_terms true, then refetches it (SPEC §4), and tracks SIGNUP', async () => {
    service.register.mockResolvedValue(identity);
    const user = await store().register(input);
    expect(users.create).toHaveBeenCalledWith({
      first_name: 'Kari',
      last_name: 'Nordmann',
      email: 'kari@trendvakt.test',
      mobile: '',
      accept_terms: true,
    });
    expect(users.getCurrent).toHaveBeenCalledTimes(1);
    expect(users.getCurrent.mock.invocationCallOrder[0]).toBeGreaterThan(
      users.create.mock.invocationCallOrder[0],
    );
    expect(user).toEqual(backendUser);
    expect(store()).toMatchObject({ status: 'signedIn', userStatus: 'ready', busy: false });
    // The verification link goes out once the backend user exists, leading back to the profile.
    expect(service.sendEmailVerification).toHaveBeenCalledWith('http://localhost/user/profile');
    expect(service.sendEmailVerification.mock.invocationCallOrder[0]).toBeGreaterThan(
      users.create.mock.invocationCallOrder[0],
    );
    expect(trackEvent).toHaveBeenCalledWith({ action: 'SIGNUP', category: 'User', label: 'email' });
    expect(trackSignUp).toHaveBeenCalledWith('email', {
      email: 'kari@trendvakt.test',
      phone: undefined,
      firstName: 'Kari',
      lastName: 'Nordmann',
    });
  });

  it("Firebase's listener does not fetch the user before it is created (no 404 race, issue 24 item 7)", async () => {
    const created = deferred<typeof backendUser>();
    service.register.mockImplementation(async () => {
      // Firebase reports the new user before register returns, and again while create is in flight.
      void store().setIdentity(identity);
      return identity;
    });
    users.create.mockImplementation(() => {
      void store().setIdentity(identity);
      return created.promise;
    });
    const running = store().register(input);
    await new Promise((r) => setTimeout(r, 0));
    expect(users.getCurrent).not.toHaveBeenCalled();
    created.resolve(backendUser);
    await running;
    expect(users.getCurrent).toHaveBeenCalledTimes(1);
    expect(users.getCurrent.mock.invocationCallOrder[0]).toBeGreaterThan(
      users.create.mock.invocationCallOrder[0],
    );
    expect(store()).toMatchObject({ user: backendUser, userStatus: 'ready' });
    // After the registration the listener works as before (a later report of the same user: no refetch).
    await store().setIdentity(identity);
    expect(users.getCurrent).toHaveBeenCalledTimes(1);
  });

  it('undoes the Firebase account when the backend user cannot be created', async () => {
    service.register.mockResolvedValue(identity);
    users.create.mockRejectedValue(new ApiError(500, 'INTERNAL', 'boom'));
    await expect(store().register(input)).rejects.toMatchObject({ status: 500 });
    expect(service.deleteCurrentUser).toHaveBeenCalledTimes(1);
    expect(store()).toMatchObject({ status: 'signedOut', identity: null, busy: false });
    expect(trackSignUp).not.toHaveBeenCalled();
  });
});

describe('socialSignIn', () => {
  it('a new user: no fetch before the backend user is created from the profile, then refetch', async () => {
    service.signInWithSocial.mockResolvedValue({
      kind: 'signedIn',
      identity: ola,
      isNewUser: true,
      profile: olaProfile,
    });
    await store().socialSignIn('google', { email: 'ola@test.no', name: 'Ola Nordmann' });
    expect(users.create).toHaveBeenCalledWith({
      first_name: 'Ola',
      last_name: 'Nordmann',
      email: 'ola@test.no',
      mobile: '',
      accept_terms: true,
    });
    expect(users.getCurrent).toHaveBeenCalledTimes(1);
    expect(users.getCurrent.mock.invocationCallOrder[0]).toBeGreaterThan(
      users.create.mock.invocationCallOrder[0],
    );
    expect(trackSignUp).toHaveBeenCalledWith(
      'google',
      expect.objectContaining({ firstName: 'Ola', lastName: 'Nordmann' }),
    );
    expect(trackLogin).toHaveBeenCalledWith('google', { email: 'ola@test.no' });
    expect(store()).toMatchObject({ status: 'signedIn', userStatus: 'ready' });
  });

  it('an existing user without a backend user gets one', async () => {
    users.getCurrent.mockRejectedValueOnce(notFound());
    service.signInWithSocial.mockResolvedValue({
      kind: 'signedIn',
      identity: ola,
      isNewUser: false,
      profile: olaProfile,
    });
    await store().socialSignIn('facebook');
    expect(users.create).toHaveBeenCalledTimes(1);
    expect(store().userStatus).toBe('ready');
  });

  it('an existing user with a backend user gets no second one', async () => {
    service.signInWithSocial.mockResolvedValue({
      kind: 'signedIn',
      identity: ola,
      isNewUser: false,
      profile: olaProfile,
    });
    await store().socialSignIn('google');
    expect(users.create).not.toHaveBeenCalled();
    expect(trackSignUp).not.toHaveBeenCalled();
    expect(trackLogin).toHaveBeenCalledWith('google', { email: 'ola@test.no' });
  });

  it('completing a social sign-in with the second factor makes sure the backend user exists', async () => {
    users.getCurrent.mockRejectedValueOnce(notFound());
    service.resolveMfaSignIn.mockResolvedValue({ user: { ...ola } } as never);
    await store().completeMfaSignIn({ factors: [], resolver: {} as never }, 'enr-1', '123456', 'google');
    expect(users.create).toHaveBeenCalledWith(
      expect.objectContaining({ first_name: 'Ola', last_name: 'Nordmann', accept_terms: true }),
    );
    expect(trackLogin).toHaveBeenCalledWith('google', { email: 'ola@test.no' });
  });
});

describe('sign-out', () => {
  it('logout signs out, clears the backend user and resets every registered user store', async () => {
    await store().setIdentity(identity);
    const portfolio = jest.fn();
    const watchlist = jest.fn(() => {
      throw new Error('broken store');
    });
    const market = jest.fn();
    expectConsoleError(/^A user store could not be reset:/);
    const unregister = [
      registerUserStoreReset(portfolio),
      registerUserStoreReset(watchlist),
      registerUserStoreReset(market),
    ];
    await store().logout();
    expect(service.signOut).toHaveBeenCalledTimes(1);
    expect(portfolio).toHaveBeenCalledTimes(1);
    expect(market).toHaveBeenCalledTimes(1);
    expect(store()).toMatchObject({
      status: 'signedOut',
      identity: null,
      user: null,
      userStatus: 'idle',
      secondFactors: [],
    });
    unregister.forEach((u) => u());
  });

  it('being signed out by Firebase (revoked session) resets the user stores too; unregistered ones are left alone', async () => {
    await store().setIdentity(identity);
    const portfolio = jest.fn();
    const gone = jest.fn();
    const unregister = registerUserStoreReset(portfolio);
    registerUserStoreReset(gone)();
    await store().setIdentity(null);
    expect(portfolio).toHaveBeenCalledTimes(1);
    expect(gone).not.toHaveBeenCalled();
    unregister();
  });
});

describe('profile and TOTP', () => {
  it('updateProfile stores the saved user', async () => {
    const saved = { ...backendUser, first_name: 'Karianne' };
    users.update.mockResolvedValue(saved);
    await store().updateProfile({ first_name: 'Karianne', last_name: 'Nordmann', mobile: '' });
    expect(users.update).toHaveBeenCalledWith({ first_name: 'Karianne', last_name: 'Nordmann', mobile: '' });
    expect(store()).toMatchObject({ user: saved, userStatus: 'ready' });
  });

  it('enrol and unenrol keep secondFactors current', async () => {
    const factor = { enrollmentId: 'enr-1', displayName: 'App', factorId: 'totp', enrolledAt: null };
    service.finaliseTotpEnrolment.mockResolvedValue([factor]);
    await store().finaliseTotpEnrolment(null, '123456', 'App');
    expect(store().secondFactors).toEqual([factor]);
    service.unenrolSecondFactor.mockResolvedValue([]);
    await store().unenrolSecondFactor('enr-1');
    expect(store().secondFactors).toEqual([]);
  });
});
