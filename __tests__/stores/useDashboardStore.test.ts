import { http, HttpResponse } from 'msw';
import { useDashboardStore } from '@/stores/useDashboardStore';
import { createMarketServer, deferred, errorBody } from '../components/market/marketFixtures';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useDashboardStore.getState().reset();
});
afterAll(() => server.close());

describe('useDashboardStore', () => {
  it.each([
    [160, 'OSEBX.INDX'],
    [226, 'NDX.INDX'],
  ] as const)('asks market %s with its main index symbol %s (SPEC §7)', async (marketId, symbol) => {
    await useDashboardStore.getState().fetchDashboard(marketId, 2);
    expect(seen).toEqual([
      { path: `/tickers/homeDashboard/${marketId}`, params: { ticker_symbol: symbol, timeframe: '2' } },
    ]);
    expect(useDashboardStore.getState().dashboard).toMatchObject({ status: 'success', loading: false });
  });

  it('sets the loading flag before the request', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/tickers/homeDashboard/:id', async () => {
        await gate.promise;
        return HttpResponse.json(errorBody('X'), { status: 500 });
      }),
    );
    const pending = useDashboardStore.getState().fetchDashboard(160, 2);
    expect(useDashboardStore.getState().dashboard.loading).toBe(true);
    gate.resolve();
    await pending;
    expect(useDashboardStore.getState().dashboard).toMatchObject({ status: 'error', loading: false });
  });

  it('does not keep another market’s dashboard while the new one loads', async () => {
    await useDashboardStore.getState().fetchDashboard(160, 2);
    const pending = useDashboardStore.getState().fetchDashboard(226, 2);
    expect(useDashboardStore.getState().dashboard.data).toBeNull();
    await pending;
  });

  it('retry asks again for the same market and timeframe', async () => {
    server.use(
      http.get(
        '*/api/v1/tickers/homeDashboard/:id',
        ({ request }) => {
          record(request);
          return HttpResponse.json(errorBody('X'), { status: 500 });
        },
        { once: true },
      ),
    );
    await useDashboardStore.getState().fetchDashboard(226, 3);
    await useDashboardStore.getState().retry();
    expect(seen.map((s) => s.path + '?' + s.params.timeframe)).toEqual([
      '/tickers/homeDashboard/226?3',
      '/tickers/homeDashboard/226?3',
    ]);
    expect(useDashboardStore.getState().dashboard.status).toBe('success');
  });
});
