import { http, HttpResponse } from 'msw';
import { useTickerStore } from '@/stores/useTickerStore';
import { createMarketServer, deferred, errorBody, tickerDetail } from '../components/market/marketFixtures';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen, record } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useTickerStore.getState().reset();
});
afterAll(() => server.close());

describe('useTickerStore', () => {
  it('asks for the ticker in the timeframe, loading flag set first and cleared on arrival', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/ticker/:id', async ({ request }) => {
        record(request);
        await gate.promise;
        return HttpResponse.json(tickerDetail({ ticker_id: 7 }));
      }),
    );
    const pending = useTickerStore.getState().fetchTicker(7, 3);
    expect(useTickerStore.getState().ticker).toMatchObject({ status: 'loading', loading: true });
    expect(useTickerStore.getState().requested).toEqual({ tickerId: 7, timeframe: 3 });
    gate.resolve();
    await pending;
    expect(seen).toEqual([{ path: '/ticker/7', params: { timeframe: '3' } }]);
    expect(useTickerStore.getState().ticker).toMatchObject({ status: 'success', loading: false });
    expect(useTickerStore.getState().ticker.data?.ticker_id).toBe(7);
  });

  it('reuses a recent answer when switching back to a timeframe', async () => {
    await useTickerStore.getState().fetchTicker(1, 2);
    await useTickerStore.getState().fetchTicker(1, 3);
    await useTickerStore.getState().fetchTicker(1, 2);
    expect(seen.map((s) => s.params.timeframe)).toEqual(['2', '3']);
    expect(useTickerStore.getState().ticker.status).toBe('success');
    expect(useTickerStore.getState().requested).toEqual({ tickerId: 1, timeframe: 2 });
  });

  it('keeps the same ticker on screen while another timeframe loads, but not another ticker', async () => {
    await useTickerStore.getState().fetchTicker(1, 2);
    const gate = deferred();
    server.use(
      http.get('*/api/v1/ticker/:id', async ({ params }) => {
        await gate.promise;
        return HttpResponse.json(tickerDetail({ ticker_id: Number(params.id) }));
      }),
    );
    const sameTicker = useTickerStore.getState().fetchTicker(1, 1);
    expect(useTickerStore.getState().ticker.data?.ticker_id).toBe(1);
    const otherTicker = useTickerStore.getState().fetchTicker(2, 1);
    expect(useTickerStore.getState().ticker.data).toBeNull();
    gate.resolve();
    await Promise.all([sameTicker, otherTicker]);
    expect(useTickerStore.getState().ticker.data?.ticker_id).toBe(2);
  });

  it('a failure is an error status; retry asks again (not from the cache)', async () => {
    server.use(
      http.get(
        '*/api/v1/ticker/:id',
        ({ request }) => {
          record(request);
          return HttpResponse.json(errorBody('NOT_FOUND'), { status: 404 });
        },
        { once: true },
      ),
    );
    await useTickerStore.getState().fetchTicker(99, 2);
    expect(useTickerStore.getState().ticker).toMatchObject({ status: 'error', loading: false });
    expect(useTickerStore.getState().ticker.error?.status).toBe(404);
    await useTickerStore.getState().retry();
    expect(useTickerStore.getState().ticker.status).toBe('success');
    expect(seen).toHaveLength(2);
  });

  it('reset() clears the ticker and the cache', async () => {
    await useTickerStore.getState().fetchTicker(1, 2);
    useTickerStore.getState().reset();
    expect(useTickerStore.getState().ticker.status).toBe('idle');
    expect(useTickerStore.getState().cache).toEqual({});
    await useTickerStore.getState().fetchTicker(1, 2);
    expect(seen).toHaveLength(2);
  });
});
