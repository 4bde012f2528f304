import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import TopMenu from '@/components/navbar/TopMenu';
import { SIDEBAR_MENU } from '@/lib/permissions';
import {
  createMockRouter,
  installMatchMedia,
  renderWithShell,
  type MockRouter,
} from '../common/shellHelpers';

let mockRouter: MockRouter;
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

beforeEach(() => {
  mockRouter = createMockRouter();
  mockRouter.pathname = '/market/indexes';
  mockRouter.asPath = '/market/indexes';
});

describe.each(['nb', 'en'] as const)('top menu (%s)', (locale) => {
  it('a group opens on hover from lg up and marks the current page; Escape returns to its toggle', async () => {
    installMatchMedia({ lg: true });
    const user = userEvent.setup();
    const { t } = renderWithShell(<TopMenu menu={[...SIDEBAR_MENU]} />, locale);
    const market = screen.getByRole('button', { name: t('nav:menu.market') });
    // /market/indexes is in the market group.
    expect(market).toHaveClass('active');
    await user.hover(market);
    expect(market).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: t('nav:menu.indexes') })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: t('nav:menu.stocks') })).toHaveAttribute(
      'href',
      '/market/tickers',
    );
    await user.unhover(market);
    expect(market).toHaveAttribute('aria-expanded', 'false');
    market.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: t('nav:menu.stocks') })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(market).toHaveFocus();
    expect(market).toHaveAttribute('aria-expanded', 'false');
  });
});
