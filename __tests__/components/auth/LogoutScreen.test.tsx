import { screen, waitFor } from '@testing-library/react';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';
import LogoutScreen from '@/components/auth/LogoutScreen';
import { authService } from '@/services/authService';
import { userService } from '@/services/userService';
import { useAuthStore } from '@/stores/useAuthStore';
import { registerUserStoreReset } from '@/stores/userStoreResets';
import { backendUser, identity, LANGS, mockRouter, renderWithI18n, resetRouter } from './helpers';

jest.mock('next/router', () => ({ useRouter: () => jest.requireActual('./helpers').mockRouter }));
jest.mock('@/services/authService', () => jest.requireActual('./helpers').authServiceModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));

beforeEach(() => {
  jest.clearAllMocks();
  resetRouter();
  useAuthStore.getState().reset();
  jest.mocked(userService.getCurrent).mockResolvedValue(backendUser);
});

describe.each(LANGS)('LogoutScreen (%s)', (lang) => {
  it('signs out, clears the backend user and every user store, then goes to /', async () => {
    await useAuthStore.getState().setIdentity(identity);
    expect(useAuthStore.getState().user).toEqual(backendUser);
    const portfolioReset = jest.fn();
    const unregister = registerUserStoreReset(portfolioReset);
    const { t } = renderWithI18n(<LogoutScreen />, lang);
    expect(screen.getByRole('status')).toHaveTextContent(t('logout.inProgress'));
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(authService.signOut).toHaveBeenCalledTimes(1);
    expect(portfolioReset).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'signedOut',
      identity: null,
      user: null,
      userStatus: 'idle',
    });
    unregister();
  });

  it('still leaves for / when signing out fails, and logs why', async () => {
    // Exactly this line must be logged (the helper fails the test otherwise, and on any other).
    expectConsoleError(/^Sign-out failed:/);
    jest.mocked(authService.signOut).mockRejectedValueOnce(new Error('offline'));
    renderWithI18n(<LogoutScreen />, lang);
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    expect(useAuthStore.getState().user).toBeNull();
  });
});
