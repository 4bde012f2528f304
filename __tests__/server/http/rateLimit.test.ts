/** @jest-environment node */
// Rate limits in the database: the fixed-window upsert on PGlite and PostgreSQL (sequential,
// concurrent, window roll-over), the env rules, the client address, and the wrapper on a real
// route (autocomplete) answering 429 with Retry-After and the one error body.
import { eq } from 'drizzle-orm';
import * as autocompleteRoute from '@/pages/api/v1/tickers/autocomplete';
import * as createUserRoute from '@/pages/api/v1/user/create';
import { setDbHandle, type DbHandle } from '@/server/db';
import { rateLimits } from '@/server/db/schema';
import {
  addressKey,
  cleanupExpiredRateLimits,
  clientAddress,
  consumeRateLimit,
  RATE_LIMIT_DEFAULTS,
  rateLimitRule,
} from '@/server/http/rateLimit';
import { startApiServer, type TestServer } from '../../helpers/apiServer';
import { openTestDatabase, testDbKinds } from '../../helpers/db';
import { createTestAccount, type TestAccount } from '../../helpers/emulator';

jest.setTimeout(60_000);

describe('rateLimitRule', () => {
  it('reads <limit>/<seconds> and off, and refuses anything else', () => {
    expect(rateLimitRule('write', {})).toEqual(RATE_LIMIT_DEFAULTS.write);
    expect(rateLimitRule('write', { RATE_LIMIT_WRITE: '5/10' })).toEqual({ limit: 5, windowSeconds: 10 });
    expect(rateLimitRule('search', { RATE_LIMIT_SEARCH: ' 30 / 60 ' })).toEqual({
      limit: 30,
      windowSeconds: 60,
    });
    expect(rateLimitRule('content', { RATE_LIMIT_CONTENT: 'OFF' })).toBeUndefined();
    for (const bad of ['0/60', '5/0', '-1/60', '5', 'lots', '5/9999999'])
      expect(() => rateLimitRule('import', { RATE_LIMIT_IMPORT: bad })).toThrow(/RATE_LIMIT_IMPORT must be/);
  });
});

describe('clientAddress', () => {
  const req = (xff?: string) => ({
    headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
    socket: { remoteAddress: '10.0.0.9' },
  });
  it.each([
    // [TRUST_PROXY, X-Forwarded-For, address]
    [undefined, '1.2.3.4', '10.0.0.9'], // not trusted: a client could write anything there
    ['false', '1.2.3.4', '10.0.0.9'],
    ['1', '1.2.3.4', '1.2.3.4'],
    ['true', 'spoofed, 1.2.3.4', '1.2.3.4'], // the address our one proxy saw, not what the client wrote
    ['2', 'spoofed, 1.2.3.4, 172.16.0.1', '1.2.3.4'],
    ['3', '1.2.3.4', '1.2.3.4'],
    ['1', '', '10.0.0.9'],
  ])('TRUST_PROXY=%s, X-Forwarded-For "%s" → %s', (trust, xff, address) => {
    expect(clientAddress(req(xff) as never, { TRUST_PROXY: trust })).toBe(address);
  });
});

describe('addressKey (issue 23 item 9)', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    // Same /64, different interface ids: one key (worked out by hand from the first four groups).
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ])('%s → %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('the billing bucket allows 10 a minute per user by default', () => {
    expect(rateLimitRule('billing', {})).toEqual({ limit: 10, windowSeconds: 60 });
  });
});

describe('the background cleanup of expired counters', () => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => db.close());

  it('deletes every expired row in batches and keeps the live ones', async () => {
    const now = new Date(Date.UTC(2026, 10, 24, 12, 0, 0));
    const past = new Date(now.getTime() - 60_000);
    const future = new Date(now.getTime() + 60_000);
    // 1 234 expired rows: three batches of at most 500 (500 + 500 + 234).
    const expired = Array.from({ length: 1234 }, (_, i) => ({
      key: `old:${i}`,
      windowStart: past,
      expiresAt: past,
      count: 1,
    }));
    for (let i = 0; i < expired.length; i += 400)
      await db.db.insert(rateLimits).values(expired.slice(i, i + 400));
    await db.db.insert(rateLimits).values({ key: 'live', windowStart: now, expiresAt: future, count: 3 });
    expect(await cleanupExpiredRateLimits(db.db, now)).toBe(1234);
    expect((await db.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['live']);
  });
});

describe.each(testDbKinds())('consumeRateLimit on %s', (kind) => {
  let db: DbHandle;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db.close());

  it('counts within a fixed window, refuses past the limit with the seconds left, and restarts', async () => {
    const rule = { limit: 3, windowSeconds: 60 };
    // Window [12:00:00, 12:01:00); 12:00:45 leaves 15 s.
    const at = (s: number) => new Date(Date.UTC(2026, 10, 24, 12, 0, s));
    const results = [];
    for (const s of [0, 10, 20, 45]) results.push(await consumeRateLimit(db.db, 'k1', rule, at(s)));
    expect(results.map((r) => [r.count, r.allowed])).toEqual([
      [1, true],
      [2, true],
      [3, true],
      [4, false],
    ]);
    expect(results[3].retryAfter).toBe(15);
    const next = await consumeRateLimit(db.db, 'k1', rule, at(61));
    expect([next.count, next.allowed, next.retryAfter]).toEqual([1, true, 59]);
    // A late request of the old window counts in the newer one, never resets it.
    const late = await consumeRateLimit(db.db, 'k1', rule, at(59));
    expect(late.count).toBe(2);
    const [row] = await db.db.select().from(rateLimits).where(eq(rateLimits.key, 'k1'));
    expect(row.windowStart.toISOString()).toBe('2026-11-24T12:01:00.000Z');
  });

  it('is atomic: 25 concurrent requests get the counts 1..25 exactly once', async () => {
    const rule = { limit: 10, windowSeconds: 60 };
    const now = new Date(Date.UTC(2026, 10, 24, 13, 0, 0));
    const results = await Promise.all(
      Array.from({ length: 25 }, () => consumeRateLimit(db.db, 'k2', rule, now)),
    );
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it('keeps buckets and callers apart', async () => {
    const rule = { limit: 1, windowSeconds: 60 };
    const now = new Date(Date.UTC(2026, 10, 24, 14, 0, 0));
    expect((await consumeRateLimit(db.db, 'write:u:a', rule, now)).allowed).toBe(true);
    expect((await consumeRateLimit(db.db, 'write:u:b', rule, now)).allowed).toBe(true);
    expect((await consumeRateLimit(db.db, 'search:u:a', rule, now)).allowed).toBe(true);
    expect((await consumeRateLimit(db.db, 'write:u:a', rule, now)).allowed).toBe(false);
  });
});

describe.each(testDbKinds())('rate-limited routes on %s', (kind) => {
  let db: DbHandle;
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  const saved = { search: process.env.RATE_LIMIT_SEARCH, signup: process.env.RATE_LIMIT_SIGNUP };

  beforeAll(async () => {
    process.env.RATE_LIMIT_SEARCH = '5/600';
    process.env.RATE_LIMIT_SIGNUP = '2/600';
    db = await openTestDatabase(kind);
    setDbHandle(db);
    server = await startApiServer({
      '/api/v1/tickers/autocomplete': autocompleteRoute,
      '/api/v1/user/create': createUserRoute,
    });
    [alice, bob] = await Promise.all([createTestAccount('alice'), createTestAccount('bob')]);
  });
  afterAll(async () => {
    process.env.RATE_LIMIT_SEARCH = saved.search;
    process.env.RATE_LIMIT_SIGNUP = saved.signup;
    if (saved.search === undefined) delete process.env.RATE_LIMIT_SEARCH;
    if (saved.signup === undefined) delete process.env.RATE_LIMIT_SIGNUP;
    await server.close();
    setDbHandle(undefined);
    await db.close();
  });

  it('answers a burst of autocomplete requests with 429, Retry-After and the one error body, per user', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<TestServer['request']>> | undefined;
    for (let i = 0; i < 7; i += 1) {
      last = await server.request('GET', '/api/v1/tickers/autocomplete?search=eq&countryID=160', {
        token: alice.idToken,
      });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    const retryAfter = Number(last!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect(last!.body).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: `Too many requests: try again in ${retryAfter} s`,
        details: { retry_after: retryAfter },
      },
    });
    // Bob has his own bucket.
    const other = await server.request('GET', '/api/v1/tickers/autocomplete?search=eq&countryID=160', {
      token: bob.idToken,
    });
    expect(other.status).toBe(200);
    const [row] = await db.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `search:u:${alice.uid}`));
    expect(row.count).toBe(7);
  });

  it('counts requests without a valid token by client address', async () => {
    const res = await server.request('GET', '/api/v1/tickers/autocomplete?search=eq&countryID=160', {
      token: 'not-a-token',
    });
    expect(res.status).toBe(401);
    const rows = await db.db.select().from(rateLimits).where(eq(rateLimits.key, 'search:a:127.0.0.1'));
    expect(rows[0]?.count).toBe(1);
  });

  it('limits user creation by address, whoever signs up', async () => {
    const body = { accept_terms: true };
    const [carol, dave, erin] = await Promise.all([
      createTestAccount('carol'),
      createTestAccount('dave'),
      createTestAccount('erin'),
    ]);
    const a = await server.request('POST', '/api/v1/user/create', { token: carol.idToken, body });
    const b = await server.request('POST', '/api/v1/user/create', { token: dave.idToken, body });
    const c = await server.request('POST', '/api/v1/user/create', { token: erin.idToken, body });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 429]);
    expect(c.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});

describe('every route the issue names is rate limited, in its bucket', () => {
  // [route module path, URL, method, bucket]. Two requests without a token from one address: the
  // first is counted and answered by the route (401/403), the second is refused before it (429).
  const LIMITED: [string, string, string, string][] = [
    ['user/create', '/api/v1/user/create', 'POST', 'SIGNUP'],
    ['user/index', '/api/v1/user', 'PUT', 'WRITE'],
    ['portfolios/index', '/api/v1/portfolios', 'POST', 'WRITE'],
    ['portfolios/index', '/api/v1/portfolios', 'PUT', 'WRITE'],
    ['portfolios/[id]', '/api/v1/portfolios/1', 'DELETE', 'WRITE'],
    ['portfolioTransaction', '/api/v1/portfolioTransaction', 'POST', 'WRITE'],
    ['portfolio/transaction', '/api/v1/portfolio/transaction', 'PUT', 'WRITE'],
    ['portfolio/[id]/index', '/api/v1/portfolio/1', 'DELETE', 'WRITE'],
    ['watchlist/index', '/api/v1/watchlist', 'POST', 'WRITE'],
    ['watchlist/[tickerId]', '/api/v1/watchlist/1', 'DELETE', 'WRITE'],
    ['instrument-price/[tickerId]', '/api/v1/instrument-price/1', 'PUT', 'WRITE'],
    ['portfolio-import/[portfolioId]', '/api/v1/portfolio-import/1', 'POST', 'IMPORT'],
    ['tickers/autocomplete', '/api/v1/tickers/autocomplete', 'GET', 'SEARCH'],
    ['notifications/read', '/api/v1/notifications/read', 'POST', 'WRITE'],
    ['notifications/settings', '/api/v1/notifications/settings', 'PUT', 'WRITE'],
    ['notifications/unsubscribe', '/api/v1/notifications/unsubscribe', 'POST', 'UNSUBSCRIBE'],
    ['billing/checkout', '/api/v1/billing/checkout', 'POST', 'BILLING'],
    ['billing/portal', '/api/v1/billing/portal', 'POST', 'BILLING'],
    ['billing/demo/pay', '/api/v1/billing/demo/pay', 'POST', 'BILLING'],
    ['billing/demo/decline', '/api/v1/billing/demo/decline', 'POST', 'BILLING'],
    ['billing/demo/cancel', '/api/v1/billing/demo/cancel', 'POST', 'BILLING'],
  ];
  let db: DbHandle;
  const saved: Record<string, string | undefined> = {};

  beforeAll(async () => {
    for (const bucket of Object.keys(RATE_LIMIT_DEFAULTS).map((b) => b.toUpperCase())) {
      saved[bucket] = process.env[`RATE_LIMIT_${bucket}`];
      process.env[`RATE_LIMIT_${bucket}`] = 'off';
    }
    db = await openTestDatabase('pglite');
    setDbHandle(db);
  });
  afterAll(async () => {
    for (const [bucket, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[`RATE_LIMIT_${bucket}`];
      else process.env[`RATE_LIMIT_${bucket}`] = value;
    }
    setDbHandle(undefined);
    await db.close();
  });

  it.each(LIMITED)('%s %s %s → bucket %s', async (file, url, method, bucket) => {
    const mod = (await import(`@/pages/api/v1/${file}`)) as { default: unknown; config?: unknown };
    const server = await startApiServer({ [url]: mod });
    await db.db.delete(rateLimits);
    process.env[`RATE_LIMIT_${bucket}`] = '1/600';
    try {
      const first = await server.request(method, url, { headers: { 'X-Requested-With': 'trendvakt' } });
      const second = await server.request(method, url, { headers: { 'X-Requested-With': 'trendvakt' } });
      expect([first.status === 429, second.status]).toEqual([false, 429]);
      const rows = await db.db.select().from(rateLimits);
      expect(rows.map((r) => r.key)).toEqual([`${bucket.toLowerCase()}:a:127.0.0.1`]);
    } finally {
      process.env[`RATE_LIMIT_${bucket}`] = 'off';
      await server.close();
    }
  });
});

describe('addressKey without ports (issue 40)', () => {
  it.each([
    ['1.2.3.4:5678', '1.2.3.4'],
    ['1.2.3.4:5679', '1.2.3.4'],
    ['1.2.3.4', '1.2.3.4'],
    ['[2001:db8:1:2:3:4:5:6]:443', '2001:db8:1:2::/64'],
    ['[::ffff:1.2.3.4]:80', '1.2.3.4'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });
});
