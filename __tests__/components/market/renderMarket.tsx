/**
 * Rendering for the market screen tests: the real translations (all namespaces, so a missing key
 * shows as the key), a wrapper that survives `rerender` (a new URL), and the mock router.
 */
import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import type { TFunction } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { createMockRouter, createTestI18n } from '../common/shellHelpers';

export type Lang = 'nb' | 'en';

export function renderMarket(ui: ReactElement, locale: Lang = 'nb') {
  const i18n = createTestI18n(locale);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
  const result = render(ui, { wrapper });
  return { ...result, i18n, t: i18n.t.bind(i18n) as TFunction };
}

/** The mock router with the locale and a page. */
export function marketRouter(pathname: string, query: Record<string, string> = {}, locale: Lang = 'nb') {
  const router = createMockRouter();
  router.pathname = pathname;
  router.asPath = pathname;
  router.query = query;
  router.locale = locale;
  return router;
}
