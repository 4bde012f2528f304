import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PasswordChangeForm from '@/components/auth/profile/PasswordChangeForm';
import { MESSAGE_AUTO_CLEAR_MS } from '@/lib/constants';
import { authService } from '@/services/authService';
import { preloadAuth, useAuthStore } from '@/stores/useAuthStore';
import { firebaseError, identity, LANGS, renderWithI18n } from '../helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => jest.requireActual('../helpers').authServiceModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));

const service = jest.mocked(authService);

beforeAll(() => preloadAuth());
beforeEach(() => {
  jest.clearAllMocks();
  service.hasPassword.mockReturnValue(true);
  useAuthStore.getState().reset();
  useAuthStore.setState({ status: 'signedIn', identity });
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
});

function setup(lang: 'nb' | 'en') {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const utils = renderWithI18n(<PasswordChangeForm />, lang);
  const field = (k: 'current' | 'new' | 'confirm') => screen.getByLabelText(utils.tp(`password.${k}`));
  const submit = () => screen.getByRole('button', { name: utils.tp('password.submit') });
  async function fill(current = 'gammelt1', next = 'nyttpassord1', confirm = next) {
    await user.type(field('current'), current);
    await user.type(field('new'), next);
    await user.type(field('confirm'), confirm);
  }
  return { ...utils, user, field, submit, fill };
}

describe.each(LANGS)('PasswordChangeForm (%s)', (lang) => {
  it('needs all three fields, masked', async () => {
    const { field, submit, user } = setup(lang);
    for (const k of ['current', 'new', 'confirm'] as const)
      expect(field(k)).toHaveAttribute('type', 'password');
    expect(submit()).toBeDisabled();
    await user.type(field('current'), 'gammelt1');
    await user.type(field('new'), 'nyttpassord1');
    expect(submit()).toBeDisabled();
    await user.type(field('confirm'), 'nyttpassord1');
    expect(submit()).toBeEnabled();
  });

  it('says next to the field when the new passwords differ', async () => {
    const { tp, field, submit, fill, user } = setup(lang);
    await fill('gammelt1', 'nyttpassord1', 'nyttpassord2');
    await user.click(submit());
    expect(field('confirm')).toHaveAccessibleDescription(tp('password.mismatch'));
    expect(field('confirm')).toHaveFocus();
    expect(service.changePassword).not.toHaveBeenCalled();
  });

  it('reauthenticates and changes: PasswordChangedSuccessfully, cleared after 5 seconds', async () => {
    service.changePassword.mockResolvedValue({ kind: 'done' });
    const { tp, field, submit, fill, user } = setup(lang);
    await fill();
    await user.click(submit());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(tp('password.PasswordChangedSuccessfully'));
    expect(service.changePassword).toHaveBeenCalledWith('gammelt1', 'nyttpassord1');
    expect(field('current')).toHaveValue('');
    act(() => jest.advanceTimersByTime(MESSAGE_AUTO_CLEAR_MS - 1));
    expect(screen.getByText(tp('password.PasswordChangedSuccessfully'))).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByText(tp('password.PasswordChangedSuccessfully'))).not.toBeInTheDocument();
  });

  it.each([
    ['auth/invalid-credential', 'errors.wrongCurrentPassword'],
    ['auth/wrong-password', 'errors.wrongCurrentPassword'],
    ['auth/weak-password', 'errors.weakPassword'],
    ['auth/requires-recent-login', 'errors.requiresRecentLogin'],
  ])('on %s shows the failure message for 5 seconds', async (code, key) => {
    expectConsoleError(/^Password change failed:/);
    service.changePassword.mockRejectedValue(firebaseError(code));
    const { t, tp, fill, submit, user } = setup(lang);
    await fill();
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`${tp('password.failed')} ${t(key)}`);
    expect(alert).toHaveFocus();
    act(() => jest.advanceTimersByTime(MESSAGE_AUTO_CLEAR_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks for the TOTP code when the account has a second factor', async () => {
    const challenge = {
      factors: [{ enrollmentId: 'enr-1', displayName: null, factorId: 'totp', enrolledAt: null }],
      resolver: {} as never,
    };
    service.changePassword.mockResolvedValue({ kind: 'mfaRequired', challenge });
    const { t, tp, fill, submit, user } = setup(lang);
    await fill();
    await user.click(submit());
    const code = await screen.findByLabelText(t('mfa.code'));
    await waitFor(() => expect(code).toHaveFocus());
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: t('mfa.submit') }));
    expect(await screen.findByRole('status')).toHaveTextContent(tp('password.PasswordChangedSuccessfully'));
    expect(service.completePasswordChange).toHaveBeenCalledWith(challenge, 'enr-1', '654321', 'nyttpassord1');
  });

  it('explains that a Google or Facebook account has no password to change', () => {
    service.hasPassword.mockReturnValue(false);
    const { tp } = setup(lang);
    expect(screen.getByText(tp('password.noPassword'))).toBeInTheDocument();
    expect(screen.queryByLabelText(tp('password.current'))).not.toBeInTheDocument();
  });
});
