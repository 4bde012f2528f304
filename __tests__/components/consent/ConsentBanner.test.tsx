import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import AnalyticsController from '@/components/consent/AnalyticsController';
import ConsentBanner from '@/components/consent/ConsentBanner';
import ConsentSettingsLink from '@/components/consent/ConsentSettingsLink';
import { STORAGE_KEYS } from '@/lib/storage';
import { pageView, setAnalyticsConsent } from '@/services/analytics';
import { useConsentStore } from '@/stores/useConsentStore';
import { createMockRouter, createTestI18n, renderWithShell, type MockRouter } from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/analytics', () => ({ pageView: jest.fn(), setAnalyticsConsent: jest.fn() }));

beforeEach(() => {
  jest.clearAllMocks();
  mockRouter = createMockRouter();
  mockRouter.asPath = '/public/stocks';
  window.localStorage.clear();
  useConsentStore.getState().reset();
  useConsentStore.setState({ hydrated: false });
});

function Shell() {
  return (
    <>
      <AnalyticsController />
      <ConsentBanner />
      <ConsentSettingsLink />
    </>
  );
}

/** The banner's panel loads lazily: render, then wait until it is there. */
async function renderFirstVisit(locale: 'nb' | 'en') {
  const utils = renderWithShell(<Shell />, locale);
  await screen.findByRole('region', { name: utils.t('consent:title') });
  return utils;
}

describe.each(['nb', 'en'] as const)('consent banner (%s)', (locale) => {
  it('appears on a first visit and nothing is allowed before an answer', async () => {
    const { t } = await renderFirstVisit(locale);
    expect(screen.getByRole('region', { name: t('consent:title') })).toBeInTheDocument();
    expect(setAnalyticsConsent).not.toHaveBeenCalledWith(expect.objectContaining({ analytics: true }));
    expect(setAnalyticsConsent).not.toHaveBeenCalledWith(expect.objectContaining({ marketing: true }));
  });

  it('"accept all" allows both and is remembered', async () => {
    const user = userEvent.setup();
    const { t } = await renderFirstVisit(locale);
    await user.click(screen.getByRole('button', { name: t('consent:acceptAll') }));
    expect(screen.queryByRole('region', { name: t('consent:title') })).not.toBeInTheDocument();
    expect(setAnalyticsConsent).toHaveBeenLastCalledWith(
      expect.objectContaining({ analytics: true, marketing: true }),
    );
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.consent)!).state).toMatchObject({
      decided: true,
      analytics: true,
      marketing: true,
    });
  });

  it('"necessary only" allows neither', async () => {
    const user = userEvent.setup();
    const { t } = await renderFirstVisit(locale);
    await user.click(screen.getByRole('button', { name: t('consent:rejectAll') }));
    expect(setAnalyticsConsent).toHaveBeenLastCalledWith(
      expect.objectContaining({ analytics: false, marketing: false }),
    );
  });

  it('analytics and marketing are separate choices', async () => {
    const user = userEvent.setup();
    const { t } = await renderFirstVisit(locale);
    await user.click(screen.getByRole('button', { name: t('consent:customize') }));
    expect(screen.getByRole('switch', { name: t('consent:necessary.label') })).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: t('consent:marketing.label') }));
    await user.click(screen.getByRole('button', { name: t('consent:save') }));
    expect(useConsentStore.getState()).toMatchObject({ decided: true, analytics: false, marketing: true });
    expect(setAnalyticsConsent).toHaveBeenLastCalledWith(
      expect.objectContaining({ analytics: false, marketing: true }),
    );
  });

  it('can be changed later from the footer, starting from the saved answer', async () => {
    const user = userEvent.setup();
    const { t } = await renderFirstVisit(locale);
    await user.click(screen.getByRole('button', { name: t('consent:acceptAll') }));
    await user.click(screen.getByRole('button', { name: t('consent:footerLink') }));
    const region = screen.getByRole('region', { name: t('consent:title') });
    expect(region).toHaveFocus();
    expect(screen.getByRole('switch', { name: t('consent:analytics.label') })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: t('consent:analytics.label') }));
    await user.click(screen.getByRole('button', { name: t('consent:save') }));
    expect(useConsentStore.getState()).toMatchObject({ analytics: false, marketing: true });
    expect(setAnalyticsConsent).toHaveBeenLastCalledWith(
      expect.objectContaining({ analytics: false, marketing: true }),
    );
  });
});

describe('AnalyticsController', () => {
  it('stays hidden for a returning visitor and applies the saved answer', () => {
    window.localStorage.setItem(
      STORAGE_KEYS.consent,
      JSON.stringify({
        state: { decided: true, analytics: true, marketing: false, decidedAt: null },
        version: 0,
      }),
    );
    renderWithShell(<Shell />, 'nb');
    expect(screen.queryByTestId('consent-banner')).not.toBeInTheDocument();
    expect(setAnalyticsConsent).toHaveBeenCalledWith(
      expect.objectContaining({ analytics: true, marketing: false }),
    );
  });

  it('reports the first page and every route change as page views', () => {
    const i18n = createTestI18n('nb');
    render(
      <I18nextProvider i18n={i18n}>
        <AnalyticsController />
      </I18nextProvider>,
    );
    expect(pageView).toHaveBeenCalledWith('/public/stocks');
    act(() => mockRouter.events.emit('routeChangeComplete', '/en/blog'));
    act(() => mockRouter.events.emit('routeChangeComplete', '/home'));
    expect(jest.mocked(pageView).mock.calls.map((c) => c[0])).toEqual([
      '/public/stocks',
      '/en/blog',
      '/home',
    ]);
  });
});
