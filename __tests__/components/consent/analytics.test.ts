import {
  GA_SCRIPT_URL,
  PIXEL_SCRIPT_URL,
  pageView,
  resetAnalytics,
  setAnalyticsConsent,
  trackAddToCart,
  trackEvent,
  trackLogin,
  trackPurchase,
  trackSignUp,
  trackViewContent,
} from '@/services/analytics';

// The consent rules (SPEC §7, issue 3): nothing loads or is sent before consent; GA4 needs its id
// and analytics consent, the Meta pixel its id and marketing consent.

const scripts = () => Array.from(document.head.querySelectorAll('script')).map((s) => s.src);
const gaCalls = () => (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
const fbqCalls = () => (window.fbq?.queue ?? []) as unknown[][];
const gaEvents = (name: string) => gaCalls().filter((c) => c[0] === 'event' && c[1] === name);
const fbqEvents = (name: string) =>
  fbqCalls().filter((c) => (c[0] === 'track' || c[0] === 'trackCustom') && c[1] === name);

function configure(ids: { ga?: string; pixel?: string }) {
  process.env.NEXT_PUBLIC_GA_ID = ids.ga ?? '';
  process.env.NEXT_PUBLIC_FB_PIXEL_ID = ids.pixel ?? '';
}

beforeEach(() => {
  resetAnalytics();
  document.head.innerHTML = '';
  delete window.dataLayer;
  delete window.gtag;
  delete window.fbq;
  delete window._fbq;
  configure({ ga: 'G-TEST123', pixel: '123456789' });
});

afterAll(() => configure({}));

describe('before consent', () => {
  it('loads nothing and sends nothing', () => {
    pageView('/public/stocks');
    trackEvent({ action: 'click', category: 'cta' });
    trackLogin('email');
    trackSignUp('google');
    trackPurchase({ transactionId: 't1', value: 99, currency: 'NOK', items: [] });
    expect(scripts()).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(window.fbq).toBeUndefined();
  });

  it('refusing everything loads nothing either', () => {
    setAnalyticsConsent({ analytics: false, marketing: false });
    pageView('/');
    expect(scripts()).toEqual([]);
  });
});

describe('analytics consent only', () => {
  beforeEach(() => setAnalyticsConsent({ analytics: true, marketing: false }));

  it('loads GA4 with its id, not the pixel', () => {
    expect(scripts()).toEqual([`${GA_SCRIPT_URL}?id=G-TEST123`]);
    expect(window.fbq).toBeUndefined();
    expect(gaCalls()).toContainEqual(['config', 'G-TEST123', { send_page_view: false, anonymize_ip: true }]);
  });

  it('sends a page view per route change', () => {
    pageView('/public/stocks');
    pageView('/en/blog');
    expect(gaEvents('page_view').map((c) => (c[2] as { page_path: string }).page_path)).toEqual([
      '/public/stocks',
      '/en/blog',
    ]);
  });

  it('sends page views without the query string or fragment (issue 23 item 9)', () => {
    pageView('/settings/notifications?unsubscribe=dWlk.c2ln#top');
    pageView('/products?checkout=success&session_id=cs_demo_abcdefgh12');
    const sent = gaEvents('page_view').map((c) => c[2] as { page_path: string; page_location: string });
    expect(sent.map((p) => p.page_path)).toEqual(['/settings/notifications', '/products']);
    expect(JSON.stringify(sent)).not.toMatch(/unsubscribe=|session_id|cs_demo/);
  });

  it('sends events with action, category, label and value', () => {
    trackEvent({ action: 'switch_market', category: 'navigation', label: '226', value: 1 });
    trackEvent({ action: 'open_settings', category: 'ui' });
    expect(gaEvents('switch_market')).toEqual([
      ['event', 'switch_market', { event_category: 'navigation', event_label: '226', value: 1 }],
    ]);
    expect(gaEvents('open_settings')).toEqual([['event', 'open_settings', { event_category: 'ui' }]]);
  });

  it('sends the tracking events to analytics only', () => {
    trackLogin('email', { email: 'kari@trendvakt.test' });
    trackSignUp('google');
    trackViewContent({ id: 'investor', name: 'Trendvakt subscription', price: 99 }, 'NOK');
    trackAddToCart({ id: 'investor', name: 'Trendvakt subscription', price: 99 }, 'NOK');
    trackPurchase({
      transactionId: 'cs_1',
      value: 99,
      currency: 'NOK',
      items: [{ id: 'investor', name: 'Trendvakt subscription', price: 99 }],
    });
    expect(gaEvents('login')).toEqual([['event', 'login', { method: 'email' }]]);
    expect(gaEvents('sign_up')).toEqual([['event', 'sign_up', { method: 'google' }]]);
    expect(gaEvents('view_item')).toHaveLength(1);
    expect(gaEvents('add_to_cart')).toHaveLength(1);
    expect(gaEvents('purchase')[0][2]).toMatchObject({ transaction_id: 'cs_1', value: 99, currency: 'NOK' });
    expect(window.fbq).toBeUndefined();
  });
});

describe('marketing consent only', () => {
  beforeEach(() => setAnalyticsConsent({ analytics: false, marketing: true }));

  it('loads the pixel, not GA4', () => {
    expect(scripts()).toEqual([PIXEL_SCRIPT_URL]);
    expect(window.gtag).toBeUndefined();
    expect(fbqCalls()).toContainEqual(['init', '123456789', {}]);
  });

  it('sends the tracking events to the pixel only, with user data for matching', () => {
    trackSignUp('email', {
      email: ' Kari@Trendvakt.test ',
      firstName: 'Kari',
      lastName: 'Nordmann',
      phone: '+47 912 34 567',
    });
    trackLogin('facebook');
    trackPurchase({
      transactionId: 'cs_1',
      value: 99,
      currency: 'NOK',
      items: [{ id: 'investor', name: 'Sub' }],
    });
    trackEvent({ action: 'plain', category: 'x' });
    expect(fbqEvents('CompleteRegistration')).toHaveLength(1);
    expect(fbqEvents('Login')).toEqual([['trackCustom', 'Login', { method: 'facebook' }]]);
    expect(fbqEvents('Purchase')[0][2]).toMatchObject({ value: 99, currency: 'NOK' });
    expect(fbqCalls()).toContainEqual([
      'init',
      '123456789',
      { em: 'kari@trendvakt.test', fn: 'kari', ln: 'nordmann', ph: '4791234567' },
    ]);
    expect(window.dataLayer).toBeUndefined();
  });

  it('sends the pixel nothing on an address with a query or fragment (it would report the full address)', () => {
    window.history.pushState({}, '', '/settings/notifications?unsubscribe=dWlk.c2ln');
    try {
      pageView('/settings/notifications?unsubscribe=dWlk.c2ln');
      trackLogin('google');
      window.history.pushState({}, '', '/help#tax');
      pageView('/help#tax');
      expect(fbqEvents('PageView')).toEqual([]);
      expect(fbqEvents('Login')).toEqual([]);
      expect(JSON.stringify(fbqCalls())).not.toMatch(/unsubscribe|dWlk/);
    } finally {
      window.history.pushState({}, '', '/');
    }
    pageView('/help');
    expect(fbqEvents('PageView')).toHaveLength(1);
  });

  it('plain analytics events never go to the pixel', () => {
    trackEvent({ action: 'plain', category: 'x' });
    expect(fbqEvents('plain')).toEqual([]);
  });
});

describe('both consents', () => {
  it('sends tracking events to both', () => {
    setAnalyticsConsent({ analytics: true, marketing: true });
    trackLogin('google');
    expect(gaEvents('login')).toHaveLength(1);
    expect(fbqEvents('Login')).toHaveLength(1);
  });

  it('counts the page the visitor consents on as viewed, once', () => {
    pageView('/public/products');
    setAnalyticsConsent({ analytics: true, marketing: true });
    setAnalyticsConsent({ analytics: true, marketing: true });
    expect(gaEvents('page_view')).toHaveLength(1);
    expect(fbqEvents('PageView')).toHaveLength(1);
  });
});

describe('not configured', () => {
  it('loads nothing without ids, whatever the consent', () => {
    configure({});
    setAnalyticsConsent({ analytics: true, marketing: true });
    pageView('/');
    trackLogin('email');
    expect(scripts()).toEqual([]);
    expect(window.gtag).toBeUndefined();
    expect(window.fbq).toBeUndefined();
  });

  it('loads only what has an id', () => {
    configure({ pixel: '42' });
    setAnalyticsConsent({ analytics: true, marketing: true });
    expect(scripts()).toEqual([PIXEL_SCRIPT_URL]);
  });
});

describe('withdrawing consent', () => {
  it('stops sending and switches the loaded scripts off', () => {
    setAnalyticsConsent({ analytics: true, marketing: true });
    setAnalyticsConsent({ analytics: false, marketing: false });
    const before = gaCalls().length;
    pageView('/home');
    trackLogin('email');
    trackEvent({ action: 'a', category: 'b' });
    expect(gaCalls()).toHaveLength(before);
    expect(window['ga-disable-G-TEST123']).toBe(true);
    expect(fbqCalls()).toContainEqual(['consent', 'revoke']);
    expect(fbqEvents('Login')).toEqual([]);
  });

  it('giving it again resumes without loading the scripts twice', () => {
    setAnalyticsConsent({ analytics: true, marketing: true });
    setAnalyticsConsent({ analytics: false, marketing: false });
    setAnalyticsConsent({ analytics: true, marketing: true });
    expect(scripts()).toHaveLength(2);
    expect(window['ga-disable-G-TEST123']).toBe(false);
    trackLogin('email');
    expect(gaEvents('login')).toHaveLength(1);
  });
});
