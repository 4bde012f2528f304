// Next.js configuration: pages router, nb/en routing, security headers on every response.
const { i18n } = require('./next-i18next.config.js');
const { PHASE_DEVELOPMENT_SERVER } = require('next/constants');
// TypeScript sources loaded at config time, so the CSP hashes the very string _document renders.
const { require: tsRequire } = require('tsx/cjs/api');
const { securityHeaders: dynamicSecurityHeaders } = tsRequire('./server/http/securityHeaders.ts', __filename);
const { APPEARANCE_SCRIPT } = tsRequire('./components/settings/appearance.ts', __filename);

const securityHeaders = [
  { key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains; preload' },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  i18n,
  // `npm run typecheck` (tsc --noEmit over the whole tree, tests included) is the type gate in CI;
  // the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // Native/WASM and Node-only packages load from node_modules at run time instead of being bundled.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'firebase-admin'],
  // ISR pages (the blog, issue 12: revalidate 60 s) are answered `s-maxage=60` without a year-long
  // `stale-while-revalidate`: browsers would otherwise revalidate prefetched page data in the
  // background (a request that never reports done to a test's "network idle"), and readers see an
  // article change within the minute anyway. Keep equal to BLOG_REVALIDATE_SECONDS.
  expireTime: 60,
  // Separate build directories let the e2e run and a dev server coexist with `npm start`.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  // Bootstrap 5.3's Sass still uses @import and global functions: keep the build log readable.
  sassOptions: {
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
  },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

// Content-Security-Policy, Permissions-Policy and COOP depend on the phase (eval only in `next dev`)
// and on the configured services (NEXT_PUBLIC_*, STRIPE_SECRET_KEY): server/http/securityHeaders.
module.exports = (phase) => {
  const headers = [
    ...securityHeaders,
    ...dynamicSecurityHeaders({
      dev: phase === PHASE_DEVELOPMENT_SERVER,
      inlineScripts: [APPEARANCE_SCRIPT],
      env: process.env,
    }),
  ];
  return {
    ...nextConfig,
    headers: async () => [{ source: '/:path*', headers }],
    // The Firebase Auth SDK in emulator mode calls `<emulator origin>/<service host>/…`; the browser
    // is pointed at the app's own origin and these reach the checked proxy route (issue 40,
    // server/http/authEmulatorProxy), never the emulator's port. (A rewrite here, not in proxy.ts:
    // a middleware rewrite reaches the route with x-forwarded-host, which emulator mode refuses.)
    rewrites: async () => [
      {
        source: '/identitytoolkit.googleapis.com/:path*',
        destination: '/api/auth-emulator/identitytoolkit.googleapis.com/:path*',
      },
      {
        source: '/securetoken.googleapis.com/:path*',
        destination: '/api/auth-emulator/securetoken.googleapis.com/:path*',
      },
    ],
  };
};
