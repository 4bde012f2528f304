import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ForgotPasswordForm from '@/components/auth/ForgotPasswordForm';
import { authService } from '@/services/authService';
import { firebaseError, LANGS, renderWithI18n } from './helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => jest.requireActual('./helpers').authServiceModuleMock());

const service = jest.mocked(authService);

beforeEach(() => {
  jest.clearAllMocks();
});

async function send(lang: 'nb' | 'en', email: string) {
  const user = userEvent.setup();
  const utils = renderWithI18n(<ForgotPasswordForm />, lang);
  const field = screen.getByLabelText(utils.t('forgot.email'));
  expect(field).toHaveFocus();
  expect(screen.getByRole('button', { name: utils.t('forgot.submit') })).toBeDisabled();
  await user.type(field, email);
  await user.click(screen.getByRole('button', { name: utils.t('forgot.submit') }));
  return utils;
}

describe.each(LANGS)('ForgotPasswordForm (%s)', (lang) => {
  it('sends the reset email and confirms', async () => {
    const { t } = await send(lang, 'kari@trendvakt.test');
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(t('forgot.sent', { email: 'kari@trendvakt.test' }));
    expect(status).toHaveFocus();
    expect(service.sendPasswordReset).toHaveBeenCalledWith('kari@trendvakt.test');
    expect(screen.getByRole('link', { name: t('forgot.backToLogin') })).toHaveAttribute(
      'href',
      '/authentication/login',
    );
  });

  it('answers an unknown address with exactly the same confirmation', async () => {
    // authService swallows auth/user-not-found (tested in authService.test.ts): the form sees success.
    const known = await send(lang, 'kari@trendvakt.test');
    const knownText = (await screen.findByRole('status')).textContent;
    known.unmount();
    await send(lang, 'nobody@trendvakt.test');
    const unknownText = (await screen.findByRole('status')).textContent;
    expect(unknownText?.replace('nobody@trendvakt.test', 'X')).toBe(
      knownText?.replace('kari@trendvakt.test', 'X'),
    );
  });

  it.each([
    ['auth/network-request-failed', 'errors.network'],
    ['auth/invalid-email', 'errors.invalidEmail'],
    ['auth/too-many-requests', 'errors.tooManyRequests'],
  ])('explains %s', async (code, key) => {
    expectConsoleError(/^Password reset failed:/);
    service.sendPasswordReset.mockRejectedValueOnce(firebaseError(code));
    const { t } = await send(lang, 'kari@trendvakt.test');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('forgot.failed'));
    expect(alert).toHaveTextContent(t(key));
    expect(alert).toHaveFocus();
  });
});
