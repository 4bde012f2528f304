import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@/components/common/notify';
import LoginForm from '@/components/auth/LoginForm';
import { trackEvent, trackLogin } from '@/services/analytics';
import { authService } from '@/services/authService';
import { userService } from '@/services/userService';
import { usesAuthEmulator } from '@/services/firebaseConfig';
import { useAuthStore } from '@/stores/useAuthStore';
import {
  backendUser,
  deferred,
  firebaseError,
  identity,
  LANGS,
  mockRouter,
  renderWithI18n,
  resetRouter,
} from './helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('next/router', () => ({ useRouter: () => jest.requireActual('./helpers').mockRouter }));
jest.mock('@/services/authService', () => jest.requireActual('./helpers').authServiceModuleMock());
jest.mock('@/services/firebaseConfig', () => jest.requireActual('./helpers').firebaseConfigModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));
jest.mock('@/services/analytics', () => jest.requireActual('./helpers').analyticsModuleMock());
jest.mock('@/components/common/notify', () => jest.requireActual('./helpers').notifyModuleMock());

const service = jest.mocked(authService);
const emulator = jest.mocked(usesAuthEmulator);
const signedIn = { kind: 'signedIn' as const, identity, isNewUser: false };
const challenge = {
  factors: [{ enrollmentId: 'enr-1', displayName: 'Phone app', factorId: 'totp', enrolledAt: null }],
  resolver: {} as never,
};

beforeEach(() => {
  jest.clearAllMocks();
  resetRouter();
  useAuthStore.getState().reset();
  jest.mocked(userService.getCurrent).mockResolvedValue(backendUser);
});

async function fillAndSubmit(email = 'kari@trendvakt.test', password = 'hemmelig1') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/^(E-postadresse|Email address)$/), email);
  await user.type(screen.getByLabelText(/^(Passord|Password)$/), password);
  await user.click(screen.getByRole('button', { name: /^(Logg inn|Log in)$/ }));
  return user;
}

describe.each(LANGS)('LoginForm (%s)', (lang) => {
  it('shows the SPEC §2 login screen and focuses the email field', () => {
    const { t } = renderWithI18n(<LoginForm />, lang);
    expect(screen.getByRole('heading', { level: 1, name: t('login.title') })).toBeInTheDocument();
    const create = screen.getByRole('link', { name: t('login.createAccount') });
    expect(create).toHaveAttribute('href', '/authentication/register');
    expect(create.parentElement).toHaveTextContent(`${t('login.or')} ${t('login.createAccount')}`);
    const email = screen.getByLabelText(t('login.email'));
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText(t('login.password'))).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: t('login.remember') })).not.toBeChecked();
    expect(screen.getByRole('link', { name: t('login.forgotPassword') })).toHaveAttribute(
      'href',
      '/authentication/forgot-password',
    );
    expect(screen.getByText(t('login.orLogInWith'))).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: t('social.signInWith', { provider: 'Google' }) }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: t('social.signInWith', { provider: 'Facebook' }) }),
    ).toBeInTheDocument();
  });

  it('keeps Log in disabled while the email or the password is empty', async () => {
    const user = userEvent.setup();
    const { t } = renderWithI18n(<LoginForm />, lang);
    const submit = screen.getByRole('button', { name: t('login.submit') });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(t('login.email')), 'kari@trendvakt.test');
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText(t('login.email')));
    await user.type(screen.getByLabelText(t('login.password')), 'hemmelig1');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(t('login.email')), 'kari@trendvakt.test');
    expect(submit).toBeEnabled();
  });

  it('logs in: colored toast with the email, LOGIN event (email), then /home; session only without remember me', async () => {
    service.signInWithEmail.mockResolvedValue(signedIn);
    const onSuccess = jest.fn();
    const { t } = renderWithI18n(<LoginForm onSuccess={onSuccess} />, lang);
    await fillAndSubmit();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/home'));
    expect(service.signInWithEmail).toHaveBeenCalledWith('kari@trendvakt.test', 'hemmelig1', false);
    expect(notify.success).toHaveBeenCalledWith(t('login.success', { email: 'kari@trendvakt.test' }), {
      theme: 'colored',
    });
    expect(jest.mocked(notify.success).mock.calls[0][0]).toMatch(
      lang === 'nb' ? /^Logget inn som / : /^Logged in as /,
    );
    expect(trackEvent).toHaveBeenCalledWith({ action: 'LOGIN', category: 'User', label: 'email' });
    expect(trackLogin).toHaveBeenCalledWith('email', { email: 'kari@trendvakt.test' });
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', user: backendUser });
  });

  it('asks for a persistent session when remember me is ticked', async () => {
    service.signInWithEmail.mockResolvedValue(signedIn);
    const user = userEvent.setup();
    const { t } = renderWithI18n(<LoginForm />, lang);
    await user.click(screen.getByRole('checkbox', { name: t('login.remember') }));
    await fillAndSubmit();
    await waitFor(() =>
      expect(service.signInWithEmail).toHaveBeenCalledWith('kari@trendvakt.test', 'hemmelig1', true),
    );
  });

  it.each([
    ['/portfolio?id=3', '/portfolio?id=3'],
    ['//evil.example/steal', '/home'],
    ['https://evil.example/', '/home'],
    ['/authentication/logout', '/home'],
  ])('follows a safe return URL (%s -> %s)', async (returnUrl, expected) => {
    mockRouter.query = { returnUrl };
    service.signInWithEmail.mockResolvedValue(signedIn);
    renderWithI18n(<LoginForm />, lang);
    await fillAndSubmit();
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith(expected));
  });

  it("shows 'Failed to log in' with the reason, logs the error, no success toast (DESIGN.md §9)", async () => {
    expectConsoleError(/^Login failed:/);
    const err = firebaseError('auth/invalid-credential');
    service.signInWithEmail.mockRejectedValue(err);
    const { t } = renderWithI18n(<LoginForm />, lang);
    await fillAndSubmit('kari@trendvakt.test', 'feil-passord');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('login.failed'));
    expect(alert).toHaveTextContent(t('errors.invalidCredentials'));
    expect(alert).toHaveFocus();
    expect(console.error).toHaveBeenCalledWith('Login failed:', err);
    expect(notify.success).not.toHaveBeenCalled();
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(trackLogin).not.toHaveBeenCalled();
  });

  it.each([
    ['auth/too-many-requests', 'errors.tooManyRequests'],
    ['auth/network-request-failed', 'errors.network'],
    ['auth/user-disabled', 'errors.userDisabled'],
  ])('explains %s', async (code, key) => {
    expectConsoleError(/^Login failed:/);
    service.signInWithEmail.mockRejectedValue(firebaseError(code));
    const { t } = renderWithI18n(<LoginForm />, lang);
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(t(key));
  });

  it('clears the alert as soon as the next submit starts', async () => {
    expectConsoleError(/^Login failed:/);
    service.signInWithEmail.mockRejectedValueOnce(firebaseError('auth/wrong-password'));
    const { t } = renderWithI18n(<LoginForm />, lang);
    const user = await fillAndSubmit();
    await screen.findByRole('alert');
    const pending = deferred<typeof signedIn>();
    service.signInWithEmail.mockReturnValueOnce(pending.promise);
    await user.click(screen.getByRole('button', { name: t('login.submit') }));
    expect(screen.queryByText(t('login.failed'))).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: t('login.submitting') })).toBeDisabled();
    await act(async () => pending.resolve(signedIn));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/home'));
  });

  it('asks for the TOTP code when the account has a second factor, then signs in', async () => {
    service.signInWithEmail.mockResolvedValue({ kind: 'mfaRequired', challenge });
    service.resolveMfaSignIn.mockResolvedValue({
      user: { uid: identity.uid, email: identity.email },
    } as never);
    const { t } = renderWithI18n(<LoginForm />, lang);
    const user = await fillAndSubmit();
    const code = await screen.findByLabelText(t('mfa.code'));
    expect(screen.getByRole('heading', { name: t('mfa.title') })).toBeInTheDocument();
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: t('mfa.submit') })).toBeDisabled();
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: t('mfa.submit') }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/home'));
    expect(service.resolveMfaSignIn).toHaveBeenCalledWith(challenge, 'enr-1', '123456');
    expect(notify.success).toHaveBeenCalledWith(t('login.success', { email: identity.email }), {
      theme: 'colored',
    });
  });

  it('says so when the TOTP code is wrong, and lets the person try again', async () => {
    expectConsoleError(/^Second-factor verification failed:/);
    service.signInWithEmail.mockResolvedValue({ kind: 'mfaRequired', challenge });
    service.resolveMfaSignIn.mockRejectedValue(firebaseError('auth/invalid-verification-code'));
    const { t } = renderWithI18n(<LoginForm />, lang);
    const user = await fillAndSubmit();
    await user.type(await screen.findByLabelText(t('mfa.code')), '000000');
    await user.click(screen.getByRole('button', { name: t('mfa.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('errors.invalidCode'));
    expect(screen.getByLabelText(t('mfa.code'))).toHaveFocus();
    expect(screen.getByLabelText(t('mfa.code'))).toHaveAttribute('aria-invalid', 'true');
    expect(notify.success).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: t('mfa.cancel') }));
    expect(screen.getByLabelText(t('login.email'))).toBeInTheDocument();
  });

  it('reports a missing code or enrolment id as an argument error (SPEC §5)', async () => {
    expectConsoleError(/^Second-factor verification failed:/);
    const { AuthArgumentError } = jest.requireActual('@/services/authService');
    service.signInWithEmail.mockResolvedValue({ kind: 'mfaRequired', challenge });
    service.resolveMfaSignIn.mockRejectedValue(new AuthArgumentError('enrolment id'));
    const { t } = renderWithI18n(<LoginForm />, lang);
    const user = await fillAndSubmit();
    await user.type(await screen.findByLabelText(t('mfa.code')), '123456');
    await user.click(screen.getByRole('button', { name: t('mfa.submit') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(t('errors.argument'));
  });

  it('compact (top-bar dropdown): labels stay available to screen readers, placeholders show them', () => {
    const { t } = renderWithI18n(<LoginForm compact />, lang);
    const email = screen.getByLabelText(t('login.email'));
    expect(email).toHaveAttribute('placeholder', t('login.email'));
    expect(screen.getByText(t('login.email'), { selector: 'label' })).toHaveClass('visually-hidden');
    expect(screen.getByRole('heading', { level: 2, name: t('login.title') })).toBeInTheDocument();
  });

  it('works with the keyboard alone', async () => {
    service.signInWithEmail.mockResolvedValue(signedIn);
    const user = userEvent.setup();
    const { t } = renderWithI18n(<LoginForm />, lang);
    await user.keyboard('kari@trendvakt.test');
    await user.tab();
    expect(screen.getByLabelText(t('login.password'))).toHaveFocus();
    await user.keyboard('hemmelig1');
    await user.tab();
    expect(screen.getByRole('checkbox', { name: t('login.remember') })).toHaveFocus();
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(service.signInWithEmail).toHaveBeenCalledWith('kari@trendvakt.test', 'hemmelig1', true),
    );
  });
});

describe('LoginForm social sign-in', () => {
  it('Google in emulator mode: the test identity dialog signs a new user in and creates the backend user', async () => {
    emulator.mockReturnValue(true);
    service.signInWithSocial.mockResolvedValue({
      kind: 'signedIn',
      identity: {
        uid: 'uid-ola',
        email: 'ola@test.no',
        phoneNumber: null,
        displayName: 'Ola Nordmann',
        emailVerified: true,
      },
      isNewUser: true,
      profile: { firstName: 'Ola', lastName: 'Nordmann', email: 'ola@test.no', phone: null },
    });
    jest.mocked(userService.create).mockResolvedValue({ ...backendUser, uid: 'uid-ola' });
    jest.mocked(userService.getCurrent).mockResolvedValue({ ...backendUser, uid: 'uid-ola' });
    const user = userEvent.setup();
    const { t } = renderWithI18n(<LoginForm />, 'en');
    await user.click(screen.getByRole('button', { name: 'Log in with Google' }));
    const dialog = await screen.findByRole('dialog', { name: t('testIdp.title', { provider: 'Google' }) });
    const submit = within(dialog).getByRole('button', { name: t('testIdp.submit') });
    expect(submit).toBeDisabled();
    await user.type(within(dialog).getByLabelText(t('testIdp.email')), 'ola@test.no');
    await user.type(within(dialog).getByLabelText(t('testIdp.name')), 'Ola Nordmann');
    await user.click(submit);
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/home'));
    expect(service.signInWithSocial).toHaveBeenCalledWith('google', {
      email: 'ola@test.no',
      name: 'Ola Nordmann',
    });
    expect(userService.create).toHaveBeenCalledWith({
      first_name: 'Ola',
      last_name: 'Nordmann',
      email: 'ola@test.no',
      mobile: '',
      accept_terms: true,
    });
    expect(jest.mocked(userService.getCurrent).mock.invocationCallOrder[0]).toBeGreaterThan(
      jest.mocked(userService.create).mock.invocationCallOrder[0],
    );
    expect(notify.success).toHaveBeenCalledWith('Logged in as ola@test.no', { theme: 'colored' });
    expect(trackLogin).toHaveBeenCalledWith('google', { email: 'ola@test.no' });
  });
});
