/** @jest-environment node */
// Emulator trust inside the server (issue 23 item 3): in emulator mode the API refuses a client
// that is not on loopback — over a real socket from this machine's non-loopback address to a server
// listening on every interface — and a Host header that is not the app's own, saying why.
import http from 'node:http';
import os from 'node:os';
import type { AddressInfo } from 'node:net';
import type { NextApiRequest, NextApiResponse } from 'next';
import { apiHandler } from '@/server/http';
import { emulatorRefusal, hostNameOf, isLoopbackAddress } from '@/server/http/emulatorTrust';

const EMULATOR = { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' };

describe('emulatorRefusal', () => {
  const req = (remoteAddress: string, host?: string) =>
    ({ socket: { remoteAddress }, headers: host === undefined ? {} : { host } }) as never;

  it.each([
    ['127.0.0.1', 'localhost:3000', undefined],
    ['::1', '[::1]:3000', undefined],
    ['::ffff:127.0.0.1', '127.0.0.1', undefined],
    ['127.0.0.1', 'app.example.no', 'EMULATOR_FOREIGN_HOST'],
    ['127.0.0.1', 'attacker.example:3000', 'EMULATOR_FOREIGN_HOST'],
    ['127.0.0.1', undefined, 'EMULATOR_FOREIGN_HOST'],
    ['192.0.2.7', 'localhost:3000', 'EMULATOR_LOOPBACK_ONLY'],
    ['::ffff:10.0.0.1', 'localhost', 'EMULATOR_LOOPBACK_ONLY'],
  ])('peer %s, Host %s → %s', (peer, host, code) => {
    expect(emulatorRefusal(req(peer, host), EMULATOR)?.code).toBe(code);
  });

  it.each([
    ['x-forwarded-for', '198.51.100.7'],
    ['x-forwarded-host', 'localhost'],
    ['x-forwarded-proto', 'https'],
    ['forwarded', 'for=198.51.100.7'],
    ['x-real-ip', '198.51.100.7'],
  ])(
    'refuses a loopback request with the own Host that carries %s (a proxy in front, issue 40)',
    (name, value) => {
      const proxied = {
        socket: { remoteAddress: '127.0.0.1' },
        headers: { host: 'localhost:3000', [name]: value },
      };
      expect(emulatorRefusal(proxied as never, EMULATOR)?.code).toBe('EMULATOR_PROXIED');
      // With a real project the headers are the rate limiter's business, not a refusal.
      expect(emulatorRefusal(proxied as never, {})).toBeUndefined();
    },
  );

  it('goes by the headers the client sent: the x-forwarded-* Next adds to req.headers itself are no refusal', () => {
    const viaNext = {
      socket: { remoteAddress: '127.0.0.1' },
      headers: { host: 'localhost:3000', 'x-forwarded-for': '127.0.0.1', 'x-forwarded-proto': 'http' },
      rawHeaders: ['Host', 'localhost:3000'],
    };
    expect(emulatorRefusal(viaNext as never, EMULATOR)).toBeUndefined();
    const proxied = { ...viaNext, rawHeaders: ['Host', 'localhost:3000', 'X-Forwarded-For', '198.51.100.7'] };
    expect(emulatorRefusal(proxied as never, EMULATOR)?.code).toBe('EMULATOR_PROXIED');
  });

  it("accepts APP_BASE_URL's host, and checks nothing with a real project (no emulator host)", () => {
    expect(
      emulatorRefusal(req('127.0.0.1', 'demo.local:8080'), {
        ...EMULATOR,
        APP_BASE_URL: 'http://demo.local:8080',
      }),
    ).toBeUndefined();
    expect(emulatorRefusal(req('192.0.2.7', 'app.example.no'), {})).toBeUndefined();
  });

  it('parses host names and loopback addresses', () => {
    expect(hostNameOf('LocalHost:3000')).toBe('localhost');
    expect(hostNameOf('a b')).toBeUndefined();
    expect(isLoopbackAddress('127.8.9.10')).toBe(true);
    expect(isLoopbackAddress('128.0.0.1')).toBe(false);
    expect(isLoopbackAddress(undefined)).toBe(false);
  });
});

const external = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe('a real request from a non-loopback socket in emulator mode', () => {
  const saved = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    process.env.FIREBASE_AUTH_EMULATOR_HOST = EMULATOR.FIREBASE_AUTH_EMULATOR_HOST;
    const handler = apiHandler({ GET: () => ({ ok: true }) });
    server = http.createServer((req, res) => {
      const apiRes = Object.assign(res, {
        status(code: number) {
          res.statusCode = code;
          return apiRes;
        },
        json(body: unknown) {
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify(body));
        },
      });
      void handler(req as NextApiRequest, apiRes as unknown as NextApiResponse);
    });
    // Every interface, as `next start -H 0.0.0.0` would.
    await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
    else process.env.FIREBASE_AUTH_EMULATOR_HOST = saved;
    await new Promise((resolve) => server.close(resolve));
  });

  const get = (address: string, host: string) =>
    new Promise<{ status: number; body: { error?: { code: string; message: string } } }>(
      (resolve, reject) => {
        http
          .get({ host: address, port, path: '/api/x', headers: { host } }, (res) => {
            let text = '';
            res.on('data', (c) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
          })
          .on('error', reject);
      },
    );

  it('a loopback client with the own Host is served', async () => {
    expect((await get('127.0.0.1', `localhost:${port}`)).status).toBe(200);
  });

  it('a loopback client with the own Host through a proxy (X-Forwarded-For) gets 403 (issue 40)', async () => {
    const res = await new Promise<{ status: number; code?: string }>((resolve, reject) => {
      http
        .get(
          {
            host: '127.0.0.1',
            port,
            path: '/api/x',
            headers: { host: `localhost:${port}`, 'x-forwarded-for': '198.51.100.7' },
          },
          (r) => {
            let text = '';
            r.on('data', (c) => (text += c));
            r.on('end', () => resolve({ status: r.statusCode ?? 0, code: JSON.parse(text).error?.code }));
          },
        )
        .on('error', reject);
    });
    expect(res).toEqual({ status: 403, code: 'EMULATOR_PROXIED' });
  });

  it('a loopback client with a foreign Host (DNS rebinding) gets 403 saying why', async () => {
    const res = await get('127.0.0.1', `rebind.attacker.example:${port}`);
    expect(res.status).toBe(403);
    expect(res.body.error?.code).toBe('EMULATOR_FOREIGN_HOST');
  });

  (external ? it : it.skip)(
    `a client on ${external ?? 'a non-loopback address'} gets 403 saying why`,
    async () => {
      const res = await get(external!, `localhost:${port}`);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('EMULATOR_LOOPBACK_ONLY');
      expect(res.body.error?.message).toMatch(/only answers clients on this machine/);
    },
  );
});
