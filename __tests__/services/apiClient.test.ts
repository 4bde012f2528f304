import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { apiClient, isPortfolioCall } from '@/services/apiClient';
import { ApiError } from '@/services/apiError';
import { setAuthTokenProvider } from '@/services/authToken';

const seen: { path: string; authorization: string | null; xrw: string | null }[] = [];
const server = setupServer(
  http.all('*/api/v1/*', ({ request }) => {
    const url = new URL(request.url);
    seen.push({
      path: url.pathname,
      authorization: request.headers.get('authorization'),
      xrw: request.headers.get('x-requested-with'),
    });
    return HttpResponse.json({ ok: true });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  setAuthTokenProvider(async () => null);
});
afterAll(() => server.close());

describe('apiClient request interceptor', () => {
  it('sends the current user’s token as a bearer token', async () => {
    setAuthTokenProvider(async () => 'token-123');
    await apiClient.get('/user/getCurrent/u1');
    expect(seen[0]).toEqual({
      path: '/api/v1/user/getCurrent/u1',
      authorization: 'Bearer token-123',
      xrw: null,
    });
  });

  it('sends no Authorization header when signed out', async () => {
    await apiClient.get('/tickers/autocomplete?search=eq');
    expect(seen[0].authorization).toBeNull();
  });

  it('adds the fixed portfolio header to portfolio calls only', async () => {
    await apiClient.get('/portfolios/u1');
    await apiClient.post('/portfolioTransaction', {});
    await apiClient.get('/portfolio-results/4?includeSold=true');
    await apiClient.get('/portfolio/metadata?portfolioID=1&tickerID=2');
    await apiClient.get('/tickers/list?countryID=160');
    expect(seen.map((s) => s.xrw)).toEqual(['trendvakt', 'trendvakt', 'trendvakt', 'trendvakt', null]);
  });

  it('adds it to every state-changing call, whatever the route (issue 40: the server requires it)', async () => {
    await apiClient.post('/watchlist', {});
    await apiClient.put('/user', {});
    await apiClient.patch('/notifications/settings', {});
    await apiClient.delete('/user');
    await apiClient.post('/notifications/unsubscribe', {});
    expect(seen.map((s) => s.xrw)).toEqual(['trendvakt', 'trendvakt', 'trendvakt', 'trendvakt', 'trendvakt']);
  });
});

describe('isPortfolioCall', () => {
  it.each([
    ['/portfolios', true],
    ['portfolios/abc', true],
    ['/portfolio/12/34', true],
    ['/portfolio-import/1?format=nordnet', true],
    ['/api/v1/portfolio/transaction', true],
    // The person-level tax report reads every portfolio: the server asks for the header there too.
    ['/tax/2026', true],
    ['/tax/2026/export.csv', true],
    ['/taxes', false],
    ['/portfolioX', false],
    ['/watchlist', false],
    ['/user/create', false],
  ])('%s → %s', (url, expected) => expect(isPortfolioCall(url)).toBe(expected));
});

describe('apiClient error normalisation', () => {
  it('turns the one error body into an ApiError with status, code, message and details', async () => {
    server.use(
      http.post('*/api/v1/user/create', () =>
        HttpResponse.json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Invalid user',
              details: [{ path: 'accept_terms' }],
            },
          },
          { status: 400 },
        ),
      ),
    );
    const err = await apiClient.post('/user/create', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Invalid user',
      details: [{ path: 'accept_terms' }],
    });
  });

  it('keeps the status of an answer without our error body', async () => {
    server.use(
      http.get(
        '*/api/v1/user/getCurrent/x',
        () => new HttpResponse('<html>bad gateway</html>', { status: 502 }),
      ),
    );
    const err = await apiClient.get('/user/getCurrent/x').catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('reports a network failure as NETWORK_ERROR with status 0', async () => {
    server.use(http.get('*/api/v1/tickers/list', () => HttpResponse.error()));
    const err = await apiClient.get('/tickers/list').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});
