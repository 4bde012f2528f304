import fs from 'node:fs';
import path from 'node:path';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import type { UserDto } from '@/lib/types/user';

export const LOCALE_DIR = path.join(process.cwd(), 'public', 'locales');

/** The real translation files, so the tests see what users see. */
export function loadResources(locale: string): Record<string, Record<string, unknown>> {
  const dir = path.join(LOCALE_DIR, locale);
  const out: Record<string, Record<string, unknown>> = {};
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    out[file.replace(/\.json$/, '')] = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  }
  return out;
}

export function createTestI18n(locale: 'nb' | 'en' = 'nb'): I18n {
  const resources = loadResources(locale);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { [locale]: resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

/** Render inside the real translations; returns `t` bound to the locale for expectations. */
export function renderWithShell(ui: ReactElement, locale: 'nb' | 'en' = 'nb') {
  const i18n = createTestI18n(locale);
  const result = render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
  return { ...result, i18n, t: i18n.t.bind(i18n) as TFunction };
}

type Handler = (url: string) => void;

/** A small stand-in for next/router's router (jest.mock('next/router', ...) returns it). */
export function createMockRouter() {
  const handlers = new Map<string, Set<Handler>>();
  const router = {
    pathname: '/home',
    asPath: '/home',
    query: {} as Record<string, string>,
    locale: 'nb',
    locales: ['nb', 'en'],
    defaultLocale: 'nb',
    isReady: true,
    push: jest.fn(async () => true),
    replace: jest.fn(async () => true),
    prefetch: jest.fn(async () => undefined),
    events: {
      on: jest.fn((event: string, handler: Handler) => {
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)!.add(handler);
      }),
      off: jest.fn((event: string, handler: Handler) => handlers.get(event)?.delete(handler)),
      emit: (event: string, url: string) => handlers.get(event)?.forEach((h) => h(url)),
    },
  };
  return router;
}
export type MockRouter = ReturnType<typeof createMockRouter>;

export function userWith(overrides: Partial<UserDto> = {}): UserDto {
  return {
    uid: 'uid-1',
    first_name: 'Kari',
    last_name: 'Nordmann',
    email: 'kari@trendvakt.test',
    mobile: '',
    accept_terms: true,
    email_verified: true,
    stripe_customer_id: null,
    subscription_status: 'active',
    group_id: 2,
    ...overrides,
  };
}

/** window.matchMedia for jsdom, with a switch to flip the system dark preference. */
export function installMatchMedia(initial: { dark?: boolean; lg?: boolean } = {}) {
  const state = { dark: Boolean(initial.dark), lg: initial.lg ?? true };
  const listeners = new Set<(e: MediaQueryListEvent) => void>();
  window.matchMedia = jest.fn((query: string) => {
    const matches = query.includes('prefers-color-scheme: dark')
      ? state.dark
      : query.includes('min-width')
        ? state.lg
        : false;
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.add(l),
      removeEventListener: (_: string, l: (e: MediaQueryListEvent) => void) => listeners.delete(l),
      addListener: jest.fn(),
      removeListener: jest.fn(),
      dispatchEvent: jest.fn(),
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return {
    setDark(dark: boolean) {
      state.dark = dark;
      listeners.forEach((l) =>
        l({ matches: dark, media: '(prefers-color-scheme: dark)' } as MediaQueryListEvent),
      );
    },
    setLarge(lg: boolean) {
      state.lg = lg;
    },
  };
}
