import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
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

// The US market's indexes: the main index NDX.INDX has ticker id 901 (another index comes first).
const indexRequests: string[] = [];
const server = setupServer(
  http.get('*/api/v1/indexes/list', ({ request }) => {
    indexRequests.push(new URL(request.url).search);
    return HttpResponse.json({
      items: [
        { ticker_id: 950, symbol: 'OTHER.INDX' },
        { ticker_id: 901, symbol: 'NDX.INDX' },
      ],
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  indexRequests.length = 0;
});
afterAll(() => server.close());

async function switchToUs(locale: 'nb' | 'en') {
  const user = userEvent.setup();
  const { t } = renderWithShell(<MarketSwitcher />, locale);
  const toggle = screen.getByRole('button', { name: new RegExp(t('common:markets.160')) });
  await user.click(toggle);
  await user.click(screen.getByRole('button', { name: new RegExp(t('common:markets.226')) }));
  return t;
}

describe.each(['nb', 'en'] as const)('market switcher (%s)', (locale) => {
  it('shows Oslo Børs by default; choosing US Stocks saves it and stays on the page (issue 24 item 10)', async () => {
    const t = await switchToUs(locale);
    expect(useMarketStore.getState().marketId).toBe(226);
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.market)!).state.marketId).toBe(226);
    // /signals shows the chosen market itself: no jump to /home.
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(document.getElementById('market-switcher')).toHaveTextContent(t('common:markets.226'));
  });
});

describe('market switch keeps the kind of page', () => {
  it('stays on /home from /home', async () => {
    mockRouter.pathname = '/home';
    await switchToUs('nb');
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('keeps the screener, its filters and sort, back on page 1', async () => {
    mockRouter.pathname = '/market/tickers';
    mockRouter.query = { signal: 'buy', sort: 'rsi', order: 'asc', page: '3' };
    await switchToUs('en');
    expect(mockRouter.push).toHaveBeenCalledWith('/market/tickers?signal=buy&sort=rsi&order=asc');
  });

  it('keeps the screener as it is on its first page', async () => {
    mockRouter.pathname = '/market/tickers';
    mockRouter.query = { signal: 'sell' };
    await switchToUs('nb');
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('turns a ticker’s analysis into the new market’s index analysis, same timeframe', async () => {
    mockRouter.pathname = '/market/analysis';
    mockRouter.query = { tickerID: '5', timeframe: '3' };
    await switchToUs('nb');
    await waitFor(() =>
      expect(mockRouter.push).toHaveBeenCalledWith('/market/analysis?tickerID=901&timeframe=3'),
    );
    expect(indexRequests).toEqual(['?countryID=226&timeframe=3']);
  });

  it('falls back to the indexes list when the index cannot be found', async () => {
    server.use(http.get('*/api/v1/indexes/list', () => HttpResponse.json({ items: [] })));
    mockRouter.pathname = '/market/analysis';
    mockRouter.query = { tickerID: '5', timeframe: '2' };
    await switchToUs('en');
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/market/indexes'));
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
