/**
 * @jest-environment node
 */
import { NextRequest } from 'next/server';
import { config, proxy } from '../../proxy';

// proxy.ts: the first visit to `/` follows the NEXT_LOCALE cookie, else Accept-Language (SPEC §3).
const nextConfig = { i18n: { locales: ['nb', 'en'], defaultLocale: 'nb' } };

function request(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers, method, nextConfig });
}

const locationOf = (res: Response) => res.headers.get('location');

describe('proxy.ts', () => {
  it('runs on the front page only', () => {
    expect(config.matcher).toEqual(['/']);
  });

  it('sends an English browser from / to /en, keeping the query', () => {
    const res = proxy(request('/?ref=mail', { 'accept-language': 'en-GB,en;q=0.9' }));
    expect(res.status).toBe(307);
    expect(locationOf(res)).toBe('http://localhost:3000/en?ref=mail');
    expect(res.headers.get('vary')).toContain('Accept-Language');
  });

  it.each(['nb-NO', 'nn-NO', 'no', 'nn', 'sv-SE,da;q=0.8', ''])('keeps %j on /', (acceptLanguage) => {
    const res = proxy(request('/', { 'accept-language': acceptLanguage }));
    expect(locationOf(res)).toBeNull();
  });

  it('the NEXT_LOCALE cookie wins over the browser', () => {
    expect(
      locationOf(proxy(request('/', { 'accept-language': 'en-US', cookie: 'NEXT_LOCALE=nb' }))),
    ).toBeNull();
    expect(locationOf(proxy(request('/', { 'accept-language': 'nb-NO', cookie: 'NEXT_LOCALE=en' })))).toBe(
      'http://localhost:3000/en',
    );
  });

  it('leaves /en, client-side data requests and other methods alone', () => {
    expect(locationOf(proxy(request('/en', { 'accept-language': 'nb' })))).toBeNull();
    expect(locationOf(proxy(request('/', { 'accept-language': 'en', 'x-nextjs-data': '1' })))).toBeNull();
    expect(locationOf(proxy(request('/', { 'accept-language': 'en' }, 'HEAD')))).toBeNull();
  });
});
