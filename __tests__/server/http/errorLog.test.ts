/** @jest-environment node */
// A 500 logs the route, the error class, a safe message and the request id of its error body —
// never the token, the query string, the body or a failed query's parameters.
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createMocks } from 'node-mocks-http';
import type { NextApiRequest, NextApiResponse } from 'next';
import { apiHandler } from '@/server/http';
import { describeError, routeOf } from '@/server/http/errorLog';
import { expectConsoleError } from '../../helpers/consoleErrors';

const TOKEN = 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.';
const SECRET_EMAIL = 'alice.secret@example.com';
const SECRET_COMMENT = 'my private comment';

/** A failed insert as drizzle reports it: the message embeds the parameters. */
function failedQuery(): DrizzleQueryError {
  const pgError = Object.assign(
    new Error(`duplicate key value violates unique constraint "users_email_lower_unique"`),
    {
      code: '23505',
      constraint: 'users_email_lower_unique',
      detail: `Key (lower(email))=(${SECRET_EMAIL}) already exists.`,
    },
  );
  return new DrizzleQueryError(
    'insert into "users" ("uid", "email", "comment") values ($1, $2, $3)',
    ['uid-alice-123', SECRET_EMAIL, SECRET_COMMENT],
    pgError,
  );
}

async function call(err: unknown) {
  const handler = apiHandler({
    POST: () => {
      throw err;
    },
  });
  const { req, res } = createMocks<NextApiRequest, NextApiResponse>({
    method: 'POST',
    url: `/api/v1/portfolio/uid-alice-123?token=${TOKEN}&q=${encodeURIComponent(SECRET_EMAIL)}`,
    query: { id: 'uid-alice-123', token: TOKEN, q: SECRET_EMAIL },
    headers: {
      host: 'localhost',
      authorization: `Bearer ${TOKEN}`,
      'content-type': 'application/json',
      'x-requested-with': 'trendvakt',
    },
    body: { comment: SECRET_COMMENT },
    // A loopback client: in emulator mode others are refused before the route (server/http/emulatorTrust).
    socket: { remoteAddress: '127.0.0.1' } as never,
  });
  await handler(req, res);
  return {
    status: res._getStatusCode(),
    body: res._getJSONData() as { error: { request_id: string } },
    headers: res._getHeaders(),
  };
}

describe('the log line of a 500', () => {
  /** The console.error lines expectConsoleError recorded in this test. */
  const logged = () => jest.mocked(console.error).mock.calls;

  it('names route, class, a safe message and the request id of the body, and nothing else', async () => {
    expectConsoleError(/^\[api\] 500 POST \/api\/v1\/portfolio\/\[id\] /);
    const { status, body, headers } = await call(failedQuery());
    expect(status).toBe(500);
    const requestId = body.error.request_id as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(headers['x-request-id']).toBe(requestId);
    expect(logged()).toHaveLength(1);
    const line = logged()[0].map(String).join(' ');
    expect(line).toBe(
      `[api] 500 POST /api/v1/portfolio/[id] request_id=${requestId} DrizzleQueryError: ` +
        'database query failed, SQLSTATE 23505, constraint users_email_lower_unique, cause Error',
    );
    for (const secret of [TOKEN, SECRET_EMAIL, SECRET_COMMENT, 'uid-alice-123', 'token=', 'params']) {
      expect(line).not.toContain(secret);
      expect(JSON.stringify(body)).not.toContain(secret);
    }
  });

  it('keeps the first line of an ordinary error and redacts anything token-shaped', async () => {
    expectConsoleError(/^\[api\] 500 .*TypeError: cannot read x of \[token\]$/);
    await call(new TypeError(`cannot read x of ${TOKEN}\nsecond line ${SECRET_COMMENT}`));
    const line = String(logged()[0][0]);
    expect(line).toMatch(/TypeError: cannot read x of \[token\]$/);
    expect(line).not.toContain(SECRET_COMMENT);
  });

  it('uses a well-formed X-Request-Id from a proxy and ignores a malformed one', async () => {
    expectConsoleError(/^\[api\] 500 GET \/api\/v1\/x request_id=.* Error: boom$/);
    const handler = apiHandler({
      GET: () => {
        throw new Error('boom');
      },
    });
    for (const [sent, kept] of [
      ['abc-123-def-456', true],
      ['bad id with spaces', false],
    ] as const) {
      const { req, res } = createMocks<NextApiRequest, NextApiResponse>({
        method: 'GET',
        url: '/api/v1/x',
        headers: { host: 'localhost', 'x-request-id': sent },
        socket: { remoteAddress: '127.0.0.1' } as never,
      });
      await handler(req, res);
      const id = (res._getJSONData() as { error: { request_id: string } }).error.request_id;
      expect(id === sent).toBe(kept);
    }
  });
});

describe('describeError and routeOf', () => {
  it('describes a PostgreSQL error by SQLSTATE only', () => {
    const err = Object.assign(new Error('invalid input syntax for type integer: "secret"'), {
      code: '22P02',
    });
    expect(describeError(err)).toEqual({
      errorClass: 'Error',
      message: 'database query failed, SQLSTATE 22P02',
    });
  });

  it('replaces path parameters by their names and drops the query', () => {
    expect(routeOf({ url: '/api/v1/user/getCurrent/u%201?uid=zzz&x=1', query: { uid: 'u 1', x: '1' } })).toBe(
      '/api/v1/user/getCurrent/[uid]',
    );
    expect(routeOf({ url: '/api/v1/user/getCurrent/u1', query: { uid: 'u1' } })).toBe(
      '/api/v1/user/getCurrent/[uid]',
    );
  });
});
