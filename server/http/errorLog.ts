/**
 * What a 500 logs: the route (path parameters replaced by their names, no query string), the
 * error's class and a safe message, and a request id that the response's error body carries too.
 * Never tokens, query parameters or bodies: drizzle's failed-query error embeds the query's
 * parameters (uids, emails, comments) in its message, and PostgreSQL's messages can quote input
 * values, so database errors are logged by class, SQLSTATE and constraint only.
 */
import { redactCredentials } from '@/server/secretFiles';
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The caller's X-Request-Id when it is a plain token (a proxy's), else a new UUID. */
export function requestIdOf(req: Pick<IncomingMessage, 'headers'>): string {
  const header = req.headers['x-request-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value && REQUEST_ID.test(value) ? value : crypto.randomUUID();
}

/** `/api/v1/user/getCurrent/[uid]` for `/api/v1/user/getCurrent/abc?x=1` with query `{ uid: 'abc' }`. */
export function routeOf(req: { url?: string; query?: Record<string, unknown> }): string {
  const url = new URL(req.url ?? '/', 'http://route.invalid');
  // Next merges path parameters into req.query; any segment equal to a query value is named instead.
  const params = Object.entries(req.query ?? {}).filter(
    ([, value]) => typeof value === 'string' && value !== '',
  ) as [string, string][];
  return url.pathname
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // keep the raw segment
      }
      const param = params.find(([, value]) => value === decoded);
      return param ? `[${param[0]}]` : segment;
    })
    .join('/');
}

interface PgLike {
  code?: unknown;
  constraint?: unknown;
  name?: unknown;
}

function isDatabaseError(e: unknown): boolean {
  return typeof (e as PgLike)?.code === 'string' && /^[0-9A-Z]{5}$/.test((e as PgLike).code as string);
}

const JWT = /eyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.?[A-Za-z0-9_-]*/g;

/** The error's class and a message that carries no request data. */
export function describeError(err: unknown): { errorClass: string; message: string } {
  if (!(err instanceof Error)) return { errorClass: typeof err, message: 'a non-Error value was thrown' };
  const errorClass =
    err.constructor?.name && err.constructor.name !== 'Error' ? err.constructor.name : err.name;
  const cause = (err as { cause?: unknown }).cause;
  const isDrizzleQuery = 'params' in err && 'query' in err;
  if (isDrizzleQuery || isDatabaseError(err)) {
    const db = (isDatabaseError(err) ? err : isDatabaseError(cause) ? cause : undefined) as
      PgLike | undefined;
    const parts = ['database query failed'];
    if (db) {
      parts.push(`SQLSTATE ${String(db.code)}`);
      if (typeof db.constraint === 'string') parts.push(`constraint ${db.constraint}`);
    }
    if (cause instanceof Error && cause !== err) parts.push(`cause ${cause.constructor?.name ?? cause.name}`);
    return { errorClass, message: parts.join(', ') };
  }
  const firstLine = (err.message.split('\n')[0] ?? '').replace(JWT, '[token]');
  return { errorClass, message: firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine };
}

/** One line for the log of a 500. */
export function logInternalError(
  req: { method?: string; url?: string; query?: Record<string, unknown> },
  requestId: string,
  err: unknown,
): void {
  const { errorClass, message } = describeError(err);
  console.error(
    `[api] 500 ${req.method ?? 'GET'} ${routeOf(req)} request_id=${requestId} ${errorClass}: ${redactCredentials(message)}`,
  );
}
