import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Sidebar from '@/components/navbar/Sidebar';
import { SIDEBAR_HOVER_EXPAND_DELAY_MS } from '@/lib/constants';
import { roleOf, visibleMenu } from '@/lib/permissions';
import { STORAGE_KEYS } from '@/lib/storage';
import { useAuthStore } from '@/stores/useAuthStore';
import { useSettingsStore } from '@/stores/useSettingsStore';
import {
  createMockRouter,
  installMatchMedia,
  renderWithShell,
  type MockRouter,
} from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));
jest.mock('@/services/userService', () => ({ userService: { getCurrent: jest.fn() } }));

const menuFor = (subscription_status: string, group_id: number) =>
  visibleMenu(roleOf(true, { subscription_status, group_id }));

beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/market/indexes';
  window.localStorage.clear();
  useSettingsStore.getState().reset();
  useAuthStore.setState({ status: 'signedIn' });
  installMatchMedia();
});

describe('Sidebar', () => {
  it('shows a newcomer only Home, Products, Help and About us (alerts are for subscribers)', () => {
    const { t } = renderWithShell(<Sidebar menu={menuFor('none', 2)} />, 'en');
    const nav = screen.getByRole('navigation', { name: t('nav:sidebar.label') });
    const topLevel = within(nav)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement?.classList.contains('tv-menu'))
      .map((li) => li.textContent);
    expect(topLevel).toEqual([
      t('nav:menu.home'),
      t('nav:menu.products'),
      expect.stringContaining(t('nav:menu.help')),
      t('nav:menu.aboutUs'),
    ]);
  });

  it('opens the group of the current page and marks the page', () => {
    const { t } = renderWithShell(<Sidebar menu={menuFor('active', 2)} />, 'nb');
    const group = screen.getByRole('button', { name: t('nav:menu.market') });
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: t('nav:menu.indexes') })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: t('nav:menu.stocks') })).toHaveAttribute(
      'href',
      '/market/tickers',
    );
  });

  it('opens and closes groups with the keyboard', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<Sidebar menu={menuFor('active', 1)} />, 'en');
    const admin = screen.getByRole('button', { name: t('nav:menu.admin') });
    expect(admin).toHaveAttribute('aria-expanded', 'false');
    admin.focus();
    await user.keyboard('{Enter}');
    expect(admin).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: t('nav:menu.articleList') })).toHaveAttribute(
      'href',
      '/admin/articleList?view=list',
    );
  });

  it('collapses, and remembers it', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<Sidebar menu={menuFor('active', 2)} />, 'nb');
    await user.click(screen.getByRole('button', { name: t('nav:sidebar.collapse') }));
    expect(useSettingsStore.getState().isNavbarVerticalCollapsed).toBe(true);
    expect(
      JSON.parse(window.localStorage.getItem(STORAGE_KEYS.settings)!).state.isNavbarVerticalCollapsed,
    ).toBe(true);
    expect(screen.getByRole('button', { name: t('nav:sidebar.expand') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('when collapsed, expands on hover after 100 ms and closes on leave', () => {
    jest.useFakeTimers();
    useSettingsStore.getState().setNavbarCollapsed(true);
    renderWithShell(<Sidebar menu={menuFor('active', 2)} />, 'nb');
    const nav = screen.getByTestId('sidebar');
    const panel = nav.querySelector('.tv-sidebar-panel')!;
    fireEvent.mouseEnter(panel);
    act(() => jest.advanceTimersByTime(SIDEBAR_HOVER_EXPAND_DELAY_MS - 1));
    expect(nav).not.toHaveClass('is-hover-expanded');
    act(() => jest.advanceTimersByTime(1));
    expect(nav).toHaveClass('is-hover-expanded');
    fireEvent.mouseLeave(panel);
    expect(nav).not.toHaveClass('is-hover-expanded');
    jest.useRealTimers();
  });

  it('a quick pass of the mouse does not expand it', () => {
    jest.useFakeTimers();
    useSettingsStore.getState().setNavbarCollapsed(true);
    renderWithShell(<Sidebar menu={menuFor('active', 2)} />, 'nb');
    const nav = screen.getByTestId('sidebar');
    const panel = nav.querySelector('.tv-sidebar-panel')!;
    fireEvent.mouseEnter(panel);
    act(() => jest.advanceTimersByTime(50));
    fireEvent.mouseLeave(panel);
    act(() => jest.advanceTimersByTime(200));
    expect(nav).not.toHaveClass('is-hover-expanded');
    jest.useRealTimers();
  });

  it('does not hover-expand when it is not collapsed', () => {
    jest.useFakeTimers();
    renderWithShell(<Sidebar menu={menuFor('active', 2)} />, 'nb');
    const nav = screen.getByTestId('sidebar');
    fireEvent.mouseEnter(nav.querySelector('.tv-sidebar-panel')!);
    act(() => jest.advanceTimersByTime(500));
    expect(nav).not.toHaveClass('is-hover-expanded');
    jest.useRealTimers();
  });

  it('links the logo to /home when signed in and to / otherwise', () => {
    const { t, unmount } = renderWithShell(<Sidebar menu={menuFor('active', 2)} />, 'nb');
    const label = t('common:brandHome', { appName: t('common:appName') });
    expect(screen.getByRole('link', { name: label })).toHaveAttribute('href', '/home');
    unmount();
    useAuthStore.setState({ status: 'signedOut' });
    renderWithShell(<Sidebar menu={[]} />, 'nb');
    const logo = screen.getByRole('link', { name: label });
    expect(logo).toHaveAttribute('href', '/');
    expect(logo.querySelector('img')).toHaveAttribute('width', '58');
  });
});
