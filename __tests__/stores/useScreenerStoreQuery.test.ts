import { http, HttpResponse } from 'msw';
import { useScreenerStore } from '@/stores/useScreenerStore';
import { createMarketServer, deferred, errorBody, listItem } from '../components/market/marketFixtures';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useScreenerStore.getState().reset();
});
afterAll(() => server.close());

const base = { countryId: 160 as const, timeframe: 2 as const };

async function paramsFor(
  filters: Parameters<ReturnType<typeof useScreenerStore.getState>['fetchTickers']>[0]['filters'],
) {
  await useScreenerStore.getState().fetchTickers({ ...base, filters });
  const params = { ...seen[seen.length - 1].params };
  // The fixed part of every request, checked once below.
  for (const key of ['countryID', 'timeframe', 'page', 'pageSize', 'sort', 'order']) delete params[key];
  return params;
}

describe('useScreenerStore: filters to the tickers/list query (SPEC §5, §7)', () => {
  it('sends market, timeframe, page, page size and sort with every request', async () => {
    await useScreenerStore
      .getState()
      .fetchTickers({ countryId: 226, timeframe: 3, page: 2, sort: 'rsi', order: 'asc' });
    expect(seen[0]).toEqual({
      path: '/tickers/list',
      params: { countryID: '226', timeframe: '3', page: '2', pageSize: '50', sort: 'rsi', order: 'asc' },
    });
  });

  it.each([
    ['buy', { technical_score_gte: '0.5' }],
    ['hold', { technical_score_gte: '-0.5', technical_score_lte: '0.5' }],
    ['sell', { technical_score_lte: '-0.5' }],
  ] as const)('signal %s', async (signal, expected) => {
    expect(await paramsFor({ signal })).toEqual(expected);
  });

  it('sends volume balance entered in % divided by 100', async () => {
    expect(await paramsFor({ volbal: { min: -12.5, max: 40 } })).toEqual({
      volbal_22_gte: '-0.125',
      volbal_22_lte: '0.4',
    });
  });

  it('sends RSI and score ranges as they are, and risks as "at most"', async () => {
    expect(
      await paramsFor({
        rsi: { min: 30, max: 70 },
        score: { min: -0.2 },
        liquidityRiskMax: 2,
        volatilityRiskMax: 3,
      }),
    ).toEqual({
      rsi_gte: '30',
      rsi_lte: '70',
      technical_score_gte: '-0.2',
      liquidity_risk_lte: '2',
      volatility_risk_lte: '3',
    });
  });

  it('keeps the tighter bound when a signal and a score range are combined', async () => {
    // buy means >= 0.5; a range from 0.7 narrows it, one from 0.1 does not widen it.
    expect(await paramsFor({ signal: 'buy', score: { min: 0.7 } })).toEqual({ technical_score_gte: '0.7' });
    expect(await paramsFor({ signal: 'buy', score: { min: 0.1, max: 0.9 } })).toEqual({
      technical_score_gte: '0.5',
      technical_score_lte: '0.9',
    });
    expect(await paramsFor({ signal: 'hold', score: { min: 0, max: 0.8 } })).toEqual({
      technical_score_gte: '0',
      technical_score_lte: '0.5',
    });
  });

  it('sends no filter parameters without filters', async () => {
    expect(await paramsFor({})).toEqual({});
  });
});

describe('useScreenerStore: loading flags and status (SPEC §4)', () => {
  it('sets the loading flag before the request and clears it when the data arrives', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/tickers/list', async () => {
        await gate.promise;
        return HttpResponse.json({ items: [listItem()], total: 1, page: 1, pageSize: 50 });
      }),
    );
    const pending = useScreenerStore.getState().fetchTickers(base);
    expect(useScreenerStore.getState().tickers).toMatchObject({
      status: 'loading',
      loading: true,
      data: null,
    });
    gate.resolve();
    await pending;
    expect(useScreenerStore.getState().tickers).toMatchObject({
      status: 'success',
      loading: false,
      error: null,
    });
    expect(useScreenerStore.getState().tickers.data?.items[0].symbol).toBe('EQNR');
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    await useScreenerStore.getState().fetchTickers(base);
    const gate = deferred();
    server.use(
      http.get('*/api/v1/tickers/list', async () => {
        await gate.promise;
        return HttpResponse.json({ items: [], total: 0, page: 2, pageSize: 50 });
      }),
    );
    const pending = useScreenerStore.getState().fetchTickers({ ...base, page: 2 });
    expect(useScreenerStore.getState().tickers.loading).toBe(true);
    expect(useScreenerStore.getState().tickers.data?.items).toHaveLength(1);
    gate.resolve();
    await pending;
    expect(useScreenerStore.getState().tickers.data?.items).toHaveLength(0);
  });

  it('ignores an answer that arrives after a newer request', async () => {
    const slow = deferred();
    server.use(
      http.get('*/api/v1/tickers/list', async ({ request }) => {
        // The first (unfiltered) request answers last, if it is sent at all (the store aborts it).
        if (!new URL(request.url).searchParams.has('technical_score_gte')) {
          await slow.promise;
          return HttpResponse.json({ items: [listItem({ symbol: 'OLD' })], total: 1, page: 1, pageSize: 50 });
        }
        return HttpResponse.json({ items: [listItem({ symbol: 'NEW' })], total: 1, page: 1, pageSize: 50 });
      }),
    );
    const first = useScreenerStore.getState().fetchTickers(base);
    await useScreenerStore.getState().fetchTickers({ ...base, filters: { signal: 'buy' } });
    slow.resolve();
    await first;
    expect(useScreenerStore.getState().tickers.data?.items[0].symbol).toBe('NEW');
    expect(useScreenerStore.getState().tickers.status).toBe('success');
  });

  it('records a failure as an error status with the API error, and retry repeats the request', async () => {
    server.use(
      http.get('*/api/v1/tickers/list', () => HttpResponse.json(errorBody('INTERNAL'), { status: 500 }), {
        once: true,
      }),
    );
    await useScreenerStore.getState().fetchTickers({ ...base, filters: { signal: 'sell' } });
    const failed = useScreenerStore.getState().tickers;
    expect(failed).toMatchObject({ status: 'error', loading: false });
    expect(failed.error).toMatchObject({ status: 500, code: 'INTERNAL' });

    await useScreenerStore.getState().retry('tickers');
    expect(useScreenerStore.getState().tickers.status).toBe('success');
    expect(seen.at(-1)?.params.technical_score_lte).toBe('-0.5');
  });

  it('reset() forgets everything', async () => {
    await useScreenerStore.getState().fetchTickers(base);
    useScreenerStore.getState().reset();
    expect(useScreenerStore.getState().tickers).toEqual({
      data: null,
      status: 'idle',
      loading: false,
      error: null,
    });
    expect(useScreenerStore.getState().tickersQuery).toBeNull();
  });
});

describe('useScreenerStore: indexes and signals', () => {
  it('loads the market’s indexes', async () => {
    await useScreenerStore.getState().fetchIndexes(226, 1);
    expect(seen[0]).toEqual({ path: '/indexes/list', params: { countryID: '226', timeframe: '1' } });
    expect(useScreenerStore.getState().indexes.data?.[0].symbol).toBe('OSEBX.INDX');
  });

  it('loads buy candidates strongest first and sell candidates weakest first', async () => {
    await useScreenerStore.getState().fetchSignals(160, 3);
    const byScore = (p: Record<string, string>) => (p.technical_score_gte ? 'buy' : 'sell');
    const requests = Object.fromEntries(seen.map((s) => [byScore(s.params), s.params]));
    expect(requests.buy).toMatchObject({
      technical_score_gte: '0.5',
      sort: 'technical_score',
      order: 'desc',
      timeframe: '3',
    });
    expect(requests.sell).toMatchObject({
      technical_score_lte: '-0.5',
      sort: 'technical_score',
      order: 'asc',
      timeframe: '3',
    });
    expect(requests.sell.technical_score_gte).toBeUndefined();
    expect(useScreenerStore.getState().signals).toMatchObject({
      status: 'success',
      data: { buyTotal: 1, sellTotal: 1 },
    });
  });

  it('an indexes failure is an error with a retry', async () => {
    server.use(
      http.get('*/api/v1/indexes/list', () => HttpResponse.json(errorBody('DOWN'), { status: 503 }), {
        once: true,
      }),
    );
    await useScreenerStore.getState().fetchIndexes(160, 2);
    expect(useScreenerStore.getState().indexes.status).toBe('error');
    await useScreenerStore.getState().retry('indexes');
    expect(useScreenerStore.getState().indexes.status).toBe('success');
  });
});
