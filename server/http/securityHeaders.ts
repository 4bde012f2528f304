/**
 * The security headers of every response (next.config.js): Content-Security-Policy,
 * Permissions-Policy and Cross-Origin-Opener-Policy, built from the configuration the browser
 * bundle is built with (NEXT_PUBLIC_*), so the policy allows exactly the hosts the app talks to.
 *
 * The pages are prerendered, so a per-request nonce would need dynamic rendering of every page;
 * instead our own inline scripts are allowed by the sha256 of their source, computed here from the
 * same string _document renders. Next's `__NEXT_DATA__` is `application/json` (data, not executed)
 * and needs nothing. In production script-src has neither `'unsafe-inline'` nor `'unsafe-eval'`;
 * `next dev` alone allows both (React Refresh evaluates code; the HMR bootstrap is inline and
 * changes with every rebuild).
 */
import crypto from 'node:crypto';

/** The CSP source of an inline script: `'sha256-<base64 of the UTF-8 bytes>'`. */
export function scriptHash(source: string): string {
  return `'sha256-${crypto.createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

export interface SecurityHeaderOptions {
  /** `next dev`: allows eval for React Refresh. */
  dev: boolean;
  /** Sources of the inline <script>s our pages render (hashed). */
  inlineScripts: readonly string[];
  env: Partial<Record<string, string | undefined>>;
}

/** Where the Firebase Auth emulator is, as an origin (`http://127.0.0.1:9099`), or undefined. */
function emulatorOrigin(host: string | undefined): string | undefined {
  if (!host?.trim()) return undefined;
  const url = /^[a-z][a-z0-9+.-]*:\/\//i.test(host) ? host : `http://${host}`;
  return new URL(url).origin;
}

function originOf(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * What each configured service needs (sources are only added when the service is configured):
 * - Firebase Auth, real project: REST calls to identitytoolkit and securetoken; the popup/redirect
 *   helper iframe on the auth domain, which the SDK drives through Google's gapi loader
 *   (https://apis.google.com/js/api.js only). Emulator: nothing beyond 'self' (the SDK is pointed at
 *   the app's origin and its proxy route).
 * - Google Analytics 4 (NEXT_PUBLIC_GA_ID): gtag.js from www.googletagmanager.com, hits to the
 *   (regional) google-analytics.com collectors, Google's documented CSP list.
 * - Meta pixel (NEXT_PUBLIC_FB_PIXEL_ID): fbevents.js from connect.facebook.net, hits to
 *   www.facebook.com (image and fetch).
 * - Stripe (STRIPE_SECRET_KEY): the browser is only sent to Stripe's hosted pages, a top-level
 *   navigation CSP does not govern; form-action lists Checkout and the billing portal in case a
 *   form posts there (Chrome checks form-action on the redirect after a form post too).
 * - NEXT_PUBLIC_API_BASE_URL and NEXT_PUBLIC_TOKEN_SYNC_URL: their origins in connect-src.
 */
export function contentSecurityPolicy(opts: SecurityHeaderOptions): string {
  const { env } = opts;
  const script = new Set(["'self'", ...opts.inlineScripts.map(scriptHash)]);
  const connect = new Set(["'self'"]);
  // Articles may show images from any https address (their Markdown allows https images only).
  const img = new Set(["'self'", 'data:', 'blob:', 'https:']);
  const frame = new Set<string>();
  const form = new Set(["'self'"]);

  const emulator = emulatorOrigin(env.NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST);
  if (emulator) {
    // Emulator mode: the SDK calls the app's own origin (the checked proxy route, issue 40); no
    // popup or redirect helper runs (social sign-in uses the emulator's test identity), so neither
    // the emulator's origin nor Google's script loader is allowed.
  } else {
    // The popup/redirect helper's loader, by path, not the whole host: the SDK loads
    // https://apis.google.com/js/api.js (its `gapiScript`), and gapi loads its iframe library
    // from Google's static-script path /_/scs/.
    script.add('https://apis.google.com/js/');
    script.add('https://apis.google.com/_/scs/');
    connect.add('https://identitytoolkit.googleapis.com');
    connect.add('https://securetoken.googleapis.com');
    const projectId = env.NEXT_PUBLIC_FIREBASE_PROJECT_ID;
    const authDomain =
      env.NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN || (projectId ? `${projectId}.firebaseapp.com` : '');
    if (authDomain) frame.add(`https://${authDomain.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`);
  }

  if (env.NEXT_PUBLIC_GA_ID) {
    script.add('https://www.googletagmanager.com');
    for (const host of [
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://*.googletagmanager.com',
    ])
      connect.add(host);
    img.add('https://*.google-analytics.com');
    img.add('https://*.googletagmanager.com');
  }
  if (env.NEXT_PUBLIC_FB_PIXEL_ID) {
    script.add('https://connect.facebook.net');
    connect.add('https://www.facebook.com');
    connect.add('https://connect.facebook.net');
    img.add('https://www.facebook.com');
  }
  if (env.STRIPE_SECRET_KEY) {
    form.add('https://checkout.stripe.com');
    form.add('https://billing.stripe.com');
  }
  for (const url of [env.NEXT_PUBLIC_API_BASE_URL, env.NEXT_PUBLIC_TOKEN_SYNC_URL]) {
    const origin = originOf(url);
    if (origin) connect.add(origin);
  }
  if (opts.dev) {
    // `next dev` only: React Refresh evaluates code, and Next renders an inline HMR bootstrap
    // (`var __nextHmrInitialVersion=…`) whose text changes with every rebuild. Browsers ignore
    // 'unsafe-inline' next to hashes, so dev drops the hashes instead. Production has neither.
    for (const source of [...script]) if (source.startsWith("'sha256-")) script.delete(source);
    script.add("'unsafe-inline'");
    script.add("'unsafe-eval'");
    // Hot reload's websocket on the same host.
    connect.add('ws:');
    connect.add('wss:');
  }

  const directives: [string, Iterable<string>][] = [
    ['default-src', ["'self'"]],
    ['script-src', script],
    // React and Bootstrap set style attributes; styles cannot run code.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', img],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', connect],
    ['frame-src', frame.size > 0 ? frame : ["'none'"]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', form],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${[...values].join(' ')}`).join('; ');
}

/**
 * Permissions-Policy: no camera, microphone, geolocation and the like for anyone; payment only for
 * Stripe's origin when Stripe is configured (we never ask for it ourselves).
 */
export function permissionsPolicy(env: Partial<Record<string, string | undefined>>): string {
  const payment = env.STRIPE_SECRET_KEY ? '("https://checkout.stripe.com")' : '()';
  return [
    'camera=()',
    'microphone=()',
    'geolocation=()',
    `payment=${payment}`,
    'usb=()',
    'serial=()',
    'hid=()',
    'midi=()',
    'magnetometer=()',
    'gyroscope=()',
    'accelerometer=()',
    'display-capture=()',
    'browsing-topics=()',
  ].join(', ');
}

/** The headers next.config.js adds to every response, besides its static ones. */
export function securityHeaders(opts: SecurityHeaderOptions): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(opts) },
    { key: 'Permissions-Policy', value: permissionsPolicy(opts.env) },
    // Popups for Google/Facebook sign-in keep their opener; nothing else shares our window.
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin-allow-popups' },
  ];
}
