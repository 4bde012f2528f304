import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SocialButtons from '@/components/auth/SocialButtons';
import { trackSignUp } from '@/services/analytics';
import { authService, SocialSignInError } from '@/services/authService';
import { userService } from '@/services/userService';
import { usesAuthEmulator } from '@/services/firebaseConfig';
import { useAuthStore } from '@/stores/useAuthStore';
import { backendUser, firebaseError, LANGS, renderWithI18n } from './helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => jest.requireActual('./helpers').authServiceModuleMock());
jest.mock('@/services/firebaseConfig', () => jest.requireActual('./helpers').firebaseConfigModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));
jest.mock('@/services/analytics', () => jest.requireActual('./helpers').analyticsModuleMock());

const service = jest.mocked(authService);
const emulator = jest.mocked(usesAuthEmulator);
const users = jest.mocked(userService);
const ola = {
  uid: 'uid-ola',
  email: 'ola@test.no',
  phoneNumber: '+4791234567',
  displayName: 'Ola Nordmann',
  emailVerified: true,
};
const outcome = (isNewUser: boolean) => ({
  kind: 'signedIn' as const,
  identity: ola,
  isNewUser,
  profile: { firstName: 'Ola', lastName: 'Nordmann', email: 'ola@test.no', phone: '+4791234567' },
});

beforeEach(() => {
  jest.clearAllMocks();
  useAuthStore.getState().reset();
  emulator.mockReturnValue(false);
  users.getCurrent.mockResolvedValue({ ...backendUser, uid: 'uid-ola' });
  users.create.mockResolvedValue({ ...backendUser, uid: 'uid-ola' });
});

function setup(lang: 'nb' | 'en') {
  const onSignedIn = jest.fn();
  const onMfaRequired = jest.fn();
  const utils = renderWithI18n(<SocialButtons onSignedIn={onSignedIn} onMfaRequired={onMfaRequired} />, lang);
  const button = (provider: 'Google' | 'Facebook') =>
    screen.getByRole('button', { name: utils.t('social.signInWith', { provider }) });
  return { ...utils, onSignedIn, onMfaRequired, button, user: userEvent.setup() };
}

describe.each(LANGS)('SocialButtons (%s)', (lang) => {
  it('with a real Firebase project, opens the provider popup directly (no test dialog)', async () => {
    emulator.mockReturnValue(false);
    service.signInWithSocial.mockResolvedValue(outcome(false));
    const { button, user, onSignedIn } = setup(lang);
    await user.click(button('Facebook'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(outcome(false), 'facebook'));
    expect(service.signInWithSocial).toHaveBeenCalledWith('facebook', undefined);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // An existing user with a backend user gets no second one.
    expect(users.create).not.toHaveBeenCalled();
  });

  it('a new social user gets a backend user from the profile (given/family name, email, phone)', async () => {
    service.signInWithSocial.mockResolvedValue(outcome(true));
    const { button, user, onSignedIn } = setup(lang);
    await user.click(button('Google'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(users.create).toHaveBeenCalledWith({
      first_name: 'Ola',
      last_name: 'Nordmann',
      email: 'ola@test.no',
      mobile: '+4791234567',
      accept_terms: true,
    });
    expect(trackSignUp).toHaveBeenCalledWith('google', expect.objectContaining({ email: 'ola@test.no' }));
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', userStatus: 'ready' });
  });

  it('with the emulator, the test identity dialog collects email and name; keyboard only; Cancel closes it', async () => {
    emulator.mockReturnValue(true);
    service.signInWithSocial.mockResolvedValue(outcome(true));
    const { t, button, user, onSignedIn } = setup(lang);
    button('Google').focus();
    await user.keyboard('{Enter}');
    let dialog = await screen.findByRole('dialog', { name: t('testIdp.title', { provider: 'Google' }) });
    expect(dialog).toHaveTextContent(t('testIdp.intro', { provider: 'Google' }));
    await waitFor(() => expect(within(dialog).getByLabelText(t('testIdp.email'))).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: t('testIdp.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(service.signInWithSocial).not.toHaveBeenCalled();

    await user.click(button('Google'));
    dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText(t('testIdp.email'))).toHaveFocus());
    await user.keyboard('ola@test.no');
    await user.tab();
    await user.keyboard('Ola Nordmann{Enter}');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(outcome(true), 'google'));
    expect(service.signInWithSocial).toHaveBeenCalledWith('google', {
      email: 'ola@test.no',
      name: 'Ola Nordmann',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('passes a second-factor challenge on', async () => {
    const challenge = { factors: [], resolver: {} as never };
    service.signInWithSocial.mockResolvedValue({ kind: 'mfaRequired', challenge });
    const { button, user, onMfaRequired, onSignedIn } = setup(lang);
    await user.click(button('Google'));
    await waitFor(() => expect(onMfaRequired).toHaveBeenCalledWith(challenge, 'google'));
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it.each([
    [firebaseError('auth/popup-closed-by-user'), 'errors.popupClosed'],
    [firebaseError('auth/popup-blocked'), 'errors.popupBlocked'],
    [
      firebaseError('auth/account-exists-with-different-credential'),
      'errors.accountExistsWithDifferentCredential',
    ],
    [new SocialSignInError('auth/missing-access-token', 'no token'), null],
  ])('logs a failure and shows a short message (%s)', async (err, key) => {
    expectConsoleError(/^Social sign-in with google failed:/);
    service.signInWithSocial.mockRejectedValue(err);
    const { t, button, user, onSignedIn } = setup(lang);
    await user.click(button('Google'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      key
        ? `${t('social.failed', { provider: 'Google' })} ${t(key)}`
        : t('social.failed', { provider: 'Google' }),
    );
    expect(console.error).toHaveBeenCalledWith('Social sign-in with google failed:', err);
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(users.create).not.toHaveBeenCalled();
  });
});
