import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { ApiError, toApiError } from '@/services/apiError';
import { setAuthTokenProvider } from '@/services/authToken';

const server = setupServer(
  mswHttp.get('*/api/v1/tickers/list', ({ request }) =>
    HttpResponse.json({ authorization: request.headers.get('authorization') }),
  ),
  mswHttp.put('*/api/v1/user', () =>
    HttpResponse.json({ error: { code: 'VALIDATION', message: 'Bad input', details: [1] } }, { status: 400 }),
  ),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => setAuthTokenProvider(async () => null));
afterAll(() => server.close());

describe('http (the lazily loaded API client)', () => {
  it('loads the client on the first call and sends the token', async () => {
    const { http } = await import('@/services/api');
    setAuthTokenProvider(async () => 'tok-1');
    const { data } = await http.get<{ authorization: string }>('/tickers/list');
    expect(data.authorization).toBe('Bearer tok-1');
  });

  it('rejects with the one ApiError for an error body', async () => {
    const { http } = await import('@/services/api');
    await expect(http.put('/user', {})).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      code: 'VALIDATION',
      message: 'Bad input',
      details: [1],
    });
  });

  it('turns a client that cannot load into a network ApiError, and tries again on the next call', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    let failures = 1;
    await jest.isolateModulesAsync(async () => {
      jest.doMock('@/services/apiClient', () => {
        if (failures-- > 0) throw new Error('Loading chunk 123 failed');
        return jest.requireActual('@/services/apiClient');
      });
      const { http } = await import('@/services/api');
      const first = http.get('/tickers/list');
      await expect(first).rejects.toMatchObject({ name: 'ApiError', status: 0, code: 'NETWORK_ERROR' });
      // The failed load is forgotten: the next request loads the client again and succeeds.
      await expect(http.get('/tickers/list')).resolves.toMatchObject({ status: 200 });
    });
    expect(log).toHaveBeenCalledWith('Could not load the API client:', expect.any(Error));
    log.mockRestore();
  });
});

describe('toApiError', () => {
  it('keeps an ApiError as it is', () => {
    const err = new ApiError(404, 'NOT_FOUND', 'gone');
    expect(toApiError(err)).toBe(err);
  });

  it('maps an HTTP failure without our body to HTTP_<status> with the status text', () => {
    const err = { isAxiosError: true, response: { status: 502, statusText: 'Bad Gateway', data: '<html>' } };
    expect(toApiError(err)).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad Gateway' });
  });

  it('maps a timeout and a lost connection', () => {
    expect(toApiError({ isAxiosError: true, code: 'ECONNABORTED' })).toMatchObject({ code: 'TIMEOUT' });
    expect(toApiError({ isAxiosError: true, code: 'ERR_NETWORK' })).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
    });
  });

  it('maps anything else to UNKNOWN with its message', () => {
    expect(toApiError(new TypeError('x is undefined'))).toMatchObject({
      code: 'UNKNOWN',
      message: 'x is undefined',
    });
    expect(toApiError('plain')).toMatchObject({ code: 'UNKNOWN', message: 'plain' });
  });
});
