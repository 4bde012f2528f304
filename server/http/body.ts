import type { IncomingMessage } from 'node:http';
import { MAX_BODY_BYTES } from '@/lib/constants';
import { HttpError } from './errors';

const tooLarge = (limit: number) =>
  new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${Math.round(limit / 1024)} kB`);

/** Read the raw request body, refusing (413) as soon as it passes `limit` bytes. */
export async function readRawBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume();
    throw tooLarge(limit);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) {
      req.resume();
      throw tooLarge(limit);
    }
    chunks.push(buf);
  }
  return Buffer.concat(chunks);
}

/** Parse a JSON body; an empty body is `undefined`, bad JSON a 400. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'Request body is not valid JSON');
  }
}
