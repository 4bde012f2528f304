/**
 * What a 500 logs: the route (path parameters replaced by their names, no query string), the
 * error's class and a safe message, and a request id that the response's error body carries too.
 * Never tokens, query parameters or bodies: the error goes through describeError
 * (server/logging/describeError), which describes database errors by class, SQLSTATE and
 * constraint only and redacts tokens, passwords and e-mail addresses from any other message.
 */
import { describeError } from '@/server/logging/describeError';
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

/** The redacting describer every log line and job_runs row uses (server/logging). */
export { describeError } from '@/server/logging/describeError';

/** One line for the log of a 500. */
export function logInternalError(
  req: { method?: string; url?: string; query?: Record<string, unknown> },
  requestId: string,
  err: unknown,
): void {
  const { errorClass, message } = describeError(err);
  console.error(
    `[api] 500 ${req.method ?? 'GET'} ${routeOf(req)} request_id=${requestId} ${errorClass}: ${message}`,
  );
}
