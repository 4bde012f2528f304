/**
 * The browser's only way to the Firebase Auth emulator (issue 40): the client SDK is pointed at
 * the app's own origin (`connectAuthEmulator(auth, location.origin)`), so it calls
 * `/identitytoolkit.googleapis.com/…` and `/securetoken.googleapis.com/…` on the app, which
 * next.config.js rewrites to the route `/api/auth-emulator/[...path]`, which forwards here.
 *
 * The emulator itself answers any web page (it reflects any Origin in CORS) and serves admin
 * endpoints without credentials (`accounts:batchGet` lists every account with its password hash,
 * which holds the plaintext; `/emulator/v1/…` lists pending verification links and the config).
 * This proxy forwards only what the sign-in flow of this app uses, and only for the app's own
 * pages:
 * - apiHandler has already refused non-loopback peers, proxy headers and foreign Host headers
 *   (server/http/emulatorTrust);
 * - the request's Origin (required on POST) must be the app's own origin (`http://<Host>`), and
 *   `Sec-Fetch-Site`, when the browser sends it, must be `same-origin`;
 * - the method and path must be in FORWARDED_ENDPOINTS; everything else is 404 (batchGet, query,
 *   batchCreate/Delete, `v1/projects/…` admin paths, `/emulator/…`, the project config);
 * - only the request headers the SDK needs are forwarded (no cookies), and the answer carries no
 *   CORS header, so another origin's script cannot read it even if a request got through.
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors';

/** The SDK's calls this app's sign-in flow makes, as `METHOD service/version/endpoint`. */
export const FORWARDED_ENDPOINTS: ReadonlySet<string> = new Set([
  // E-mail and password: register, sign in, verify, reset, change, delete.
  'POST identitytoolkit.googleapis.com/v1/accounts:signUp',
  'POST identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
  'POST identitytoolkit.googleapis.com/v1/accounts:lookup',
  'POST identitytoolkit.googleapis.com/v1/accounts:update',
  'POST identitytoolkit.googleapis.com/v1/accounts:delete',
  'POST identitytoolkit.googleapis.com/v1/accounts:sendOobCode',
  'POST identitytoolkit.googleapis.com/v1/accounts:resetPassword',
  'POST identitytoolkit.googleapis.com/v1/accounts:createAuthUri',
  // Google / Facebook with the emulator's unsigned test identity (signInWithCredential).
  'POST identitytoolkit.googleapis.com/v1/accounts:signInWithIdp',
  // Multi-factor enrolment and sign-in.
  'POST identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:start',
  'POST identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:finalize',
  'POST identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:withdraw',
  'POST identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:start',
  'POST identitytoolkit.googleapis.com/v2/accounts/mfaSignIn:finalize',
  // The password policy the SDK checks a new password against.
  'GET identitytoolkit.googleapis.com/v2/passwordPolicy',
  // Refreshing the ID token.
  'POST securetoken.googleapis.com/v1/token',
]);

/** Request headers passed on to the emulator (the SDK's own); cookies, Origin and the rest stay. */
const FORWARDED_HEADERS = [
  'content-type',
  'x-client-version',
  'x-firebase-gmpid',
  'x-firebase-client',
  'x-firebase-locale',
];

/** Largest request body forwarded (the SDK's bodies are a few hundred bytes). */
export const PROXY_BODY_LIMIT = 16 * 1024;

/** `service/version/endpoint` from the route's catch-all segments, or undefined when malformed. */
export function endpointOf(segments: readonly string[]): string | undefined {
  if (segments.length < 3 || segments.length > 4) return undefined;
  if (!segments.every((s) => /^[A-Za-z0-9._:-]{1,64}$/.test(s) && s !== '.' && s !== '..')) return undefined;
  return segments.join('/');
}

function header(req: Pick<IncomingMessage, 'headers'>, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The refusal for a browser request to the emulator proxy, or undefined when it may be forwarded:
 * 403 ORIGIN_REFUSED for another origin (or a POST without Origin), 404 for an endpoint that is
 * not forwarded.
 */
export function proxyRefusal(
  req: Pick<IncomingMessage, 'headers' | 'method'>,
  segments: readonly string[],
): HttpError | undefined {
  const method = (req.method ?? 'GET').toUpperCase();
  const host = header(req, 'host');
  const origin = header(req, 'origin');
  const fetchSite = header(req, 'sec-fetch-site');
  const own = host ? [`http://${host.toLowerCase()}`, `https://${host.toLowerCase()}`] : [];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') {
    return new HttpError(403, 'ORIGIN_REFUSED', 'Only the app’s own pages may call the sign-in service');
  }
  if (origin === undefined ? method !== 'GET' : !own.includes(origin.toLowerCase())) {
    return new HttpError(403, 'ORIGIN_REFUSED', 'Only the app’s own pages may call the sign-in service');
  }
  const endpoint = endpointOf(segments);
  if (!endpoint || !FORWARDED_ENDPOINTS.has(`${method} ${endpoint}`)) {
    return new HttpError(404, 'NOT_FOUND', 'No such sign-in endpoint');
  }
  return undefined;
}

/** The emulator URL for a forwarded request (`query` is the request's own query string). */
export function upstreamUrl(emulatorHost: string, segments: readonly string[], query: string): string {
  return `http://${emulatorHost}/${segments.join('/')}${query ? `?${query}` : ''}`;
}

/** The request headers to send upstream. */
export function forwardedHeaders(req: Pick<IncomingMessage, 'headers'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = header(req, name);
    if (value !== undefined) out[name] = value;
  }
  return out;
}
