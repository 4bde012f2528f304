/**
 * Emulator trust inside the server (issue 23 item 3). In emulator mode (FIREBASE_AUTH_EMULATOR_HOST
 * set, only ever for a demo- project: server/auth/firebaseMode) firebase-admin accepts unsigned
 * tokens, so anyone who reaches the API can be any account, the demo admin included. Listening on
 * loopback (`npm start`) is not enough — `next start` or HOST=0.0.0.0 would serve the network, and a
 * web page could reach the loopback server by DNS rebinding — so every API request is checked
 * here, whatever HOST says:
 * - the socket's peer must be a loopback address (127.0.0.0/8, ::1, ::ffff:127.x);
 * - the Host header must name the app itself: localhost, 127.0.0.1, [::1] or APP_BASE_URL's host;
 * - no proxy header (Forwarded, X-Forwarded-*, X-Real-IP): a reverse proxy on this machine makes
 *   every client look like loopback (issue 40), so a proxied request is refused.
 * With a real Firebase project nothing is checked here (tokens are signed).
 */
import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors';

/** True when `address` (as Node reports a socket's peer) is a loopback address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** The host names (without port) this app answers to in emulator mode. */
export function ownHostNames(env: Partial<Record<string, string | undefined>> = process.env): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '[::1]']);
  const base = env.APP_BASE_URL?.trim();
  if (base) {
    try {
      names.add(new URL(base).hostname.toLowerCase());
    } catch {
      // An invalid APP_BASE_URL adds nothing.
    }
  }
  return names;
}

/** The host name of a Host header without its port ("localhost:3000" → "localhost", "[::1]:80" → "[::1]"). */
export function hostNameOf(header: string | undefined): string | undefined {
  if (!header || header.length > 255) return undefined;
  const m = /^(\[[0-9a-fA-F:.]{2,45}\]|[A-Za-z0-9.-]{1,253})(?::\d{1,5})?$/.exec(header.trim());
  return m?.[1].toLowerCase();
}

/** Is this process in emulator mode (unsigned tokens accepted)? */
export function emulatorMode(env: Partial<Record<string, string | undefined>> = process.env): boolean {
  return Boolean(env.FIREBASE_AUTH_EMULATOR_HOST?.trim());
}

/**
 * The refusal for `req` in emulator mode, or undefined when it may proceed: 403 with a message that
 * says why (a remote client, or a foreign Host header).
 */
export function emulatorRefusal(
  req: Pick<IncomingMessage, 'headers' | 'socket'> & { rawHeaders?: string[] },
  env: Partial<Record<string, string | undefined>> = process.env,
): HttpError | undefined {
  if (!emulatorMode(env)) return undefined;
  const peer = req.socket?.remoteAddress;
  if (!isLoopbackAddress(peer)) {
    return new HttpError(
      403,
      'EMULATOR_LOOPBACK_ONLY',
      'This server runs with the Firebase Auth emulator (demo accounts, unsigned sign-in) and only ' +
        'answers clients on this machine (loopback). Configure a real Firebase project to serve the network.',
    );
  }
  // The headers as the client sent them: Next itself fills in x-forwarded-host/-port/-proto/-for
  // on req.headers (base-server), never on rawHeaders.
  const sent = Array.isArray(req.rawHeaders)
    ? req.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase())
    : Object.keys(req.headers);
  const proxied = sent.find(
    (name) => name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-'),
  );
  if (proxied) {
    return new HttpError(
      403,
      'EMULATOR_PROXIED',
      `The request came through a proxy (${proxied} header). This server runs with the Firebase Auth ` +
        'emulator (unsigned sign-in) and is never served through a proxy. Configure a real Firebase ' +
        'project to serve the network.',
    );
  }
  const host = hostNameOf(req.headers.host);
  if (!host || !ownHostNames(env).has(host)) {
    return new HttpError(
      403,
      'EMULATOR_FOREIGN_HOST',
      `The Host header "${String(req.headers.host ?? '').slice(0, 100)}" is not this app's own ` +
        '(localhost, 127.0.0.1 or the host of APP_BASE_URL). In emulator mode other host names are ' +
        'refused, so a web page cannot reach the demo accounts by DNS rebinding.',
    );
  }
  return undefined;
}
