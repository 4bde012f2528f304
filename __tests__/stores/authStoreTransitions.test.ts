import { act } from '@testing-library/react';
import { ApiError } from '@/services/apiError';
import type { AuthIdentity } from '@/services/authService';
import type { UserDto } from '@/lib/types/user';

const watchers: ((identity: AuthIdentity | null) => void)[] = [];
const getCurrent = jest.fn<Promise<UserDto>, [string]>();
const signOut = jest.fn(async () => {});

jest.mock('@/services/authService', () => ({
  authService: {
    watch: (cb: (identity: AuthIdentity | null) => void) => {
      watchers.push(cb);
      return () => {};
    },
    signOut: () => signOut(),
  },
}));
jest.mock('@/services/userService', () => ({
  userService: { getCurrent: (uid: string) => getCurrent(uid) },
}));

// Imported after the mocks are in place.
import { useAuthStore } from '@/stores/useAuthStore';

const identity: AuthIdentity = {
  uid: 'u1',
  email: 'ingrid@trendvakt.test',
  phoneNumber: null,
  emailVerified: true,
  displayName: null,
};
const user: UserDto = {
  uid: 'u1',
  first_name: 'Ingrid',
  last_name: 'Investor',
  email: 'ingrid@trendvakt.test',
  mobile: '',
  accept_terms: true,
  email_verified: true,
  stripe_customer_id: null,
  subscription_status: 'active',
  group_id: 2,
};

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  useAuthStore.getState().reset();
  watchers.length = 0;
  getCurrent.mockReset();
  signOut.mockClear();
});

describe('useAuthStore transitions (SPEC §4)', () => {
  it('stops following Firebase when unsubscribed before the auth service has loaded', async () => {
    const stop = useAuthStore.getState().init();
    stop();
    await act(flush);
    expect(watchers).toHaveLength(0);
    expect(useAuthStore.getState().status).toBe('loading');
  });

  it('is loading until Firebase reports, then signed out', async () => {
    expect(useAuthStore.getState().status).toBe('loading');
    useAuthStore.getState().init();
    // The auth service loads after hydration: still loading until it reports.
    await act(flush);
    expect(useAuthStore.getState().status).toBe('loading');
    expect(watchers).toHaveLength(1);
    await act(async () => watchers[0](null));
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', identity: null, user: null });
  });

  it('signs in, then fetches the backend user', async () => {
    getCurrent.mockResolvedValue(user);
    useAuthStore.getState().init();
    await act(flush);
    await act(async () => {
      watchers[0](identity);
      await flush();
    });
    expect(getCurrent).toHaveBeenCalledWith('u1');
    expect(useAuthStore.getState()).toMatchObject({
      status: 'signedIn',
      identity,
      user,
      userStatus: 'ready',
    });
  });

  it('marks a backend user that does not exist yet as missing (404), without logging an error', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    getCurrent.mockRejectedValue(new ApiError(404, 'NOT_FOUND', 'User not found'));
    await act(() => useAuthStore.getState().setIdentity(identity));
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: null, userStatus: 'missing' });
    expect(log).not.toHaveBeenCalled();
    log.mockRestore();
  });

  it('logs a failed fetch with its status text and ends loading (SPEC §8)', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    getCurrent.mockRejectedValue(new ApiError(503, 'INTERNAL', 'Service Unavailable'));
    await act(() => useAuthStore.getState().setIdentity(identity));
    expect(useAuthStore.getState().userStatus).toBe('error');
    expect(log).toHaveBeenCalledWith(expect.any(String), '503 Service Unavailable');
    log.mockRestore();
  });

  it('drops a backend user that arrives after the identity changed', async () => {
    let resolve: (u: UserDto) => void = () => {};
    getCurrent.mockReturnValue(new Promise((r) => (resolve = r)));
    const pending = useAuthStore.getState().setIdentity(identity);
    await act(() => useAuthStore.getState().setIdentity(null));
    resolve(user);
    await act(() => pending);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', user: null });
  });

  it('logout signs out of Firebase and clears the backend user', async () => {
    getCurrent.mockResolvedValue(user);
    await act(() => useAuthStore.getState().setIdentity(identity));
    await act(() => useAuthStore.getState().logout());
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'signedOut',
      identity: null,
      user: null,
      userStatus: 'idle',
    });
  });
});
