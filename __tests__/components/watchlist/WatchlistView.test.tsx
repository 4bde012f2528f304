import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import WatchlistButton from '@/components/watchlist/WatchlistButton';
import WatchlistView from '@/components/watchlist/WatchlistView';
import { useWatchlistStore } from '@/stores/useWatchlistStore';
import {
  createPortfolioBackend,
  deferred,
  errorBody,
  suggestion,
  watchItem,
} from '../portfolio/portfolioFixtures';
import { LANGS, plain, renderPage, signIn } from '../portfolio/helpers';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const backend = createPortfolioBackend();
const { server, calls } = backend;

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.state.watchlist = [
    watchItem(),
    watchItem({
      ticker_id: 3,
      symbol: 'AAPL',
      long_name: 'Apple Inc.',
      currency: 'USD',
      country_id: 226,
      last_price: 200,
      change_pct: -1.25,
      signal: 'sell',
      technical_score: -0.6,
    }),
    watchItem({
      ticker_id: 6,
      symbol: 'MOWI',
      long_name: 'Mowi ASA',
      last_price: null,
      change_pct: null,
      date: null,
      signal: null,
      technical_score: null,
    }),
  ];
  backend.state.suggestions = [
    suggestion(),
    suggestion({ ticker_id: 7, symbol: 'NHY', long_name: 'Norsk Hydro ASA' }),
  ];
  useWatchlistStore.getState().reset();
  signIn();
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  jest.restoreAllMocks();
});
afterAll(() => server.close());

const rowOf = (symbol: string) => screen.getByRole('row', { name: new RegExp(`^${symbol}\\b`) });

describe.each(LANGS)('WatchlistView (%s)', (lang) => {
  it('lists each ticker with last price, signed change, signal and score, linking to its analysis', async () => {
    const { t } = renderPage(<WatchlistView />, lang);
    expect(
      await screen.findByRole('heading', { name: t('watchlist:title', { count: 3 }) }),
    ).toBeInTheDocument();
    const dnb = rowOf('DNB');
    expect(within(dnb).getByRole('link', { name: 'DNB' })).toHaveAttribute(
      'href',
      '/market/analysis?tickerID=2&timeframe=2',
    );
    expect(plain(dnb.textContent)).toMatch(lang === 'nb' ? /115,00 kr/ : /NOK 115\.00/);
    expect(plain(dnb.textContent)).toMatch(lang === 'nb' ? /\+4,55 %/ : /\+4\.55%/);
    expect(within(dnb).getByText(t('portfolio:signal.buy'))).toBeInTheDocument();
    const aapl = rowOf('AAPL');
    expect(within(aapl).getByText((_, el) => el?.getAttribute('data-kind') === 'loss')).toHaveClass(
      'text-danger',
    );
    expect(plain(aapl.textContent)).toMatch(lang === 'nb' ? /−1,25 %/ : /-1\.25%/);
    const mowi = rowOf('MOWI');
    expect(within(mowi).getByText(t('watchlist:noPrice'))).toBeInTheDocument();
    expect(within(mowi).getByText(t('portfolio:signal.none'))).toBeInTheDocument();
  });

  it('adds a ticker found by name and lists it after fetching again', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<WatchlistView />, lang);
    await screen.findByRole('heading', { name: t('watchlist:title', { count: 3 }) });
    const add = screen.getByRole('button', { name: t('watchlist:add') });
    expect(add).toBeDisabled();
    await user.type(screen.getByRole('combobox', { name: t('watchlist:addLabel') }), 'hydro');
    await user.click(await screen.findByRole('option', { name: /Norsk Hydro ASA/ }));
    await user.click(add);
    expect(await screen.findByText(t('watchlist:added', { symbol: 'NHY' }))).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { name: t('watchlist:title', { count: 4 }) }),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/watchlist',
      body: { ticker_id: 7 },
    });
  });

  it('removes an entry at once and puts it back with an error toast when the server refuses', async () => {
    expectConsoleError(/^Removing from the watchlist failed:$/);
    const user = userEvent.setup();
    const gate = deferred();
    server.use(
      http.delete('*/api/v1/watchlist/:id', async () => {
        await gate.promise;
        return errorBody(500, 'INTERNAL');
      }),
    );
    const { t } = renderPage(<WatchlistView />, lang);
    await screen.findByRole('heading', { name: t('watchlist:title', { count: 3 }) });
    await user.click(screen.getByRole('button', { name: t('watchlist:removeLabel', { symbol: 'AAPL' }) }));
    expect(screen.queryByRole('row', { name: /^AAPL\b/ })).not.toBeInTheDocument();
    await act(async () => gate.resolve());
    expect(await screen.findByRole('row', { name: /^AAPL\b/ })).toBeInTheDocument();
    expect(await screen.findByText(t('watchlist:removeFailed', { symbol: 'AAPL' }))).toBeInTheDocument();
  });

  it('turns signal alerts on for one entry, and back off when the server refuses', async () => {
    expectConsoleError(/^Changing the watchlist alerts failed:$/);
    const user = userEvent.setup();
    const { t } = renderPage(<WatchlistView />, lang);
    await screen.findByRole('heading', { name: t('watchlist:title', { count: 3 }) });
    const dnb = screen.getByRole('switch', { name: t('alerts:watchlist.toggle', { name: 'DNB Bank ASA' }) });
    expect(dnb).not.toBeChecked();
    await user.click(dnb);
    await waitFor(() => expect(dnb).toBeChecked());
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/watchlist/2',
      body: { alerts: true },
    });
    expect(backend.state.watchlist.find((w) => w.ticker_id === 2)?.alerts).toBe(true);

    server.use(http.patch('*/api/v1/watchlist/:id', () => errorBody(500, 'INTERNAL')));
    const aapl = screen.getByRole('switch', { name: t('alerts:watchlist.toggle', { name: 'Apple Inc.' }) });
    await user.click(aapl);
    expect(await screen.findByText(t('alerts:settings.error'))).toBeInTheDocument();
    expect(aapl).not.toBeChecked();
  });

  it('removes an entry', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<WatchlistView />, lang);
    await screen.findByRole('heading', { name: t('watchlist:title', { count: 3 }) });
    await user.click(screen.getByRole('button', { name: t('watchlist:removeLabel', { symbol: 'DNB' }) }));
    expect(await screen.findByText(t('watchlist:removed', { symbol: 'DNB' }))).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: t('watchlist:title', { count: 2 }) })).toBeInTheDocument();
  });

  it('shows the empty list and a load failure with a retry', async () => {
    expectConsoleError(/^Fetching the watchlist failed:$/);
    const user = userEvent.setup();
    backend.state.watchlist = [];
    server.use(http.get('*/api/v1/watchlist', () => errorBody(500, 'INTERNAL')));
    const { t } = renderPage(<WatchlistView />, lang);
    expect(await screen.findByText(t('watchlist:loadFailed'))).toBeInTheDocument();
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: t('watchlist:retry') }));
    expect(await screen.findByRole('heading', { name: t('watchlist:empty.title') })).toBeInTheDocument();
  });

  it('offers a toggle for one ticker (analysis page, search results)', async () => {
    const user = userEvent.setup();
    const { t } = renderPage(<WatchlistButton tickerId={7} symbol="NHY" />, lang);
    const button = await screen.findByRole('button', { name: t('watchlist:addToList') });
    await waitFor(() => expect(useWatchlistStore.getState().status).toBe('ready'));
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    expect(await screen.findByRole('button', { name: t('watchlist:onList') })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: t('watchlist:onList') }));
    expect(await screen.findByRole('button', { name: t('watchlist:addToList') })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /watchlist',
      'DELETE /watchlist/7',
    ]);
  });
});
