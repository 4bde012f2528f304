import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import LanguageDropdown from '@/components/common/LanguageDropdown';
import MarketSwitcher from '@/components/navbar/MarketSwitcher';
import { STORAGE_KEYS } from '@/lib/storage';
import { useMarketStore } from '@/stores/useMarketStore';
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
  mockRouter.pathname = '/signals';
  mockRouter.asPath = '/signals';
  installMatchMedia({ lg: false });
  useMarketStore.getState().reset();
  window.localStorage.clear();
});

describe.each(['nb', 'en'] as const)('market switcher (%s)', (locale) => {
  it('shows Oslo Børs by default; choosing US Stocks saves it and goes to /home', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<MarketSwitcher />, locale);
    const toggle = screen.getByRole('button', { name: new RegExp(t('common:markets.160')) });
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: new RegExp(t('common:markets.226')) }));
    expect(useMarketStore.getState().marketId).toBe(226);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.market)!).state.marketId).toBe(226);
    expect(mockRouter.push).toHaveBeenCalledWith('/home');
    expect(document.getElementById('market-switcher')).toHaveTextContent(t('common:markets.226'));
  });
});

describe('language dropdown', () => {
  it('switches to English on the same page and remembers the choice', async () => {
    const user = userEvent.setup();
    mockRouter.pathname = '/market/analysis';
    mockRouter.asPath = '/market/analysis?tickerID=5&timeframe=2';
    mockRouter.query = { tickerID: '5', timeframe: '2' };
    const { t } = renderWithShell(<LanguageDropdown />, 'nb');
    await user.click(screen.getByRole('button', { name: new RegExp(t('common:language.choose')) }));
    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(mockRouter.push).toHaveBeenCalledWith(
      { pathname: '/market/analysis', query: { tickerID: '5', timeframe: '2' } },
      '/market/analysis?tickerID=5&timeframe=2',
      { locale: 'en', scroll: false },
    );
    expect(document.cookie).toContain('NEXT_LOCALE=en');
  });

  it('opens on hover from the large breakpoint up', async () => {
    installMatchMedia({ lg: true });
    const user = userEvent.setup();
    const { t } = renderWithShell(<LanguageDropdown />, 'en');
    const toggle = screen.getByRole('button', { name: new RegExp(t('common:language.choose')) });
    await user.hover(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.unhover(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not open on hover below the large breakpoint', async () => {
    const user = userEvent.setup();
    const { t } = renderWithShell(<LanguageDropdown />, 'en');
    const toggle = screen.getByRole('button', { name: new RegExp(t('common:language.choose')) });
    await user.hover(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
