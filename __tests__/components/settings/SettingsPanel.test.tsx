import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SettingsPanel from '@/components/settings/SettingsPanel';
import SettingsToggle from '@/components/settings/SettingsToggle';
import ThemeToggle from '@/components/settings/ThemeToggle';
import { STORAGE_KEYS } from '@/lib/storage';
import { DEFAULT_SETTINGS, useSettingsStore } from '@/stores/useSettingsStore';
import {
  createMockRouter,
  installMatchMedia,
  renderWithShell,
  type MockRouter,
} from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const stored = () => JSON.parse(window.localStorage.getItem(STORAGE_KEYS.settings) ?? 'null')?.state;

beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/public/stocks';
  mockRouter.asPath = '/public/stocks?x=1';
  mockRouter.query = { x: '1' };
  installMatchMedia();
  useSettingsStore.setState({ ...DEFAULT_SETTINGS, showSettingPanel: false });
  window.localStorage.clear();
  document.cookie = 'NEXT_LOCALE=; max-age=0; path=/';
});

function Bar() {
  return (
    <>
      <ThemeToggle />
      <SettingsToggle />
      <SettingsPanel />
    </>
  );
}

describe.each(['nb', 'en'] as const)('settings (%s)', (locale) => {
  it('the theme toggle switches between light and dark and saves it', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<Bar />, locale);
    await user.click(screen.getByRole('button', { name: t('settings:theme.switchToDark') }));
    expect(useSettingsStore.getState().isDark).toBe(true);
    expect(stored()).toMatchObject({ theme: 'dark', isDark: true });
    await user.click(screen.getByRole('button', { name: t('settings:theme.switchToLight') }));
    expect(stored()).toMatchObject({ theme: 'light', isDark: false });
  });

  it('the panel changes every setting', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<Bar />, locale);
    await user.click(screen.getByRole('button', { name: t('settings:panel.open') }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName(t('settings:panel.title'));

    await user.click(screen.getByRole('radio', { name: t('settings:theme.auto') }));
    await user.click(screen.getByRole('switch', { name: t('settings:layout.rtl') }));
    await user.click(screen.getByRole('switch', { name: t('settings:layout.fluid') }));
    await user.click(screen.getByRole('switch', { name: t('settings:navbar.collapsed') }));
    await user.click(screen.getByRole('radio', { name: t('settings:navbar.style.inverted') }));
    await user.click(screen.getByRole('radio', { name: t('settings:navbar.position.top') }));
    expect(screen.getByRole('switch', { name: t('settings:navbar.collapsed') })).toBeDisabled();

    expect(stored()).toMatchObject({
      theme: 'auto',
      isRTL: true,
      isFluid: true,
      isNavbarVerticalCollapsed: true,
      navbarStyle: 'inverted',
      navbarPosition: 'top',
    });
  });

  it('changes the language and stays on the page', async () => {
    const user = userEvent.setup();
    const other = locale === 'nb' ? 'en' : 'nb';
    mockRouter.locale = locale;
    const { t } = renderWithShell(<Bar />, locale);
    await user.click(screen.getByRole('button', { name: t('settings:panel.open') }));
    await user.click(await screen.findByRole('radio', { name: t(`common:languages.${other}`) }));
    expect(mockRouter.push).toHaveBeenCalledWith(
      { pathname: '/public/stocks', query: { x: '1' } },
      '/public/stocks?x=1',
      {
        locale: other,
        scroll: false,
      },
    );
    expect(document.cookie).toContain(`NEXT_LOCALE=${other}`);
    expect(useSettingsStore.getState().language).toBe(other);
  });

  it('reset restores the defaults and forgets the saved settings', async () => {
    const user = userEvent.setup();
    useSettingsStore.getState().setTheme('dark');
    useSettingsStore.getState().setRTL(true);
    const { t } = renderWithShell(<Bar />, locale);
    await user.click(screen.getByRole('button', { name: t('settings:panel.open') }));
    await user.click(await screen.findByRole('button', { name: t('settings:reset.button') }));
    expect(useSettingsStore.getState()).toMatchObject(DEFAULT_SETTINGS);
    expect(stored()).toBeUndefined();
  });
});
