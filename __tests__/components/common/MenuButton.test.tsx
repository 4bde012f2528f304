import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ProfileMenu from '@/components/navbar/ProfileMenu';
import { useAuthStore } from '@/stores/useAuthStore';
import { createMockRouter, renderWithShell, type MockRouter } from './shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

beforeEach(() => {
  mockRouter = createMockRouter();
  useAuthStore.getState().reset();
  useAuthStore.setState({
    status: 'signedIn',
    identity: {
      uid: 'u1',
      email: 'kari@trendvakt.test',
      phoneNumber: null,
      displayName: null,
      emailVerified: true,
    },
  });
});

/** The profile menu is the top bar's richest MenuButton: links, a submenu toggle, buttons. */
function setup(locale: 'nb' | 'en' = 'en') {
  const utils = renderWithShell(
    <>
      <ProfileMenu />
      <button type="button">outside</button>
    </>,
    locale,
  );
  // The visible initials (K, from kari@…) lead the accessible name, then the menu's name (WCAG 2.5.3).
  const toggle = screen.getByRole('button', { name: `K ${utils.t('nav:profile.menu')}` });
  return { ...utils, toggle, user: userEvent.setup() };
}

describe.each(['nb', 'en'] as const)('profile menu (%s)', (locale) => {
  it('opens and closes with the mouse; the toggle says whether it is open', async () => {
    const { toggle, user, t } = setup(locale);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: t('nav:profile.myProfile') })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: t('nav:profile.myProfile') })).toHaveAttribute(
      'href',
      '/user/profile',
    );
    // Opened with the mouse: the focus stays on the toggle.
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a click outside', async () => {
    const { toggle, user, t } = setup(locale);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'outside' }));
    expect(screen.queryByRole('link', { name: t('nav:profile.logout') })).not.toBeInTheDocument();
  });
});

describe('profile menu keyboard', () => {
  it('ArrowDown opens it on the first item; arrows, Home and End move; Escape returns to the toggle', async () => {
    const { toggle, user, t } = setup();
    toggle.focus();
    await user.keyboard('{ArrowDown}');
    const profile = screen.getByRole('link', { name: t('nav:profile.myProfile') });
    const language = screen.getByRole('button', { name: t('nav:profile.language') });
    const logout = screen.getByRole('link', { name: t('nav:profile.logout') });
    expect(profile).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(language).toHaveFocus();
    await user.keyboard('{End}');
    expect(logout).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(profile).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(logout).toHaveFocus();
    await user.keyboard('{Home}');
    expect(profile).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter opens it on the first item; ArrowUp on the toggle opens it on the last', async () => {
    const { toggle, user, t } = setup();
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('link', { name: t('nav:profile.myProfile') })).toHaveFocus();
    await user.keyboard('{Escape}');
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: t('nav:profile.logout') })).toHaveFocus();
  });

  it('the language item opens its submenu without closing the menu; a language closes it', async () => {
    mockRouter.locale = 'en';
    const { toggle, user, t } = setup();
    await user.click(toggle);
    const language = screen.getByRole('button', { name: t('nav:profile.language') });
    expect(language).toHaveAttribute('aria-expanded', 'false');
    await user.click(language);
    expect(language).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Norsk' }));
    expect(mockRouter.push).toHaveBeenCalledWith(
      expect.objectContaining({ pathname: '/home' }),
      '/home',
      expect.objectContaining({ locale: 'nb' }),
    );
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Reopened, the submenu starts closed again.
    await user.click(toggle);
    expect(screen.getByRole('button', { name: t('nav:profile.language') })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('tabbing out of the menu closes it', async () => {
    const { toggle, user, t } = setup();
    await user.click(toggle);
    screen.getByRole('link', { name: t('nav:profile.logout') }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'outside' })).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
