/** @jest-environment node */
// The CSP, Permissions-Policy and COOP built from the configuration, next.config.js using them with
// the hash of the no-flash script, and the post-build step that hashes Next's inline scripts.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPEARANCE_SCRIPT } from '@/components/settings/appearance';
import {
  contentSecurityPolicy,
  permissionsPolicy,
  scriptHash,
  securityHeaders,
} from '@/server/http/securityHeaders';
import { addInlineScriptHashes, inlineScripts } from '@/scripts/lib/cspHashes';

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );

const EMULATOR_ENV = {
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'demo-trendvakt',
  NEXT_PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
};
const REAL_ENV = {
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'trendvakt-prod',
  NEXT_PUBLIC_FIREBASE_AUTH_DOMAIN: 'auth.trendvakt.no',
};

describe('scriptHash', () => {
  it('is sha256 of the UTF-8 source in base64 (values from openssl dgst -sha256 -binary | base64)', () => {
    expect(scriptHash('alert(1)')).toBe("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
    expect(scriptHash('console.log("x")')).toBe("'sha256-UhmjnsS5y53J5R2rogJZ1Nssebi34s+ck3+meO17Kik='");
  });
});

describe('contentSecurityPolicy', () => {
  it('emulator mode: our hashed scripts, nothing but self for auth (the proxy route), and the fixed hardening directives', () => {
    const d = directives(
      contentSecurityPolicy({ dev: false, inlineScripts: ['alert(1)'], env: EMULATOR_ENV }),
    );
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['script-src']).toEqual(["'self'", "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='"]);
    // Issue 40: the SDK calls the app's own origin; the emulator's port is in no directive.
    expect(d['connect-src']).toEqual(["'self'"]);
    expect(d['frame-src']).toEqual(["'none'"]);
    expect(d['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'self'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['form-action']).toEqual(["'self'"]);
  });

  it('real project: identity toolkit, secure token and the auth domain; no emulator', () => {
    const d = directives(contentSecurityPolicy({ dev: false, inlineScripts: [], env: REAL_ENV }));
    // Google's script host by the SDK's paths only (gapi's api.js and its static scripts).
    expect(d['script-src']).toEqual([
      "'self'",
      'https://apis.google.com/js/',
      'https://apis.google.com/_/scs/',
    ]);
    expect(d['connect-src']).toEqual([
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
    ]);
    expect(d['frame-src']).toEqual(['https://auth.trendvakt.no']);
    const byProject = directives(
      contentSecurityPolicy({
        dev: false,
        inlineScripts: [],
        env: { NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'p1' },
      }),
    );
    expect(byProject['frame-src']).toEqual(['https://p1.firebaseapp.com']);
  });

  it('adds analytics, Stripe and API origins only when they are configured', () => {
    const d = directives(
      contentSecurityPolicy({
        dev: false,
        inlineScripts: [],
        env: {
          ...REAL_ENV,
          NEXT_PUBLIC_GA_ID: 'G-TEST',
          NEXT_PUBLIC_FB_PIXEL_ID: '123',
          STRIPE_SECRET_KEY: 'sk_test_x',
          NEXT_PUBLIC_API_BASE_URL: 'https://api.trendvakt.no/base',
          NEXT_PUBLIC_TOKEN_SYNC_URL: 'https://sync.example.com/token',
        },
      }),
    );
    expect(d['script-src']).toEqual(
      expect.arrayContaining(['https://www.googletagmanager.com', 'https://connect.facebook.net']),
    );
    expect(d['connect-src']).toEqual(
      expect.arrayContaining([
        'https://*.google-analytics.com',
        'https://www.facebook.com',
        'https://api.trendvakt.no',
        'https://sync.example.com',
      ]),
    );
    expect(d['img-src']).toEqual(
      expect.arrayContaining(['https://*.google-analytics.com', 'https://www.facebook.com']),
    );
    expect(d['form-action']).toEqual(["'self'", 'https://checkout.stripe.com', 'https://billing.stripe.com']);
    const none = contentSecurityPolicy({ dev: false, inlineScripts: [], env: REAL_ENV });
    expect(none).not.toMatch(/googletagmanager|facebook|stripe/);
  });

  it('never allows inline or eval scripts in production; eval only in next dev', () => {
    for (const env of [EMULATOR_ENV, REAL_ENV]) {
      const prod = directives(contentSecurityPolicy({ dev: false, inlineScripts: ['x'], env }));
      expect(prod['script-src'].join(' ')).not.toMatch(/unsafe-inline|unsafe-eval/);
    }
    // next dev: eval for React Refresh and inline for its changing HMR bootstrap (hashes dropped,
    // since browsers ignore 'unsafe-inline' beside a hash).
    const dev = directives(
      contentSecurityPolicy({ dev: true, inlineScripts: ['alert(1)'], env: EMULATOR_ENV }),
    );
    expect(dev['script-src']).toEqual(["'self'", "'unsafe-inline'", "'unsafe-eval'"]);
  });
});

describe('Permissions-Policy and COOP', () => {
  it('denies camera, microphone and geolocation; payment only for Stripe when configured', () => {
    expect(permissionsPolicy({})).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\),/);
    expect(permissionsPolicy({ STRIPE_SECRET_KEY: 'sk' })).toContain(
      'payment=("https://checkout.stripe.com")',
    );
    const headers = securityHeaders({ dev: false, inlineScripts: [], env: EMULATOR_ENV });
    expect(headers.find((h) => h.key === 'Cross-Origin-Opener-Policy')?.value).toBe(
      'same-origin-allow-popups',
    );
  });
});

describe('next.config.js', () => {
  /** The config's headers for a phase, evaluated by Node itself (as Next loads it). */
  function configHeaders(phase: string): { source: string; headers: { key: string; value: string }[] }[] {
    const script = `require('./next.config.js')(${JSON.stringify(phase)}).headers().then((h) => process.stdout.write(JSON.stringify(h)))`;
    const result = spawnSync(process.execPath, ['-e', script], {
      cwd: process.cwd(),
      env: { PATH: process.env.PATH, ...EMULATOR_ENV } as unknown as NodeJS.ProcessEnv,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(result.stderr);
    return JSON.parse(result.stdout);
  }

  it('rewrites the SDK’s emulator calls on the app’s origin to the checked proxy route', () => {
    const { getPathMatch } = jest.requireActual<{
      getPathMatch: (source: string) => (path: string) => false | Record<string, string[]>;
    }>('next/dist/shared/lib/router/utils/path-match');
    const script = `require('./next.config.js')('phase-production-server').rewrites().then((r) => process.stdout.write(JSON.stringify(r)))`;
    const result = spawnSync(process.execPath, ['-e', script], { cwd: process.cwd(), encoding: 'utf8' });
    if (result.status !== 0) throw new Error(result.stderr);
    const rewrites = JSON.parse(result.stdout) as { source: string; destination: string }[];
    const target = (path: string) => {
      for (const rule of rewrites) {
        const params = getPathMatch(rule.source)(path);
        if (params) return rule.destination.replace(':path*', params.path.join('/'));
      }
      return null;
    };
    expect(target('/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword')).toBe(
      '/api/auth-emulator/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
    );
    expect(target('/securetoken.googleapis.com/v1/token')).toBe(
      '/api/auth-emulator/securetoken.googleapis.com/v1/token',
    );
    expect(target('/emulator/v1/projects/demo-trendvakt/config')).toBeNull();
  });

  it('sends the same narrowed CSP on every kind of route (pages, public pages, API, the auth proxy)', () => {
    // Next matches a header rule's source with its own path matcher.
    const { getPathMatch } = jest.requireActual<{
      getPathMatch: (source: string) => (path: string) => false | object;
    }>('next/dist/shared/lib/router/utils/path-match');
    const rules = configHeaders('phase-production-server');
    for (const route of [
      '/',
      '/en',
      '/market/analysis',
      '/public/stocks/EQNR',
      '/api/health',
      '/api/v1/price-alerts',
      '/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword',
      '/_next/static/chunks/main.js',
    ]) {
      const csp = rules
        .filter((rule) => getPathMatch(rule.source)(route))
        .flatMap((rule) => rule.headers)
        .filter((h) => h.key === 'Content-Security-Policy');
      expect([route, csp.length]).toEqual([route, 1]);
      const d = directives(csp[0].value);
      expect([route, d['connect-src'], d['frame-src']]).toEqual([route, ["'self'"], ["'none'"]]);
      expect(d['script-src'].join(' ')).not.toMatch(/unsafe|apis\.google\.com|9099/);
    }
  });

  it('sends the CSP with the hash of the no-flash script _document renders, on every path', () => {
    const [rule] = configHeaders('phase-production-server');
    expect(rule.source).toBe('/:path*');
    const csp = rule.headers.find((h) => h.key === 'Content-Security-Policy')!.value;
    const expected = crypto.createHash('sha256').update(APPEARANCE_SCRIPT, 'utf8').digest('base64');
    expect(csp).toContain(`'sha256-${expected}'`);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).not.toContain('9099');
    expect(csp).not.toContain('unsafe-eval');
    expect(rule.headers.map((h) => h.key)).toEqual(
      expect.arrayContaining(['Permissions-Policy', 'Cross-Origin-Opener-Policy', 'X-Frame-Options']),
    );
    const [devRule] = configHeaders('phase-development-server');
    expect(devRule.headers.find((h) => h.key === 'Content-Security-Policy')!.value).toContain(
      "'unsafe-eval'",
    );
  });
});

describe('post-build inline script hashes (scripts/lib/cspHashes)', () => {
  it('finds executable inline scripts only', () => {
    const html =
      '<script id="a">one()</script><script src="/x.js"></script><script id="__NEXT_DATA__" type="application/json">{"a":1}</script>' +
      '<script>two()</script><script type="module">three()</script>';
    expect(inlineScripts(html)).toEqual(['one()', 'two()', 'three()']);
  });

  it('adds the hashes of Turbopack bootstraps and prerendered inline scripts to every CSP header', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tv-csp-'));
    try {
      fs.mkdirSync(path.join(dist, 'server', 'pages'), { recursive: true });
      fs.writeFileSync(
        path.join(dist, 'build-manifest.json'),
        JSON.stringify({
          chunkLoadingGlobal: 'TURBOPACK',
          pagesChunkGroupBootstrapParams: { '/_app': { otherChunks: ['a.js'], runtimeModuleIds: [1] } },
        }),
      );
      fs.writeFileSync(path.join(dist, 'server', 'pages', 'x.html'), '<script>alert(1)</script>');
      fs.writeFileSync(
        path.join(dist, 'routes-manifest.json'),
        JSON.stringify({
          headers: [
            {
              source: '/:path*',
              headers: [{ key: 'Content-Security-Policy', value: "default-src 'self'; script-src 'self'" }],
            },
          ],
        }),
      );
      const result = addInlineScriptHashes(dist);
      // The /_app bootstrap, written out by hand as Next renders it: the push appears twice
      // ('/_app' and the page '/_app' itself), both the same statement.
      const bootstrap =
        '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["a.js"],"runtimeModuleIds":[1]});\n' +
        '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["a.js"],"runtimeModuleIds":[1]});';
      const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'routes-manifest.json'), 'utf8'));
      const csp = manifest.headers[0].headers[0].value as string;
      expect(csp).toContain("'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
      expect(csp).toContain(`'sha256-${crypto.createHash('sha256').update(bootstrap).digest('base64')}'`);
      expect(result).toEqual({ hashes: 2, pages: 1 });
      // Running it again adds nothing twice.
      addInlineScriptHashes(dist);
      const again = JSON.parse(fs.readFileSync(path.join(dist, 'routes-manifest.json'), 'utf8'));
      expect(again.headers[0].headers[0].value).toBe(csp);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
