import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TotpSection from '@/components/auth/profile/TotpSection';
import { MESSAGE_AUTO_CLEAR_MS } from '@/lib/constants';
import { AuthArgumentError, authService } from '@/services/authService';
import { usesAuthEmulator } from '@/services/firebaseConfig';
import { preloadAuth, useAuthStore } from '@/stores/useAuthStore';
import { firebaseError, identity, LANGS, renderWithI18n } from '../helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => jest.requireActual('../helpers').authServiceModuleMock());
jest.mock('@/services/firebaseConfig', () => jest.requireActual('../helpers').firebaseConfigModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));

const service = jest.mocked(authService);
const emulator = jest.mocked(usesAuthEmulator);
const qrCodeUrl =
  'otpauth://totp/Trendvakt:kari%40trendvakt.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Trendvakt&algorithm=SHA1&digits=6';
const enrolment = {
  secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  hashingAlgorithm: 'SHA1',
  codeLength: 6,
  periodSec: 30,
  deadline: 'Tue, 01 Jan 2030 00:00:00 GMT',
  qrCodeUrl,
  secret: { secretKey: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } as never,
};
const factor = {
  enrollmentId: 'enr-1',
  displayName: 'Authenticator app',
  factorId: 'totp',
  enrolledAt: null,
};

beforeAll(() => preloadAuth());
beforeEach(() => {
  jest.clearAllMocks();
  emulator.mockReturnValue(false);
  service.secondFactors.mockReturnValue([]);
  useAuthStore.getState().reset();
  useAuthStore.setState({ status: 'signedIn', identity });
});
afterEach(() => {
  jest.useRealTimers();
});

describe.each(LANGS)('TotpSection (%s)', (lang) => {
  it('with the Auth emulator, says that TOTP needs a real project and offers no set-up', () => {
    emulator.mockReturnValue(true);
    const { tp } = renderWithI18n(<TotpSection />, lang);
    expect(screen.getByText(tp('totp.emulator'))).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('enrols: QR code of the otpauth link, the secret in text, confirm with a code', async () => {
    service.startTotpEnrolment.mockResolvedValue(enrolment);
    service.finaliseTotpEnrolment.mockResolvedValue([factor]);
    const user = userEvent.setup();
    const { tp } = renderWithI18n(<TotpSection />, lang);
    expect(screen.getByText(tp('totp.off'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: tp('totp.setUp') }));

    const qr = await screen.findByRole('img', { name: tp('totp.qrAlt') });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    const link = screen.getByRole('link', { name: tp('totp.openInApp') });
    const url = new URL(link.getAttribute('href')!);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/Trendvakt:kari@trendvakt.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      issuer: 'Trendvakt',
      algorithm: 'SHA1',
      digits: '6',
    });
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(
      screen.getByText(tp('totp.details', { algorithm: 'SHA1', digits: 6, period: 30 })),
    ).toBeInTheDocument();

    const code = screen.getByLabelText(tp('totp.code'));
    await waitFor(() => expect(code).toHaveFocus());
    const confirm = screen.getByRole('button', { name: tp('totp.confirm') });
    expect(confirm).toBeDisabled();
    await user.type(code, '123 456{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(tp('totp.enabledNow'));
    expect(service.finaliseTotpEnrolment).toHaveBeenCalledWith(enrolment, '123456', tp('totp.factorName'));
    expect(screen.getByText(tp('totp.on'))).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('keeps the enrolment open on a wrong code and explains it', async () => {
    expectConsoleError(/^Two-factor change failed:/);
    service.startTotpEnrolment.mockResolvedValue(enrolment);
    service.finaliseTotpEnrolment.mockRejectedValue(firebaseError('auth/invalid-verification-code'));
    const user = userEvent.setup();
    const { t, tp } = renderWithI18n(<TotpSection />, lang);
    await user.click(screen.getByRole('button', { name: tp('totp.setUp') }));
    await user.type(await screen.findByLabelText(tp('totp.code')), '000000{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${tp('totp.confirmFailed')} ${t('errors.invalidCode')}`);
    expect(screen.getByRole('img', { name: tp('totp.qrAlt') })).toBeInTheDocument();
    expect(screen.getByLabelText(tp('totp.code'))).toHaveValue('');
  });

  it('reports a missing secret as an argument error (SPEC §5)', async () => {
    expectConsoleError(/^Two-factor change failed:/);
    service.startTotpEnrolment.mockResolvedValue(enrolment);
    service.finaliseTotpEnrolment.mockRejectedValue(new AuthArgumentError('TOTP secret'));
    const user = userEvent.setup();
    const { t } = renderWithI18n(<TotpSection />, lang);
    await user.click(screen.getByRole('button', { name: /./ }));
    await user.type(await screen.findByRole('textbox'), '123456{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(t('errors.argument'));
  });

  it('offers the verification email when Firebase requires a verified address', async () => {
    expectConsoleError(/^Two-factor change failed:/);
    service.startTotpEnrolment.mockRejectedValue(firebaseError('auth/unverified-email'));
    const user = userEvent.setup();
    const { t, tp } = renderWithI18n(<TotpSection />, lang);
    await user.click(screen.getByRole('button', { name: tp('totp.setUp') }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${tp('totp.startFailed')} ${t('errors.unverifiedEmail')}`);
    await user.click(within(alert).getByRole('button', { name: tp('totp.sendVerification') }));
    expect(await screen.findByRole('status')).toHaveTextContent(tp('totp.verificationSent'));
    expect(service.sendEmailVerification).toHaveBeenCalledTimes(1);
  });

  it('removes an enrolled authenticator after a confirmation; the message clears after 5 seconds', async () => {
    jest.useFakeTimers();
    service.secondFactors.mockReturnValue([factor]);
    service.unenrolSecondFactor.mockResolvedValue([]);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { tp } = renderWithI18n(<TotpSection />, lang);
    expect(await screen.findByText(tp('totp.on'))).toBeInTheDocument();
    expect(screen.getByText('Authenticator app')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: tp('totp.remove') }));
    expect(screen.getByText(tp('totp.removeQuestion'))).toBeInTheDocument();
    expect(service.unenrolSecondFactor).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: tp('totp.removeConfirm') }));
    expect(await screen.findByRole('status')).toHaveTextContent(tp('totp.removed'));
    expect(service.unenrolSecondFactor).toHaveBeenCalledWith('enr-1');
    expect(screen.getByText(tp('totp.off'))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(MESSAGE_AUTO_CLEAR_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
