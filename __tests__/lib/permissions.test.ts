import {
  canAccess,
  loginUrlFor,
  resolveGate,
  roleOf,
  routeAccessTable,
  safeReturnUrl,
  SIDEBAR_MENU,
  visibleMenu,
  VISITOR,
  type Access,
  type Role,
} from '@/lib/permissions';

const newcomer = roleOf(true, { subscription_status: 'none', group_id: 2 });
const lapsed = roleOf(true, { subscription_status: 'past_due', group_id: 2 });
const investor = roleOf(true, { subscription_status: 'active', group_id: 2 });
const admin = roleOf(true, { subscription_status: 'active', group_id: 1 });
const adminWithoutSubscription = roleOf(true, { subscription_status: 'canceled', group_id: 1 });

function keysOf(role: Role): string[] {
  return visibleMenu(role).flatMap((e) =>
    e.children ? [e.key, ...e.children.map((c) => `${e.key}/${c.key}`)] : [e.key],
  );
}

describe('SPEC §6 gating table', () => {
  it.each<[string, Role, Access, boolean]>([
    ['visitor', VISITOR, 'signedIn', false],
    ['visitor', VISITOR, 'subscription', false],
    ['visitor', VISITOR, 'admin', false],
    ['newcomer (no subscription)', newcomer, 'signedIn', true],
    ['newcomer (no subscription)', newcomer, 'subscription', false],
    ['newcomer (no subscription)', newcomer, 'admin', false],
    ['lapsed subscription', lapsed, 'subscription', false],
    ['active subscriber', investor, 'signedIn', true],
    ['active subscriber', investor, 'subscription', true],
    ['active subscriber', investor, 'admin', false],
    ['active admin (group 1)', admin, 'signedIn', true],
    ['active admin (group 1)', admin, 'subscription', true],
    ['active admin (group 1)', admin, 'admin', true],
    ['admin without an active subscription', adminWithoutSubscription, 'subscription', false],
    ['admin without an active subscription', adminWithoutSubscription, 'admin', false],
  ])('%s: %s -> %s', (_name, role, access, expected) => {
    expect(canAccess(role, access)).toBe(expected);
  });

  it('only the status "active" counts as a subscription', () => {
    for (const status of ['', 'trialing', 'past_due', 'canceled', 'Active', 'none']) {
      expect(roleOf(true, { subscription_status: status, group_id: 2 }).subscriptionActive).toBe(false);
    }
  });

  it('a user without a subscription sees Home, Products, Help and About us only', () => {
    expect(keysOf(newcomer)).toEqual([
      'home',
      'products',
      'help',
      'help/gettingStarted',
      'help/aboutAnalysis',
      'help/stockInGeneral',
      'help/technicalAnalysis',
      'help/chartPatterns',
      'help/tools',
      'help/aboutOurAnalysis',
      'aboutUs',
    ]);
  });

  it('an active subscriber sees every section but Admin', () => {
    const keys = visibleMenu(investor).map((e) => e.key);
    expect(keys).toEqual([
      'home',
      'market',
      'signals',
      'investments',
      'notifications',
      'products',
      'blog',
      'help',
      'aboutUs',
    ]);
  });

  it('an active admin sees everything, Admin included', () => {
    expect(visibleMenu(admin).map((e) => e.key)).toEqual(SIDEBAR_MENU.map((e) => e.key));
    expect(keysOf(admin)).toContain('admin/articleCreator');
    expect(keysOf(admin)).toContain('admin/articleList');
    expect(keysOf(admin)).toContain('admin/operations');
  });

  it('a visitor sees nothing of the signed-in menu', () => {
    expect(visibleMenu(VISITOR)).toEqual([]);
  });

  it('lists every signed-in route of SPEC §2 with its access', () => {
    expect(routeAccessTable()).toEqual({
      '/home': 'signedIn',
      '/market/tickers': 'subscription',
      '/market/indexes': 'subscription',
      '/signals': 'subscription',
      '/portfolio': 'subscription',
      '/watchlist': 'subscription',
      '/notifications': 'subscription',
      '/products': 'signedIn',
      '/articles/list': 'subscription',
      '/help/getting-started': 'signedIn',
      '/help/about-analysis': 'signedIn',
      '/help/stock-in-general': 'signedIn',
      '/help/technical-analysis': 'signedIn',
      '/help/chart-patterns': 'signedIn',
      '/help/tools': 'signedIn',
      '/help/about-our-analysis': 'signedIn',
      '/help/about-us': 'signedIn',
      '/admin/articleCreator': 'admin',
      '/admin/articleList': 'admin',
      '/admin/operations': 'admin',
    });
  });
});

describe('resolveGate (the signed-in layouts)', () => {
  const ready = (user: { subscription_status: string; group_id: number }) =>
    ({ status: 'signedIn', userStatus: 'ready', user }) as const;

  it('shows a loader while the sign-in provider has not answered', () => {
    expect(resolveGate({ status: 'loading', userStatus: 'idle', user: null }, 'signedIn')).toBe('loading');
  });

  it('shows a loader while the backend user loads', () => {
    expect(resolveGate({ status: 'signedIn', userStatus: 'loading', user: null }, 'subscription')).toBe(
      'loading',
    );
    expect(resolveGate({ status: 'signedIn', userStatus: 'idle', user: null }, 'signedIn')).toBe('loading');
  });

  it('sends a signed-out visitor to the login page', () => {
    for (const access of ['signedIn', 'subscription', 'admin'] as const) {
      expect(resolveGate({ status: 'signedOut', userStatus: 'idle', user: null }, access)).toBe(
        'redirectToLogin',
      );
    }
  });

  it.each<[string, { subscription_status: string; group_id: number }, Access, string]>([
    ['newcomer on Home', { subscription_status: 'none', group_id: 2 }, 'signedIn', 'allowed'],
    [
      'newcomer on a market page',
      { subscription_status: 'none', group_id: 2 },
      'subscription',
      'needsSubscription',
    ],
    ['newcomer on an admin page', { subscription_status: 'none', group_id: 2 }, 'admin', 'needsSubscription'],
    ['investor on a market page', { subscription_status: 'active', group_id: 2 }, 'subscription', 'allowed'],
    ['investor on an admin page', { subscription_status: 'active', group_id: 2 }, 'admin', 'adminOnly'],
    ['admin on an admin page', { subscription_status: 'active', group_id: 1 }, 'admin', 'allowed'],
  ])('%s -> %s', (_name, user, access, expected) => {
    expect(resolveGate(ready(user), access)).toBe(expected);
  });

  it('treats a missing backend user as one without a subscription', () => {
    expect(resolveGate({ status: 'signedIn', userStatus: 'missing', user: null }, 'subscription')).toBe(
      'needsSubscription',
    );
    expect(resolveGate({ status: 'signedIn', userStatus: 'missing', user: null }, 'signedIn')).toBe(
      'allowed',
    );
  });

  it('offers a retry when the backend user could not be fetched', () => {
    expect(resolveGate({ status: 'signedIn', userStatus: 'error', user: null }, 'subscription')).toBe(
      'userError',
    );
  });
});

describe('return URLs', () => {
  it('builds the login URL with the page as return URL', () => {
    expect(loginUrlFor('/market/analysis?tickerID=3&timeframe=2')).toBe(
      '/authentication/login?returnUrl=%2Fmarket%2Fanalysis%3FtickerID%3D3%26timeframe%3D2',
    );
  });

  it('never returns to another site', () => {
    expect(safeReturnUrl('/home')).toBe('/home');
    expect(safeReturnUrl('//evil.example')).toBeUndefined();
    expect(safeReturnUrl('/\\evil.example')).toBeUndefined();
    expect(safeReturnUrl('https://evil.example')).toBeUndefined();
    expect(safeReturnUrl(undefined)).toBeUndefined();
    expect(loginUrlFor('//evil.example')).toBe('/authentication/login?returnUrl=%2Fhome');
  });
});
