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
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

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
  emailVerified: true,
  displayName: 'Kari Nordmann',
};

beforeEach(() => {
  jest.clearAllMocks();
  resetRouter();
  useAuthStore.getState().reset();
  service.register.mockResolvedValue(kari);
  users.create.mockResolvedValue(backendUser);
  users.getCurrent.mockResolvedValue(backendUser);
});

type Field = 'firstName' | 'lastName' | 'email' | 'telephone' | 'password' | 'confirmPassword';
const valid: Record<Field, string> = {
  firstName: 'Kari',
  lastName: 'Nordmann',
  email: 'kari@trendvakt.test',
  telephone: '+47 912 34 567',
  password: 'hemmelig12',
  confirmPassword: 'hemmelig12',
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

  it('offers Google and Facebook sign-up too, once the terms are ticked (issue 39 item 7)', async () => {
    const { terms, user } = setup(lang);
    const google = () =>
      screen.getByRole('button', {
        name: lang === 'nb' ? 'Registrer deg med Google' : 'Register with Google',
      });
    const facebook = () =>
      screen.getByRole('button', {
        name: lang === 'nb' ? 'Registrer deg med Facebook' : 'Register with Facebook',
      });
    expect(google()).toBeDisabled();
    expect(facebook()).toBeDisabled();
    expect(
      screen.getByText(
        lang === 'nb'
          ? 'Kryss av for vilkårene over for å registrere deg med Google eller Facebook.'
          : 'Tick the terms above to register with Google or Facebook.',
      ),
    ).toBeInTheDocument();
    await user.click(terms());
    expect(google()).toBeEnabled();
    expect(facebook()).toBeEnabled();
  });

  it('keeps Register disabled until the terms are ticked; the telephone is optional', async () => {
    const { fill, submit, terms, user } = setup(lang);
    await fill({ ...valid, telephone: '' }, false);
    expect(submit()).toBeDisabled();
    await user.click(terms());
    expect(submit()).toBeEnabled();
  });

  it('shows a mismatched confirmation next to the field as you type, and the button says why', async () => {
    const { t, fill, submit, field, user } = setup(lang);
    await fill({ ...valid, confirmPassword: 'hemmelig13' });
    const confirm = field('confirmPassword');
    expect(confirm).toHaveAccessibleDescription(t('register.passwordMismatch'));
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    expect(submit()).toBeDisabled();
    expect(
      screen.getByText(t('register.disabledBecause', { list: t('register.confirmPassword') })),
    ).toBeInTheDocument();
    // Fixing the confirmation removes the message and enables the button.
    await user.clear(confirm);
    await user.type(confirm, 'hemmelig12');
    expect(screen.queryByText(t('register.passwordMismatch'))).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('checks the e-mail shape and the password length (≥ 10) as you type, with a strength hint', async () => {
    const { t, field, user } = setup(lang);
    await user.type(field('email'), 'kari@');
    expect(field('email')).toHaveAccessibleDescription(t('register.emailInvalid'));
    await user.type(field('email'), 'trendvakt.test');
    expect(field('email')).not.toHaveAttribute('aria-invalid', 'true');
    await user.type(field('password'), 'hemmelig1');
    expect(field('password')).toHaveAccessibleDescription(t('register.passwordTooShort', { min: 10 }));
    await user.type(field('password'), '2');
    expect(field('password')).not.toHaveAttribute('aria-invalid', 'true');
    // "hemmelig12": 10 characters, lower case and digits (2 kinds) → fair, worked out by hand.
    expect(screen.getByText(t('register.strength.2'))).toBeInTheDocument();
    await user.type(field('password'), 'X!x9');
    // 14 characters and 4 kinds → strong.
    expect(screen.getByText(t('register.strength.3'))).toBeInTheDocument();
  });

  it('rejects a telephone number that is not one, next to the field', async () => {
    const { t, fill, submit, field } = setup(lang);
    await fill({ ...valid, telephone: 'ring meg' });
    expect(field('telephone')).toHaveAccessibleDescription(t('register.telephoneInvalid'));
    expect(submit()).toBeDisabled();
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
      password: 'hemmelig12',
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
    ['auth/email-already-in-use', 'errors.emailInUse', 'email'],
    ['auth/weak-password', 'errors.weakPassword', 'password'],
    ['auth/invalid-email', 'errors.invalidEmail', 'email'],
  ] as const)('on %s: the reason in words next to its field', async (code, key, f) => {
    service.register.mockRejectedValue(firebaseError(code));
    const { t, fill, submit, field, user } = setup(lang);
    await fill();
    await user.click(submit());
    await waitFor(() => expect(field(f)).toHaveAccessibleDescription(t(key)));
    expect(field(f)).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(notify.success).not.toHaveBeenCalled();
    expect(users.create).not.toHaveBeenCalled();
    expect(mockRouter.push).not.toHaveBeenCalled();
    // Changing the field clears Firebase's message.
    await user.type(field(f), 'x');
    expect(screen.queryByText(t(key))).not.toBeInTheDocument();
  });

  it('undoes the Firebase account when the backend user cannot be created', async () => {
    expectConsoleError(/^Registration failed:/);
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
