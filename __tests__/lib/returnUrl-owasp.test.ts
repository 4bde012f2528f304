/** @jest-environment node */
// Open-redirect variants (e2e/redirectVariants.ts, also driven through Chromium by e2e/security: OWASP Unvalidated Redirects and Forwards cheat sheet and the usual
// bypass lists: protocol-relative, backslashes, schemes, userinfo, encoded and whitespace forms)
// against lib/permissions' safeReturnUrl and the login pages' wrapper. Expected values are worked
// out by hand from the WHATWG URL rules: anything that leaves ORIGIN must give undefined (/home).
import { safeReturnUrl } from '@/lib/permissions';
import { safeReturnUrl as loginReturnUrl, HOME_PATH } from '@/components/auth/returnUrl';
import { OPEN_REDIRECT_VARIANTS } from '@/e2e/redirectVariants';

const ORIGIN = 'http://127.0.0.1:3000';

const REFUSED = OPEN_REDIRECT_VARIANTS;

const ACCEPTED: [string, string, string][] = [
  ['a path', '/home', '/home'],
  [
    'path, query and hash',
    '/market/analysis?tickerID=3&timeframe=2#chart',
    '/market/analysis?tickerID=3&timeframe=2#chart',
  ],
  ['our own absolute URL: only path and query kept', 'http://127.0.0.1:3000/portfolio?x=1', '/portfolio?x=1'],
  ['same scheme without slashes is a path', 'http:evil.example', '/evil.example'],
  ['a bare word is a path', 'evil.example', '/evil.example'],
  ['still-encoded %09 stays encoded in the path', '/%09/evil.example', '/%09/evil.example'],
  ['encoded slashes stay encoded', '/%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ['dot segments are resolved', '/a/../portfolio', '/portfolio'],
  ['unicode is percent-encoded', '/søk?q=lerøy', '/s%C3%B8k?q=ler%C3%B8y'],
  ['IDN-looking path', '/〱evil.example', '/%E3%80%B1evil.example'],
  ['trailing space is trimmed by the parser', '/home ', '/home'],
];

describe('safeReturnUrl (lib/permissions): OWASP open-redirect variants', () => {
  it.each(REFUSED)('refuses %s', (_name, value) => {
    expect(safeReturnUrl(value, ORIGIN)).toBeUndefined();
  });

  it.each(ACCEPTED)('accepts %s', (_name, value, expected) => {
    expect(safeReturnUrl(value, ORIGIN)).toBe(expected);
  });

  it('refuses values that are not strings', () => {
    for (const value of [undefined, null, 42, ['/home'], { href: '/home' }]) {
      expect(safeReturnUrl(value, ORIGIN)).toBeUndefined();
    }
  });

  it('never returns anything a browser would resolve to another origin', () => {
    for (const [, value] of [...REFUSED, ...ACCEPTED.map(([n, v]) => [n, v] as [string, string])]) {
      const result = safeReturnUrl(value, ORIGIN);
      if (result !== undefined) expect(new URL(result, ORIGIN).origin).toBe(ORIGIN);
    }
  });
});

describe('the login pages’ return URL (components/auth/returnUrl)', () => {
  it.each(REFUSED)('sends %s to /home', (_name, value) => {
    expect(loginReturnUrl(value)).toBe(HOME_PATH);
  });

  it('keeps a safe path, uses the first of repeated values and never returns to an auth page', () => {
    expect(loginReturnUrl('/watchlist?sort=name')).toBe('/watchlist?sort=name');
    expect(loginReturnUrl(['/portfolio', '//evil.example'])).toBe('/portfolio');
    expect(loginReturnUrl('/authentication/login')).toBe(HOME_PATH);
    expect(loginReturnUrl('/./authentication/register?x=1')).toBe(HOME_PATH);
  });
});
