/**
 * Shared by the auth component tests: a real i18next instance with our nb/en JSON (no fallback
 * language, so a missing key shows up as the key itself), a controllable router, and a mocked
 * authService whose functions the tests program.
 */
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import enAuth from '@/public/locales/en/auth.json';
import enCommon from '@/public/locales/en/common.json';
import enProfile from '@/public/locales/en/profile.json';
import nbAuth from '@/public/locales/nb/auth.json';
import nbCommon from '@/public/locales/nb/common.json';
import nbProfile from '@/public/locales/nb/profile.json';

export type Lang = 'nb' | 'en';
export const LANGS: Lang[] = ['nb', 'en'];

const resources = {
  nb: { common: nbCommon, auth: nbAuth, profile: nbProfile },
  en: { common: enCommon, auth: enAuth, profile: enProfile },
};

export function createI18n(lng: Lang): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    ns: ['common', 'auth', 'profile'],
    defaultNS: 'common',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Render inside a real i18next provider; `t` (auth) and `tp` (profile) give the expected texts. */
export function renderWithI18n(ui: ReactElement, lng: Lang) {
  const i18n = createI18n(lng);
  const t: TFunction = i18n.getFixedT(lng, 'auth');
  const tp: TFunction = i18n.getFixedT(lng, 'profile');
  return { ...render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>), i18n, t, tp };
}

/** The router the components see (jest.mock('next/router') returns this). */
export const mockRouter = {
  push: jest.fn(async (_url: string) => true),
  replace: jest.fn(async (_url: string) => true),
  query: {} as Record<string, string | string[]>,
  asPath: '/',
  pathname: '/',
  locale: 'nb',
  isReady: true,
};

export function resetRouter(): void {
  mockRouter.push.mockClear();
  mockRouter.replace.mockClear();
  mockRouter.query = {};
}

/** A mocked `authService` with every function the store calls (see jest.mock in each test file). */
export function createAuthServiceMock() {
  return {
    watch: jest.fn(() => () => {}),
    signOut: jest.fn(async () => {}),
    currentIdentity: jest.fn(() => null),
    signInWithEmail: jest.fn(),
    resolveMfaSignIn: jest.fn(),
    register: jest.fn(),
    deleteCurrentUser: jest.fn(async () => {}),
    sendPasswordReset: jest.fn(async () => {}),
    signInWithSocial: jest.fn(),
    hasPassword: jest.fn(() => true),
    changePassword: jest.fn(),
    completePasswordChange: jest.fn(async () => {}),
    sendEmailVerification: jest.fn(async () => {}),
    reloadIdentity: jest.fn(async () => null),
    secondFactors: jest.fn(() => []),
    startTotpEnrolment: jest.fn(),
    finaliseTotpEnrolment: jest.fn(async () => []),
    unenrolSecondFactor: jest.fn(async () => []),
  };
}

/**
 * The module factory for jest.mock('@/services/firebaseConfig', …): `usesAuthEmulator` decides
 * whether social sign-in uses the test identity dialog and whether TOTP is offered.
 */
export function firebaseConfigModuleMock() {
  return {
    ...jest.requireActual<typeof import('@/services/firebaseConfig')>('@/services/firebaseConfig'),
    usesAuthEmulator: jest.fn(() => false),
  };
}

/** The module factory for jest.mock('@/services/authService', …). */
export function authServiceModuleMock() {
  const actual = jest.requireActual<typeof import('@/services/authService')>('@/services/authService');
  return {
    authService: createAuthServiceMock(),
    toIdentity: (user: {
      uid: string;
      email?: string | null;
      phoneNumber?: string | null;
      displayName?: string | null;
      emailVerified?: boolean;
    }) => ({
      uid: user.uid,
      email: user.email ?? null,
      phoneNumber: user.phoneNumber ?? null,
      displayName: user.displayName ?? null,
      emailVerified: user.emailVerified ?? false,
    }),
    AuthArgumentError: actual.AuthArgumentError,
    SocialSignInError: actual.SocialSignInError,
    TOTP_ISSUER: actual.TOTP_ISSUER,
  };
}

/** The module factory for jest.mock('@/components/common/notify', …). */
export function notifyModuleMock() {
  return { notify: { success: jest.fn(), error: jest.fn(), info: jest.fn() } };
}

/** The module factory for jest.mock('@/services/analytics', …). */
export function analyticsModuleMock() {
  return { trackEvent: jest.fn(), trackLogin: jest.fn(), trackSignUp: jest.fn() };
}

/** A Firebase-style error: `{ code: 'auth/…' }`. */
export function firebaseError(code: string): Error & { code: string } {
  return Object.assign(new Error(`Firebase: Error (${code}).`), { code });
}

/** A promise resolved from outside, for "while pending" assertions. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const identity = {
  uid: 'uid-kari',
  email: 'kari@trendvakt.test',
  phoneNumber: null,
  displayName: 'Kari Nordmann',
  emailVerified: true,
};

export const backendUser = {
  uid: 'uid-kari',
  first_name: 'Kari',
  last_name: 'Nordmann',
  email: 'kari@trendvakt.test',
  mobile: '+47 912 34 567',
  accept_terms: true,
  email_verified: true,
  stripe_customer_id: null,
  subscription_status: 'inactive',
  group_id: 2,
};
