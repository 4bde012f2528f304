// Issue 42: the chart-pattern help page is in the signed-in Help menu (sidebar and top bar) and a
// pattern's badge opens its section; both reachable with the keyboard alone.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Sidebar from '@/components/navbar/Sidebar';
import TopMenu from '@/components/navbar/TopMenu';
import PatternBadge from '@/components/patterns/PatternBadge';
import { roleOf, SIDEBAR_MENU, visibleMenu } from '@/lib/permissions';
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

beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/home';
  mockRouter.asPath = '/home';
  window.localStorage.clear();
  useSettingsStore.getState().reset();
  useAuthStore.setState({ status: 'signedIn' });
});

describe.each(['nb', 'en'] as const)('chart-pattern help links (%s)', (locale) => {
  it('the sidebar’s Help group lists it, for a newcomer too; Tab and Enter reach it', async () => {
    installMatchMedia();
    const user = userEvent.setup();
    const menu = visibleMenu(roleOf(true, { subscription_status: 'none', group_id: 2 }));
    const { t } = renderWithShell(<Sidebar menu={menu} />, locale);
    const help = screen.getByRole('button', { name: t('nav:menu.help') });
    help.focus();
    await user.keyboard('{Enter}');
    expect(help).toHaveAttribute('aria-expanded', 'true');
    const link = screen.getByRole('link', { name: t('nav:menu.chartPatterns') });
    expect(link).toHaveAttribute('href', '/help/chart-patterns');
    // After Getting started, About the analysis, Stocks in general and Technical analysis.
    for (let i = 0; i < 5; i += 1) await user.tab();
    expect(link).toHaveFocus();
  });

  it('the top bar’s Help menu lists it after Technical analysis; the arrow keys reach it', async () => {
    installMatchMedia({ lg: true });
    const user = userEvent.setup();
    const { t } = renderWithShell(<TopMenu menu={[...SIDEBAR_MENU]} />, locale);
    const help = screen.getByRole('button', { name: t('nav:menu.help') });
    help.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: t('nav:menu.gettingStarted') })).toHaveFocus();
    for (let i = 0; i < 4; i += 1) await user.keyboard('{ArrowDown}');
    const link = screen.getByRole('link', { name: t('nav:menu.chartPatterns') });
    expect(link).toHaveFocus();
    expect(link).toHaveAttribute('href', '/help/chart-patterns');
  });

  it('a pattern badge is a link to the kind’s section of the help page, named for where it goes', async () => {
    installMatchMedia();
    const user = userEvent.setup();
    const { t } = renderWithShell(<PatternBadge kind="inverse_head_and_shoulders" />, locale);
    const name = t('patterns:badgeLabel', { pattern: t('patterns:kindTitle.inverse_head_and_shoulders') });
    const badge = screen.getByRole('link', { name });
    expect(badge).toHaveAttribute('href', '/help/chart-patterns#inverse_head_and_shoulders');
    expect(badge).toHaveTextContent(t('patterns:kindTitle.inverse_head_and_shoulders'));
    await user.tab();
    expect(badge).toHaveFocus();
  });
});
