/** @jest-environment node */
// Issue 40: the browser reaches the Auth emulator only through the app's own origin, by a proxy
// route that forwards the sign-in flow's endpoints for the app's own pages and nothing else.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as proxyRoute from '@/pages/api/auth-emulator/[...path]';
import { FORWARDED_ENDPOINTS, endpointOf, proxyRefusal } from '@/server/http/authEmulatorProxy';
import { apiResolver } from 'next/dist/server/api-utils/node/api-resolver';

/** What the fake emulator received. */
const received: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
const emulator = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString('utf8')));
  req.on('end', () => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    // The real emulator reflects any Origin: the proxy must not pass that on.
    res.setHeader('Access-Control-Allow-Origin', String(req.headers.origin ?? '*'));
    res.setHeader('Content-Type', 'application/json');
    res.statusCode = req.url?.includes('signInWithPassword') ? 200 : 400;
    res.end(
      JSON.stringify(
        req.url?.includes('signInWithPassword')
          ? { idToken: 'x.y.' }
          : { error: { message: 'EMAIL_NOT_FOUND' } },
      ),
    );
  });
});

/** The route behind a catch-all, as Next calls it: `query.path` holds the segments. */
const app = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const prefix = '/api/auth-emulator/';
  const query: Record<string, string | string[]> = Object.fromEntries(url.searchParams);
  query.path = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent);
  void apiResolver(
    req,
    res,
    query,
    proxyRoute,
    { previewModeId: 'x', previewModeEncryptionKey: 'x', previewModeSigningKey: 'x', dev: false },
    false,
  );
});
let base = '';
const server = {
  get url() {
    return base;
  },
  async request(method: string, path: string, opts: { headers?: Record<string, string>; raw?: string } = {}) {
    const res = await fetch(`${base}${path}`, { method, headers: opts.headers, body: opts.raw });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as unknown) : null };
  },
};
let hostBefore: string | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => emulator.listen(0, '127.0.0.1', resolve));
  hostBefore = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${(emulator.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (hostBefore === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
  else process.env.FIREBASE_AUTH_EMULATOR_HOST = hostBefore;
  app.closeAllConnections();
  await new Promise((resolve) => app.close(resolve));
  emulator.closeAllConnections();
  await new Promise((resolve) => emulator.close(resolve));
});
beforeEach(() => {
  received.length = 0;
});

const headersOf = (method: string, origin?: string, site?: string) => ({
  host: 'localhost:3000',
  ...(origin ? { origin } : {}),
  ...(site ? { 'sec-fetch-site': site } : {}),
  method,
});

describe('proxyRefusal (the rules)', () => {
  const SIGN_IN = ['identitytoolkit.googleapis.com', 'v1', 'accounts:signInWithPassword'];
  const req = (method: string, origin?: string, site?: string) => {
    const { method: m, ...headers } = headersOf(method, origin, site);
    return { method: m, headers };
  };

  it('lets the app’s own page call a sign-in endpoint', () => {
    expect(proxyRefusal(req('POST', 'http://localhost:3000', 'same-origin'), SIGN_IN)).toBeUndefined();
    expect(proxyRefusal(req('POST', 'http://localhost:3000'), SIGN_IN)).toBeUndefined();
  });

  it.each([
    ['another origin', 'http://127.0.0.1:4000', undefined],
    ['another port of the same host', 'http://localhost:3001', undefined],
    ['a null origin (sandboxed frame, file:)', 'null', undefined],
    ['no Origin on a POST', undefined, undefined],
    ['a cross-site fetch', 'http://localhost:3000', 'cross-site'],
    ['a same-site but other-origin fetch', 'http://localhost:3000', 'same-site'],
  ])('refuses %s with 403 ORIGIN_REFUSED', (_what, origin, site) => {
    const refusal = proxyRefusal(req('POST', origin, site), SIGN_IN);
    expect(refusal).toMatchObject({ status: 403, code: 'ORIGIN_REFUSED' });
  });

  it.each([
    'identitytoolkit.googleapis.com/v1/accounts:batchGet',
    'identitytoolkit.googleapis.com/v1/accounts:query',
    'identitytoolkit.googleapis.com/v1/accounts:batchCreate',
    'identitytoolkit.googleapis.com/v1/accounts:batchDelete',
    'identitytoolkit.googleapis.com/v1/projects',
    'identitytoolkit.googleapis.com/v1/projects/demo-trendvakt/accounts:lookup',
    'identitytoolkit.googleapis.com/v2/recaptchaConfig',
    'emulator/v1/projects/demo-trendvakt/config',
    'emulator/v1/projects/demo-trendvakt/oobCodes',
    'emulator/v1/projects/demo-trendvakt/accounts',
    'identitytoolkit.googleapis.com/v1/../../emulator/v1/projects/x/config',
  ])('never forwards %s (404)', (path) => {
    for (const method of ['GET', 'POST']) {
      const refusal = proxyRefusal(req(method, 'http://localhost:3000', 'same-origin'), path.split('/'));
      expect(refusal).toMatchObject({ status: 404 });
    }
  });

  it('forwards exactly the listed method of an endpoint', () => {
    expect(proxyRefusal(req('GET', undefined, 'same-origin'), SIGN_IN)).toMatchObject({ status: 404 });
    expect(
      proxyRefusal(req('GET', undefined, 'same-origin'), [
        'identitytoolkit.googleapis.com',
        'v2',
        'passwordPolicy',
      ]),
    ).toBeUndefined();
    // Every listed endpoint is an identitytoolkit or securetoken call, none an admin one.
    for (const entry of FORWARDED_ENDPOINTS) {
      expect(entry).toMatch(
        /^(GET|POST) (identitytoolkit|securetoken)\.googleapis\.com\/v[12]\/[A-Za-z/:]+$/,
      );
      expect(entry).not.toMatch(/batch|query|projects|emulator|config/i);
    }
  });

  it('reads only plain path segments', () => {
    expect(endpointOf(['a', 'v1', 'x'])).toBe('a/v1/x');
    expect(endpointOf(['a', 'v1', '..'])).toBeUndefined();
    expect(endpointOf(['a', 'v1', 'x y'])).toBeUndefined();
    expect(endpointOf(['a', 'v1'])).toBeUndefined();
  });
});

describe('the proxy route', () => {
  const call = (
    path: string,
    headers: Record<string, string>,
    body = '{"email":"a@b.test","password":"pw"}',
  ) =>
    server.request('POST', `/api/auth-emulator/${path}?key=demo-api-key`, {
      headers: { 'content-type': 'application/json', ...headers },
      raw: body,
    });

  it('forwards the app’s own sign-in call with its query and body, without cookies or CORS', async () => {
    const res = await call('identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', {
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      cookie: 'session=secret',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ idToken: 'x.y.' });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      method: 'POST',
      url: '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key',
      body: '{"email":"a@b.test","password":"pw"}',
    });
    expect(received[0].headers.cookie).toBeUndefined();
    expect(received[0].headers.origin).toBeUndefined();
  });

  it('passes the emulator’s own error answer through (the SDK reads its code)', async () => {
    const res = await call('identitytoolkit.googleapis.com/v1/accounts:lookup', { origin: server.url });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { message: 'EMAIL_NOT_FOUND' } });
  });

  it('refuses another origin and the admin endpoints with the one error body, forwarding nothing', async () => {
    const foreign = await call('identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', {
      origin: 'http://127.0.0.1:4999',
      'sec-fetch-site': 'cross-site',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ error: { code: 'ORIGIN_REFUSED' } });
    const batchGet = await call(
      'identitytoolkit.googleapis.com/v1/accounts:batchGet',
      { origin: server.url },
      '{}',
    );
    expect(batchGet.status).toBe(404);
    expect(batchGet.body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    const config = await server.request(
      'GET',
      '/api/auth-emulator/emulator/v1/projects/demo-trendvakt/config',
    );
    expect(config.status).toBe(404);
    expect(received).toEqual([]);
  });

  it('is 404 without an emulator (a real project: the SDK calls Google)', async () => {
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    try {
      const res = await call('identitytoolkit.googleapis.com/v1/accounts:signInWithPassword', {
        origin: server.url,
      });
      expect(res.status).toBe(404);
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
    }
    expect(received).toEqual([]);
  });
});
