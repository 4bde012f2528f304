import { http } from 'msw';
import { useWatchlistStore, selectOnWatchlist } from '@/stores/useWatchlistStore';
import {
  createPortfolioBackend,
  deferred,
  errorBody,
  suggestion,
  watchItem,
} from '../components/portfolio/portfolioFixtures';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const backend = createPortfolioBackend();
const { server, calls } = backend;
const store = () => useWatchlistStore.getState();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  backend.state.watchlist = [
    watchItem(),
    watchItem({ ticker_id: 3, symbol: 'AAPL', long_name: 'Apple Inc.', currency: 'USD' }),
  ];
  backend.state.suggestions = [
    suggestion(),
    suggestion({ ticker_id: 6, symbol: 'MOWI', long_name: 'Mowi ASA' }),
  ];
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
  store().reset();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe('useWatchlistStore', () => {
  it('loads the list (no portfolio header: the watchlist is not a portfolio call)', async () => {
    await store().fetch();
    expect(store().status).toBe('ready');
    expect(store().items.map((i) => i.symbol)).toEqual(['DNB', 'AAPL']);
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/watchlist', header: null });
    expect(selectOnWatchlist(3)(store())).toBe(true);
    expect(selectOnWatchlist(6)(store())).toBe(false);
  });

  it('fetches the list again after an add', async () => {
    await store().fetch();
    calls.length = 0;
    await store().add(6);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /watchlist', 'GET /watchlist']);
    expect(calls[0].body).toEqual({ ticker_id: 6 });
    expect(store().items.map((i) => i.ticker_id)).toEqual([2, 3, 6]);
  });

  it('removes an entry at once and puts it back where it was when the server refuses', async () => {
    expectConsoleError(/^Removing from the watchlist failed:$/);
    await store().fetch();
    const gate = deferred();
    server.use(
      http.delete('*/api/v1/watchlist/:id', async () => {
        await gate.promise;
        return errorBody(500, 'INTERNAL');
      }),
    );
    const pending = store().remove(2);
    expect(store().items.map((i) => i.ticker_id)).toEqual([3]);
    expect(store().busy).toEqual([2]);
    gate.resolve();
    await expect(pending).rejects.toMatchObject({ status: 500 });
    expect(store().items.map((i) => i.ticker_id)).toEqual([2, 3]);
    expect(store().busy).toEqual([]);
  });

  it('reports a failed load as an error', async () => {
    expectConsoleError(/^Fetching the watchlist failed:$/);
    server.use(http.get('*/api/v1/watchlist', () => errorBody(500, 'INTERNAL')));
    await store().fetch();
    expect(store().status).toBe('error');
  });
});
