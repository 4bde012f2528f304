import type { NextApiRequest, NextApiResponse } from 'next';
import { ZodError } from 'zod';
import { MAX_BODY_BYTES } from '@/lib/constants';
import { parseJsonBody, readRawBody } from './body';
import { HttpError, type ErrorBody } from './errors';
import { emulatorRefusal } from './emulatorTrust';
import { requireCustomHeader, STATE_CHANGING_METHODS } from './csrf';
import { logInternalError, requestIdOf } from './errorLog';
import { issuesOf } from './validate';
import { sendJson } from './sendJson';
import { DomainError, type DomainErrorKind } from '@/server/services/errors';

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

/**
 * The request a route handler sees: the JSON body is parsed, the raw bytes kept for imports. With
 * `readBodyAfterAuth`, `rawBody` is empty and `readBody()` reads the bytes when the route asks.
 */
export type ApiRequest = NextApiRequest & { rawBody: Buffer; readBody?: () => Promise<Buffer> };
export type RouteHandler = (req: ApiRequest, res: NextApiResponse) => unknown;

export interface ApiHandlerOptions {
  /** Largest accepted body in bytes (default 100 kB, DESIGN.md §4). */
  bodyLimit?: number;
  /** Keep the body as bytes only (file uploads); `req.body` stays undefined. */
  rawBody?: boolean;
  /**
   * With `rawBody`: do not read the body up front; the route calls `req.readBody()` once it has
   * authenticated the caller, so an anonymous upload costs no reading (DESIGN.md §4).
   */
  readBodyAfterAuth?: boolean;
  /**
   * Why this route takes state-changing requests without `X-Requested-With: trendvakt` (./csrf):
   * only for callers that are not browsers, such as Stripe's signed webhook. Every other route
   * needs the header on POST, PUT, PATCH and DELETE.
   */
  csrfExempt?: string;
}

/**
 * Routes must disable Next's body parser (`export const config = { api: { bodyParser: false } }`)
 * so that the size limit and the error body are ours.
 */
export function apiHandler(methods: Partial<Record<Method, RouteHandler>>, options: ApiHandlerOptions = {}) {
  const allow = METHODS.filter((m) => methods[m]).join(', ');
  return async function handle(req: NextApiRequest, res: NextApiResponse): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    try {
      // Emulator mode trusts unsigned tokens: loopback clients and the app's own Host only.
      const refusal = emulatorRefusal(req);
      if (refusal) throw refusal;
      const method = (req.method ?? 'GET').toUpperCase() as Method;
      const handler = methods[method];
      if (!handler) {
        throw new HttpError(405, 'METHOD_NOT_ALLOWED', `Method ${method} is not allowed`, undefined, {
          Allow: allow,
        });
      }
      if (STATE_CHANGING_METHODS.has(method) && !options.csrfExempt) requireCustomHeader(req);
      const apiReq = req as ApiRequest;
      await attachBody(apiReq, options);
      const result = await handler(apiReq, res);
      if (res.headersSent || res.writableEnded) return;
      if (res.statusCode === 204 || result === undefined) {
        res.status(res.statusCode === 200 ? 204 : res.statusCode).end();
        return;
      }
      sendJson(req, res, res.statusCode || 200, result);
    } catch (err) {
      sendError(req, res, err);
    }
  };
}

async function attachBody(req: ApiRequest, options: ApiHandlerOptions): Promise<void> {
  const limit = options.bodyLimit ?? MAX_BODY_BYTES;
  if (req.readableEnded || req.body !== undefined) {
    // Next already parsed the body (a route without `bodyParser: false`): still enforce our limit.
    const size = Buffer.byteLength(typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? ''));
    if (size > limit)
      throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `Request body exceeds ${limit / 1024} kB`);
    req.rawBody = Buffer.from(typeof req.body === 'string' ? req.body : JSON.stringify(req.body ?? ''));
    return;
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    req.rawBody = Buffer.alloc(0);
    return;
  }
  if (options.rawBody && options.readBodyAfterAuth) {
    req.rawBody = Buffer.alloc(0);
    req.readBody = async () => (req.rawBody = await readRawBody(req, limit));
    return;
  }
  req.rawBody = await readRawBody(req, limit);
  req.body = options.rawBody ? undefined : parseJsonBody(req.rawBody);
}

/** Write `err` as the one error body; unknown errors are logged and answered 500 without details. */
export function sendError(req: NextApiRequest, res: NextApiResponse, err: unknown): void {
  let httpError: HttpError;
  if (err instanceof HttpError) {
    httpError = err;
  } else if (err instanceof DomainError) {
    httpError = httpErrorOf(err);
  } else if (err instanceof ZodError) {
    httpError = new HttpError(400, 'VALIDATION_FAILED', 'Invalid request', issuesOf(err));
  } else {
    const requestId = requestIdOf(req);
    logInternalError(req, requestId, err);
    httpError = new HttpError(500, 'INTERNAL', 'Internal server error', undefined, {
      'X-Request-Id': requestId,
    });
    httpError.requestId = requestId;
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  for (const [name, value] of Object.entries(httpError.headers ?? {})) res.setHeader(name, value);
  const body: ErrorBody = httpError.toBody();
  res.status(httpError.status).json(body);
}

const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  rate_limited: 429,
  unavailable: 503,
};

/** The one place a service's domain error becomes an HTTP status (DESIGN.md §4). */
export function httpErrorOf(err: DomainError): HttpError {
  const headers =
    err.retryAfterSeconds === undefined ? undefined : { 'Retry-After': String(err.retryAfterSeconds) };
  return new HttpError(STATUS_OF_KIND[err.kind], err.code, err.message, err.details, headers);
}

/** Answer 201 with `body`. */
export function created<T>(res: NextApiResponse, body: T): T {
  res.status(201);
  return body;
}

/** Answer 204 with no body. */
export function noContent(res: NextApiResponse): undefined {
  res.status(204);
  return undefined;
}

/** A single query-string value (the last one when repeated). */
export function queryValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[value.length - 1] : value;
}
