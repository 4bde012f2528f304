/** Optional token sync (SPEC §7): POST the bearer token after sign-in and refresh, DELETE when signed out. */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { User } from 'firebase/auth';
import { AUTH_TOKEN_SYNC_MAX_AGE_S } from '@/lib/constants';
import { createTokenSync, tokenSyncUrl } from '@/services/tokenSync';

const URL_ = 'https://sync.example.test/session';
const seen: { method: string; authorization: string | null; body: string }[] = [];
const server = setupServer(
  http.all(URL_, async ({ request }) => {
    seen.push({
      method: request.method,
      authorization: request.headers.get('authorization'),
      body: await request.text(),
    });
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  seen.length = 0;
  jest.useRealTimers();
  delete process.env.NEXT_PUBLIC_TOKEN_SYNC_URL;
});
afterAll(() => server.close());

function userWithTokens(...tokens: string[]): User {
  let i = 0;
  return { getIdToken: jest.fn(async () => tokens[Math.min(i++, tokens.length - 1)]) } as unknown as User;
}

describe('token sync', () => {
  it('reads NEXT_PUBLIC_TOKEN_SYNC_URL; unset means off', async () => {
    expect(tokenSyncUrl()).toBeUndefined();
    process.env.NEXT_PUBLIC_TOKEN_SYNC_URL = URL_;
    expect(tokenSyncUrl()).toBe(URL_);
    delete process.env.NEXT_PUBLIC_TOKEN_SYNC_URL;
    const sync = createTokenSync();
    await sync.onTokenChanged(userWithTokens('t1'));
    await sync.onTokenChanged(null);
    expect(seen).toEqual([]);
  });

  it('POSTs the bearer token with the 300 s max age after sign-in, DELETEs on sign-out', async () => {
    const sync = createTokenSync(URL_);
    await sync.onTokenChanged(userWithTokens('token-1'));
    await sync.onTokenChanged(null);
    expect(seen).toEqual([
      {
        method: 'POST',
        authorization: 'Bearer token-1',
        body: JSON.stringify({ max_age: AUTH_TOKEN_SYNC_MAX_AGE_S }),
      },
      { method: 'DELETE', authorization: null, body: '' },
    ]);
  });

  it('sends the token again every 300 s while signed in, and stops after sign-out', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick'] });
    const sync = createTokenSync(URL_);
    await sync.onTokenChanged(userWithTokens('token-1', 'token-2'));
    expect(seen).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(AUTH_TOKEN_SYNC_MAX_AGE_S * 1000 - 1);
    expect(seen).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    // The interval's request is not awaited by anyone: let it finish.
    for (let i = 0; i < 100 && seen.length < 2; i++) await jest.advanceTimersByTimeAsync(1);
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
    await sync.onTokenChanged(null);
    seen.length = 0;
    await jest.advanceTimersByTimeAsync(AUTH_TOKEN_SYNC_MAX_AGE_S * 1000 * 2);
    expect(seen).toEqual([]);
  });

  it('logs a failed sync and never throws', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(http.all(URL_, () => new HttpResponse(null, { status: 500, statusText: 'Server Error' })));
    await expect(createTokenSync(URL_).onTokenChanged(userWithTokens('t'))).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('500'));
    log.mockRestore();
  });
});
