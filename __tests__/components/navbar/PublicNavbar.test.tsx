import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LanguageDropdown from '@/components/common/LanguageDropdown';
import LoginDropdown from '@/components/navbar/LoginDropdown';
import PublicNavbar from '@/components/navbar/PublicNavbar';
import { useAuthStore } from '@/stores/useAuthStore';
import {
  createMockRouter,
  installMatchMedia,
  renderWithShell,
  type MockRouter,
} from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

// The real login form talks to Firebase; the menu only needs a field to type in and a way to succeed.
jest.mock('@/components/auth/LoginForm', () => ({
  __esModule: true,
  default: ({ onSuccess }: { onSuccess?: () => void }) => (
    <form aria-label="login form">
      <input aria-label="e-mail" defaultValue="kari@example.test" />
      <button type="button" onClick={() => onSuccess?.()}>
        succeed
      </button>
    </form>
  ),
}));

beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/public/tools';
  mockRouter.asPath = '/public/tools';
  installMatchMedia({ lg: false });
  useAuthStore.getState().reset();
});

describe.each(['nb', 'en'] as const)('public top bar menus (%s)', (locale) => {
  it('Help: the keyboard opens it on the first link, arrows move, Escape closes back to the toggle', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<PublicNavbar />, locale);
    const toggle = screen.getByRole('button', { name: t('nav:public.help') });
    // /public/tools is one of Help's pages: the toggle shows it, the link says it is the current page.
    expect(toggle).toHaveClass('active');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const first = screen.getByRole('link', { name: t('nav:menu.aboutAnalysis') });
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('href', '/public/about-analysis');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: t('nav:menu.stockInGeneral') })).toHaveFocus();
    await user.keyboard('{End}');
    const last = screen.getByRole('link', { name: t('nav:menu.aboutOurAnalysis') });
    expect(last).toHaveFocus();
    expect(screen.getByRole('link', { name: t('nav:menu.tools') })).toHaveAttribute('aria-current', 'page');
    expect(last).not.toHaveAttribute('aria-current');
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByRole('link', { name: t('nav:menu.tools') })).not.toBeInTheDocument();
  });

  it('the burger shows and hides the links below lg and says which it does', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<PublicNavbar />, locale);
    const burger = screen.getByRole('button', { name: t('nav:burger.open') });
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(burger).toHaveAttribute('aria-controls', 'public-navbar');
    expect(document.getElementById('public-navbar')).not.toHaveClass('show');
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    expect(burger).toHaveAccessibleName(t('nav:burger.close'));
    expect(document.getElementById('public-navbar')).toHaveClass('show');
    expect(screen.getByRole('link', { name: t('nav:public.stocks') })).toHaveAttribute(
      'href',
      '/public/stocks',
    );
    await user.click(burger);
    expect(document.getElementById('public-navbar')).not.toHaveClass('show');
  });

  it('language: a click right after the hover opened it keeps it open; a second click closes', async () => {
    installMatchMedia({ lg: true });
    mockRouter.locale = locale;
    const user = userEvent.setup();
    const { t } = renderWithShell(<LanguageDropdown />, locale);
    const toggle = screen.getByRole('button', { name: new RegExp(t('common:language.choose')) });
    await user.hover(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const current = screen.getByRole('button', { name: t(`common:languages.${locale}`) });
    expect(current).toHaveAttribute('aria-current', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('login: Space opens the form; Home and arrows stay in its field; success closes it', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<LoginDropdown />, locale);
    const toggle = screen.getByRole('button', { name: t('nav:public.login') });
    toggle.focus();
    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const field = await screen.findByRole('textbox', { name: 'e-mail' });
    await user.click(field);
    await user.keyboard('{Home}{ArrowDown}{End}');
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(await screen.findByRole('button', { name: 'succeed' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'login form' })).not.toBeInTheDocument();
  });
});
