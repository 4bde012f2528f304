/** Issue 11: the backend user is fetched again, without a loader, when the tab becomes visible again. */
import { userService } from '@/services/userService';
import { useAuthStore } from '@/stores/useAuthStore';
import { backendUser, identity } from '../components/auth/helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () =>
  jest.requireActual('../components/auth/helpers').authServiceModuleMock(),
);
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));

const users = jest.mocked(userService);
const store = () => useAuthStore.getState();

function setVisibility(state: 'visible' | 'hidden'): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

let stop: () => void;
beforeEach(() => {
  jest.clearAllMocks();
  store().reset();
  useAuthStore.setState({
    status: 'signedIn',
    identity,
    user: { ...backendUser, subscription_status: 'inactive' },
    userStatus: 'ready',
  });
  stop = store().init();
});
afterEach(() => {
  stop();
  // The own property set by setVisibility shadows jsdom's getter: remove it so no test inherits it.
  delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
});

it('refetches the backend user when the tab becomes visible, keeping the page shown meanwhile', async () => {
  const active = { ...backendUser, subscription_status: 'active' };
  let resolve!: (u: typeof active) => void;
  users.getCurrent.mockReturnValue(new Promise((r) => (resolve = r)));
  setVisibility('visible');
  expect(users.getCurrent).toHaveBeenCalledWith(identity.uid);
  expect(store().userStatus).toBe('ready'); // no loader while refreshing
  resolve(active);
  await Promise.resolve();
  await Promise.resolve();
  expect(store().user?.subscription_status).toBe('active');
});

it('does nothing when the tab is hidden or after the listener is removed', () => {
  setVisibility('hidden');
  stop();
  setVisibility('visible');
  expect(users.getCurrent).not.toHaveBeenCalled();
});

it('keeps the user shown when the refresh fails, and says so in the log', async () => {
  expectConsoleError(/^Could not refresh the backend user:/);
  users.getCurrent.mockRejectedValue(new Error('offline'));
  const before = store().user;
  await store().refreshUser();
  expect(store().user).toBe(before);
  expect(console.error).toHaveBeenCalledWith('Could not refresh the backend user:', expect.any(Error));
});
