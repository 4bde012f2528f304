import { act, screen } from '@testing-library/react';
import SignedOutOnly from '@/components/auth/SignedOutOnly';
import { useAuthStore } from '@/stores/useAuthStore';
import { identity, LANGS, mockRouter, renderWithI18n, resetRouter } from './helpers';

jest.mock('next/router', () => ({ useRouter: () => jest.requireActual('./helpers').mockRouter }));
jest.mock('@/services/authService', () => jest.requireActual('./helpers').authServiceModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));

beforeEach(() => {
  resetRouter();
  useAuthStore.getState().reset();
});

describe.each(LANGS)('SignedOutOnly: login and register pages (%s)', (lang) => {
  it('waits for Firebase, then shows the form to a signed-out visitor', () => {
    renderWithI18n(<SignedOutOnly>form</SignedOutOnly>, lang);
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(screen.queryByText('form')).not.toBeInTheDocument();
    act(() => useAuthStore.setState({ status: 'signedOut' }));
    expect(screen.getByText('form')).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });

  it.each([
    [undefined, '/home'],
    ['/portfolio', '/portfolio'],
    ['//evil.example', '/home'],
  ])('sends a signed-in person on (returnUrl %s -> %s)', (returnUrl, target) => {
    if (returnUrl) mockRouter.query = { returnUrl };
    useAuthStore.setState({ status: 'signedIn', identity });
    renderWithI18n(<SignedOutOnly>form</SignedOutOnly>, lang);
    expect(mockRouter.replace).toHaveBeenCalledWith(target);
    expect(screen.queryByText('form')).not.toBeInTheDocument();
  });

  it('leaves a sign-in made on the page to its form (no second navigation)', () => {
    useAuthStore.setState({ status: 'signedOut' });
    renderWithI18n(<SignedOutOnly>form</SignedOutOnly>, lang);
    act(() => useAuthStore.setState({ status: 'signedIn', identity }));
    expect(screen.getByText('form')).toBeInTheDocument();
    expect(mockRouter.replace).not.toHaveBeenCalled();
  });
});
