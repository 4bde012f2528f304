/** @jest-environment node */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiHandler } from '@/server/http/apiHandler';
import { acceptedEncoding } from '@/server/http/sendJson';
import { startApiServer, type TestServer } from '../../helpers/apiServer';

const config = { api: { bodyParser: false } };
// 2,000 days of a series: some 100 kB of JSON, far above the 1 kB threshold.
const series = Array.from({ length: 2000 }, (_, i) => ({ day: i, value: 1000 + i / 8, twr: i / 1e4 }));
const routes = {
  '/big': { config, default: apiHandler({ GET: () => ({ points: series }) }) },
  '/small': { config, default: apiHandler({ GET: () => ({ ok: true }) }) },
};

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer(routes);
});
afterAll(() => server.close());

/** A GET with the given Accept-Encoding, its raw bytes undecoded (fetch would decode them). */
function rawGet(
  path: string,
  acceptEncoding?: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      server.url + path,
      { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
  });
}

describe('a JSON answer', () => {
  it('is brotli-compressed in one pass when the client accepts br, and decodes to the same JSON', async () => {
    const res = await rawGet('/big', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/);
    expect(Number(res.headers['content-length'])).toBe(res.bytes.length);
    const text = brotliDecompressSync(res.bytes).toString('utf8');
    expect(JSON.parse(text)).toEqual({ points: series });
    // Compressed to well under half: repetitive JSON.
    expect(res.bytes.length).toBeLessThan(Buffer.byteLength(text) / 2);
  });

  it('is gzip when br is not accepted (or refused with q=0), plain when nothing is', async () => {
    for (const header of ['gzip', 'br;q=0, gzip;q=0.5']) {
      const res = await rawGet('/big', header);
      expect([header, res.headers['content-encoding']]).toEqual([header, 'gzip']);
      expect(JSON.parse(gunzipSync(res.bytes).toString('utf8'))).toEqual({ points: series });
    }
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await rawGet('/big', header);
      expect([header, res.headers['content-encoding']]).toEqual([header, undefined]);
      expect(JSON.parse(res.bytes.toString('utf8'))).toEqual({ points: series });
    }
  });

  it('under 1 kB goes as it is, with its type and length', async () => {
    const res = await rawGet('/small', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.bytes.toString('utf8')).toBe('{"ok":true}');
    expect(Number(res.headers['content-length'])).toBe(11);
  });
});

describe('acceptedEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['GZIP;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['deflate', null],
    ['', null],
    ['identity', null],
  ])('%j → %s', (header, expected) => {
    expect(acceptedEncoding(header)).toBe(expected);
  });
});
