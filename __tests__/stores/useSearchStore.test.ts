import { http, HttpResponse } from 'msw';
import { useSearchStore } from '@/stores/useSearchStore';
import { expectConsoleError } from '@/__tests__/helpers/consoleErrors';
import { createMarketServer, deferred, errorBody, suggestion } from '../components/market/marketFixtures';

jest.mock('@/services/authService', () => ({
  authService: { watch: jest.fn(() => () => {}), signOut: jest.fn() },
}));

const { server, seen } = createMarketServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  useSearchStore.getState().reset();
  jest.restoreAllMocks();
});
afterAll(() => server.close());

describe('useSearchStore (SPEC §5: search runs only for non-empty text)', () => {
  it('searches the trimmed text in the market first, then the other market (allMarkets)', async () => {
    await useSearchStore.getState().search('  Equinor ', 226);
    expect(seen).toEqual([
      {
        path: '/tickers/autocomplete',
        params: { search: 'Equinor', countryID: '226', allMarkets: 'true' },
      },
    ]);
    expect(useSearchStore.getState().term).toBe('Equinor');
    expect(useSearchStore.getState().suggestions).toMatchObject({ status: 'success', data: [suggestion()] });
  });

  it.each(['', '   '])('sends nothing for %j and clears the suggestions', async (text) => {
    await useSearchStore.getState().search('eq', 160);
    await useSearchStore.getState().search(text, 160);
    expect(seen).toHaveLength(1);
    expect(useSearchStore.getState().suggestions).toEqual({
      data: null,
      status: 'idle',
      loading: false,
      error: null,
    });
    expect(useSearchStore.getState().term).toBe('');
  });

  it('an answer for an older text never replaces a newer one', async () => {
    const slow = deferred();
    server.use(
      http.get('*/api/v1/tickers/autocomplete', async ({ request }) => {
        const search = new URL(request.url).searchParams.get('search');
        if (search === 'e') await slow.promise;
        return HttpResponse.json([suggestion({ long_name: `Result for ${search}` })]);
      }),
    );
    const first = useSearchStore.getState().search('e', 160);
    await useSearchStore.getState().search('eq', 160);
    slow.resolve();
    await first;
    expect(useSearchStore.getState().suggestions.data?.[0].long_name).toBe('Result for eq');
  });

  it('clearing while a search runs drops its answer', async () => {
    const gate = deferred();
    server.use(
      http.get('*/api/v1/tickers/autocomplete', async () => {
        await gate.promise;
        return HttpResponse.json([suggestion()]);
      }),
    );
    const pending = useSearchStore.getState().search('eq', 160);
    expect(useSearchStore.getState().suggestions.loading).toBe(true);
    useSearchStore.getState().clear();
    gate.resolve();
    await pending;
    expect(useSearchStore.getState().suggestions.status).toBe('idle');
  });

  it('logs a failure (SPEC §8) and records it as an error status', async () => {
    // The one expected line, and nothing else logged (checked when the test ends).
    expectConsoleError(/^Autocomplete failed:/);
    server.use(
      http.get('*/api/v1/tickers/autocomplete', () => HttpResponse.json(errorBody('BOOM'), { status: 500 })),
    );
    await useSearchStore.getState().search('eq', 160);
    expect(useSearchStore.getState().suggestions).toMatchObject({ status: 'error', loading: false });
  });
});
