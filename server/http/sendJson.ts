/**
 * A route's JSON answer, compressed here in one synchronous pass when it is large enough and the
 * client accepts it. Next's own compression (the `compression` middleware, which leaves an answer
 * that already has a Content-Encoding alone) deflates a body in 16 kB chunks through the thread
 * pool: a 10-year performance series (310 kB of JSON) took ~25 ms more over HTTP with it than
 * uncompressed, where one brotli pass at quality 4 takes ~3 ms and gives the same size as gzip at
 * level 6 (bench/portfolio-api, issue 26).
 */
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Smaller answers go as they are (the middleware's own threshold: a header costs more than it saves). */
export const COMPRESS_FROM_BYTES = 1024;

const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 4;

type Encoding = 'br' | 'gzip';

/**
 * The encoding to answer in: brotli when the client accepts it, else gzip, else none. An encoding
 * the header names with q=0 is refused; `*` accepts both.
 */
export function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepts = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function appendVary(res: ServerResponse, field: string): void {
  const current = res.getHeader('Vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (!fields.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) fields.push(field);
  res.setHeader('Vary', fields.join(', '));
}

/** Bodies already encoded, per answer object a route keeps (see sendJsonText's `keep`). */
const encodedBodies = new WeakMap<object, Map<Encoding | 'identity', Buffer>>();

function encode(bytes: Buffer, encoding: Encoding | null): Buffer {
  if (encoding === 'br') {
    return brotliCompressSync(bytes, {
      params: {
        [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
        [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
  }
  return encoding === 'gzip' ? gzipSync(bytes, { level: GZIP_LEVEL }) : bytes;
}

/**
 * Send `text` (JSON already serialised) with `status`, compressed when that pays. `keep`: an
 * object that stands for this very text (a cached answer), under which the encoded bytes are kept
 * and reused for as long as it lives.
 */
export function sendJsonText(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  text: string,
  keep?: object,
): void {
  appendVary(res, 'Accept-Encoding');
  const size = Buffer.byteLength(text, 'utf8');
  const encoding = size >= COMPRESS_FROM_BYTES ? acceptedEncoding(req.headers['accept-encoding']) : null;
  const kept = keep ? (encodedBodies.get(keep) ?? new Map<Encoding | 'identity', Buffer>()) : null;
  let body = kept?.get(encoding ?? 'identity');
  if (!body) {
    body = encode(Buffer.from(text, 'utf8'), encoding);
    if (keep && kept) {
      kept.set(encoding ?? 'identity', body);
      encodedBodies.set(keep, kept);
    }
  }
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.statusCode = status;
  res.end(body);
}

/** Serialise `value` and send it (see sendJsonText). */
export function sendJson(req: IncomingMessage, res: ServerResponse, status: number, value: unknown): void {
  sendJsonText(req, res, status, JSON.stringify(value));
}
