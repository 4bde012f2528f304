import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EmailVerificationSection from '@/components/auth/profile/EmailVerificationSection';
import { authService } from '@/services/authService';
import { usesAuthEmulator } from '@/services/firebaseConfig';
import { userService } from '@/services/userService';
import { preloadAuth, useAuthStore } from '@/stores/useAuthStore';
import { backendUser, identity, LANGS, renderWithI18n } from '../helpers';

jest.mock('@/services/authService', () => jest.requireActual('../helpers').authServiceModuleMock());
jest.mock('@/services/firebaseConfig', () => jest.requireActual('../helpers').firebaseConfigModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn(), verificationLink: jest.fn() },
}));

const service = jest.mocked(authService);
const users = jest.mocked(userService);
const emulator = jest.mocked(usesAuthEmulator);
const unverified = { ...identity, emailVerified: false };

beforeAll(() => preloadAuth());
beforeEach(() => {
  jest.clearAllMocks();
  emulator.mockReturnValue(false);
  users.getCurrent.mockResolvedValue({ ...backendUser, email_verified: false });
  service.reloadIdentity.mockResolvedValue(unverified);
  useAuthStore.getState().reset();
  useAuthStore.setState({ status: 'signedIn', identity: unverified });
});

describe.each(LANGS)('EmailVerificationSection (%s)', (lang) => {
  it('shows a verified address as verified, with nothing to do', () => {
    useAuthStore.setState({ identity: { ...identity, emailVerified: true } });
    const { tp } = renderWithI18n(<EmailVerificationSection />, lang);
    expect(screen.getByText(identity.email)).toBeInTheDocument();
    expect(screen.getByText(tp('email.verified'))).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(service.reloadIdentity).not.toHaveBeenCalled();
  });

  it('explains why an unverified address matters, resends the link back to the profile, and checks again', async () => {
    const user = userEvent.setup();
    const { tp } = renderWithI18n(<EmailVerificationSection />, lang);
    expect(screen.getByText(tp('email.unverified'))).toBeInTheDocument();
    expect(screen.getByText(tp('email.why'))).toBeInTheDocument();
    // It looks once on arrival (the link leads back here).
    await waitFor(() => expect(service.reloadIdentity).toHaveBeenCalledTimes(1));

    await user.click(screen.getByRole('button', { name: tp('email.resend') }));
    expect(service.sendEmailVerification).toHaveBeenCalledWith('http://localhost/user/profile');
    expect(await screen.findByRole('status')).toHaveTextContent(tp('email.sent', { email: identity.email }));

    await user.click(screen.getByRole('button', { name: tp('email.check') }));
    expect(await screen.findByRole('alert')).toHaveTextContent(tp('email.stillUnverified'));

    // Followed the link: the fresh identity says verified, and the backend user is fetched again.
    service.reloadIdentity.mockResolvedValue({ ...identity, emailVerified: true });
    users.getCurrent.mockResolvedValue({ ...backendUser, email_verified: true });
    const fetches = users.getCurrent.mock.calls.length;
    await user.click(screen.getByRole('button', { name: tp('email.check') }));
    expect(await screen.findByText(tp('email.verified'))).toBeInTheDocument();
    expect(users.getCurrent.mock.calls.length).toBe(fetches + 1);
    expect(useAuthStore.getState().user?.email_verified).toBe(true);
  });

  it('with the Auth emulator, shows the link the emulator keeps instead of mailing it', async () => {
    emulator.mockReturnValue(true);
    const link = 'http://127.0.0.1:9099/emulator/action?mode=verifyEmail&oobCode=abc&apiKey=k';
    users.verificationLink.mockResolvedValue(link);
    const user = userEvent.setup();
    const { tp } = renderWithI18n(<EmailVerificationSection />, lang);
    await user.click(screen.getByRole('button', { name: tp('email.resend') }));
    expect(await screen.findByRole('status')).toHaveTextContent(tp('email.sentDemo'));
    await user.click(screen.getByRole('button', { name: tp('email.showDemoLink') }));
    const anchor = await screen.findByRole('link', { name: tp('email.demoLinkText') });
    expect(anchor).toHaveAttribute('href', link);
    expect(anchor).toHaveAttribute('target', '_blank');
  });

  it('checks once on arrival without a loading state (the page around would remount and check again)', async () => {
    useAuthStore.setState({ user: backendUser, userStatus: 'ready' });
    const statuses: string[] = [];
    const unsubscribe = useAuthStore.subscribe((s) => statuses.push(s.userStatus));
    try {
      renderWithI18n(<EmailVerificationSection />, lang);
      await waitFor(() => expect(users.getCurrent).toHaveBeenCalledTimes(1));
      expect(statuses).not.toContain('loading');
      expect(service.reloadIdentity).toHaveBeenCalledTimes(1);
    } finally {
      unsubscribe();
    }
  });

  it('shows nothing for an account without an e-mail address', () => {
    useAuthStore.setState({ identity: { ...identity, email: null, emailVerified: false } });
    const { container } = renderWithI18n(<EmailVerificationSection />, lang);
    expect(container).toBeEmptyDOMElement();
  });
});
