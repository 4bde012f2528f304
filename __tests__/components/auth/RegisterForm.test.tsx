import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notify } from '@/components/common/notify';
import RegisterForm from '@/components/auth/RegisterForm';
import { trackEvent, trackSignUp } from '@/services/analytics';
import { ApiError } from '@/services/apiError';
import { authService } from '@/services/authService';
import { userService } from '@/services/userService';
import { useAuthStore } from '@/stores/useAuthStore';
import { backendUser, firebaseError, LANGS, mockRouter, renderWithI18n, resetRouter } from './helpers';

jest.mock('next/router', () => ({ useRouter: () => jest.requireActual('./helpers').mockRouter }));
jest.mock('@/services/authService', () => jest.requireActual('./helpers').authServiceModuleMock());
jest.mock('@/services/userService', () => ({
  userService: { create: jest.fn(), getCurrent: jest.fn(), update: jest.fn() },
}));
jest.mock('@/services/analytics', () => jest.requireActual('./helpers').analyticsModuleMock());
jest.mock('@/components/common/notify', () => jest.requireActual('./helpers').notifyModuleMock());

const service = jest.mocked(authService);
const users = jest.mocked(userService);
const kari = {
  uid: 'uid-kari',
  email: 'kari@trendvakt.test',
  phoneNumber: null,
  displayName: 'Kari Nordmann',
};

let errorLog: jest.SpyInstance;
beforeEach(() => {
  jest.clearAllMocks();
  resetRouter();
  useAuthStore.getState().reset();
  service.register.mockResolvedValue(kari);
  users.create.mockResolvedValue(backendUser);
  users.getCurrent.mockResolvedValue(backendUser);
  errorLog = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errorLog.mockRestore());

type Field = 'firstName' | 'lastName' | 'email' | 'telephone' | 'password' | 'confirmPassword';
const valid: Record<Field, string> = {
  firstName: 'Kari',
  lastName: 'Nordmann',
  email: 'kari@trendvakt.test',
  telephone: '+47 912 34 567',
  password: 'hemmelig1',
  confirmPassword: 'hemmelig1',
};

function setup(lang: 'nb' | 'en', props: { onSuccess?: () => void } = {}) {
  const user = userEvent.setup();
  const utils = renderWithI18n(<RegisterForm {...props} />, lang);
  const { t } = utils;
  const field = (f: Field) => screen.getByLabelText(t(`register.${f}`));
  const terms = () => screen.getByRole('checkbox');
  const submit = () => screen.getByRole('button', { name: t('register.submit') });
  async function fill(values: Partial<Record<Field, string>> = valid, accept = true) {
    for (const [f, v] of Object.entries(values) as [Field, string][]) if (v) await user.type(field(f), v);
    if (accept) await user.click(terms());
  }
  return { ...utils, user, field, terms, submit, fill };
}

describe.each(LANGS)('RegisterForm (%s)', (lang) => {
  it('has the SPEC §3 fields with the right types, focuses the first name and links the terms', () => {
    const { t, field } = setup(lang);
    expect(field('firstName')).toHaveFocus();
    expect(field('email')).toHaveAttribute('type', 'email');
    expect(field('telephone')).toHaveAttribute('type', 'tel');
    expect(field('password')).toHaveAttribute('type', 'password');
    expect(field('confirmPassword')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: lang === 'nb' ? 'vilkårene' : 'terms' })).toHaveAttribute(
      'href',
      '/public/disclaimer',
    );
    expect(
      screen.getByRole('link', { name: lang === 'nb' ? 'personvernerklæringen' : 'privacy policy' }),
    ).toHaveAttribute('href', '/public/privacy-statement');
    expect(screen.getByRole('checkbox')).toHaveAccessibleName(
      lang === 'nb'
        ? 'Jeg godtar vilkårene og personvernerklæringen'
        : 'I accept the terms and the privacy policy',
    );
    expect(screen.getByRole('button', { name: t('register.submit') })).toBeDisabled();
  });

  it.each(['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as Field[])(
    'keeps Register disabled while %s is empty',
    async (missing) => {
      const { fill, submit } = setup(lang);
      await fill({ ...valid, [missing]: '' });
      expect(submit()).toBeDisabled();
    },
  );

  it('keeps Register disabled until the terms are ticked; the telephone is optional', async () => {
    const { fill, submit, terms, user } = setup(lang);
    await fill({ ...valid, telephone: '' }, false);
    expect(submit()).toBeDisabled();
    await user.click(terms());
    expect(submit()).toBeEnabled();
  });

  it('shows a mismatched confirmation next to the field and does not register', async () => {
    const { t, fill, submit, field, user } = setup(lang);
    await fill({ ...valid, confirmPassword: 'hemmelig2' });
    await user.click(submit());
    const confirm = field('confirmPassword');
    expect(confirm).toHaveAccessibleDescription(t('register.passwordMismatch'));
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(confirm).toHaveFocus();
    expect(service.register).not.toHaveBeenCalled();
    // Fixing the confirmation removes the message.
    await user.clear(confirm);
    await user.type(confirm, 'hemmelig1');
    expect(screen.queryByText(t('register.passwordMismatch'))).not.toBeInTheDocument();
  });

  it('does not report the mismatch before the submit (no layout shift under the pointer)', async () => {
    const { t, field, user } = setup(lang);
    await user.type(field('password'), 'hemmelig1');
    await user.type(field('confirmPassword'), 'hemmelig');
    await user.tab();
    expect(screen.queryByText(t('register.passwordMismatch'))).not.toBeInTheDocument();
  });

  it('rejects a telephone number that is not one, next to the field', async () => {
    const { t, fill, submit, field, user } = setup(lang);
    await fill({ ...valid, telephone: 'ring meg' });
    await user.click(submit());
    expect(field('telephone')).toHaveAccessibleDescription(t('register.telephoneInvalid'));
    expect(field('telephone')).toHaveFocus();
    expect(service.register).not.toHaveBeenCalled();
  });

  it('registers: Firebase account, backend user with accept_terms, refetch, toast, SIGNUP, /home', async () => {
    const onSuccess = jest.fn();
    const { t, fill, submit, user } = setup(lang, { onSuccess });
    await fill();
    await user.click(submit());
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/home'));
    expect(service.register).toHaveBeenCalledWith({
      firstName: 'Kari',
      lastName: 'Nordmann',
      email: 'kari@trendvakt.test',
      telephone: '+47 912 34 567',
      password: 'hemmelig1',
    });
    expect(users.create).toHaveBeenCalledWith({
      first_name: 'Kari',
      last_name: 'Nordmann',
      email: 'kari@trendvakt.test',
      mobile: '+47 912 34 567',
      accept_terms: true,
    });
    // Refetched after creation (SPEC §4).
    expect(users.getCurrent).toHaveBeenCalledWith('uid-kari');
    expect(users.getCurrent.mock.invocationCallOrder.at(-1)).toBeGreaterThan(
      users.create.mock.invocationCallOrder[0],
    );
    expect(notify.success).toHaveBeenCalledWith(t('register.success', { name: 'Kari Nordmann' }));
    expect(jest.mocked(notify.success).mock.calls[0][0]).toBe(
      lang === 'nb' ? 'Registrert som Kari Nordmann' : 'Successfully registered as Kari Nordmann',
    );
    expect(trackEvent).toHaveBeenCalledWith({ action: 'SIGNUP', category: 'User', label: 'email' });
    expect(trackSignUp).toHaveBeenCalledWith(
      'email',
      expect.objectContaining({ email: 'kari@trendvakt.test' }),
    );
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({
      status: 'signedIn',
      user: backendUser,
      userStatus: 'ready',
    });
  });

  it.each([
    ['auth/email-already-in-use', 'errors.emailInUse'],
    ['auth/weak-password', 'errors.weakPassword'],
    ['auth/invalid-email', 'errors.invalidEmail'],
  ])('on %s: inline failure with the reason in words, and a toast', async (code, key) => {
    const err = firebaseError(code);
    service.register.mockRejectedValue(err);
    const { t, fill, submit, user } = setup(lang);
    await fill();
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(t('register.failed'));
    expect(alert).toHaveTextContent(t(key));
    expect(alert).toHaveFocus();
    expect(notify.error).toHaveBeenCalledWith(t('register.toastFailed'));
    expect(jest.mocked(notify.error).mock.calls[0][0]).toBe(
      lang === 'nb' ? 'Noe gikk galt' : 'Something went wrong',
    );
    expect(notify.success).not.toHaveBeenCalled();
    expect(users.create).not.toHaveBeenCalled();
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(errorLog).toHaveBeenCalledWith(expect.any(String), err);
  });

  it('undoes the Firebase account when the backend user cannot be created', async () => {
    users.create.mockRejectedValue(new ApiError(500, 'INTERNAL', 'boom'));
    const { t, fill, submit, user } = setup(lang);
    await fill();
    await user.click(submit());
    expect(await screen.findByRole('alert')).toHaveTextContent(t('register.failed'));
    expect(service.deleteCurrentUser).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith(t('register.toastFailed'));
    expect(useAuthStore.getState().status).toBe('signedOut');
  });
});
