import { apiHandler, type RouteHandler } from '@/server/http/apiHandler';
import {
  PROXY_BODY_LIMIT,
  forwardedHeaders,
  proxyRefusal,
  upstreamUrl,
} from '@/server/http/authEmulatorProxy';
import { HttpError } from '@/server/http/errors';

export const config = { api: { bodyParser: false } };

/**
 * /identitytoolkit.googleapis.com/… and /securetoken.googleapis.com/… (rewritten here by
 * next.config.js): the browser's sign-in calls, forwarded to the Auth emulator in emulator mode
 * only, for the app's own pages only, and only the endpoints the sign-in flow uses
 * (server/http/authEmulatorProxy). With a real Firebase project the SDK calls Google and this is 404.
 */
const forward: RouteHandler = async (req, res) => {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (!emulatorHost) throw new HttpError(404, 'NOT_FOUND', 'No such sign-in endpoint');
  const raw = req.query.path;
  const segments = Array.isArray(raw) ? raw : raw ? [raw] : [];
  const refusal = proxyRefusal(req, segments);
  if (refusal) throw refusal;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(req.query)) {
    if (name === 'path') continue;
    for (const v of Array.isArray(value) ? value : [value ?? '']) query.append(name, v);
  }
  const method = (req.method ?? 'GET').toUpperCase();
  let upstream: Response;
  try {
    upstream = await fetch(upstreamUrl(emulatorHost, segments, query.toString()), {
      method,
      headers: forwardedHeaders(req),
      body: method === 'POST' ? new Uint8Array(req.rawBody) : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    throw new HttpError(
      502,
      'AUTH_EMULATOR_UNREACHABLE',
      'The sign-in service (Auth emulator) did not answer',
    );
  }
  // The emulator's own answer (the SDK reads its error codes), without its CORS headers.
  const body = Buffer.from(await upstream.arrayBuffer());
  res.status(upstream.status);
  res.setHeader('Content-Type', upstream.headers.get('content-type') ?? 'application/json');
  res.end(body);
};

export default apiHandler(
  { GET: forward, POST: forward },
  {
    rawBody: true,
    bodyLimit: PROXY_BODY_LIMIT,
    csrfExempt:
      'Firebase Auth SDK calls (it cannot add our header): the route checks Origin and Sec-Fetch-Site instead',
  },
);
