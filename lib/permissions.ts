/**
 * Who may see what in the signed-in area (SPEC §6), as pure functions shared by the sidebar, the
 * top menu and the layouts' gate. The server checks the same rules on every API call; this file
 * only decides what the interface shows.
 */
import { ADMIN_GROUP_ID, SUBSCRIPTION_ACTIVE } from '@/lib/constants';
import type { UserDto } from '@/lib/types/user';

/** What a route or menu item needs: a signed-in user, an active subscription, or the admin group. */
export type Access = 'signedIn' | 'subscription' | 'admin';

export interface Role {
  signedIn: boolean;
  /** SPEC §4: only the status 'active' unlocks the full menu. */
  subscriptionActive: boolean;
  /** group_id 1 (DESIGN.md §3). */
  adminGroup: boolean;
}

export const VISITOR: Role = { signedIn: false, subscriptionActive: false, adminGroup: false };

export function roleOf(
  signedIn: boolean,
  user: Pick<UserDto, 'subscription_status' | 'group_id'> | null,
): Role {
  if (!signedIn) return VISITOR;
  return {
    signedIn: true,
    subscriptionActive: user?.subscription_status === SUBSCRIPTION_ACTIVE,
    adminGroup: user?.group_id === ADMIN_GROUP_ID,
  };
}

/**
 * SPEC §6: without an active subscription only the public items (Home, Products, Help, About us);
 * an active subscriber sees everything but Admin; an active subscriber in group 1 sees everything.
 */
export function canAccess(role: Role, access: Access): boolean {
  if (!role.signedIn) return false;
  switch (access) {
    case 'signedIn':
      return true;
    case 'subscription':
      return role.subscriptionActive;
    case 'admin':
      return role.subscriptionActive && role.adminGroup;
  }
}

export type MenuIcon =
  | 'home'
  | 'market'
  | 'signals'
  | 'investments'
  | 'notifications'
  | 'products'
  | 'blog'
  | 'help'
  | 'about'
  | 'admin';

export interface MenuLink {
  /** Key in the `nav` namespace (`menu.<key>`). */
  key: string;
  href: string;
  access: Access;
}

export interface MenuEntry {
  key: string;
  icon: MenuIcon;
  /** A plain link … */
  href?: string;
  access?: Access;
  /** … or a collapsible group of links. */
  children?: MenuLink[];
}

/** SPEC §2's signed-in menu, in order, with SPEC §6's access per item. */
export const SIDEBAR_MENU: readonly MenuEntry[] = [
  { key: 'home', icon: 'home', href: '/home', access: 'signedIn' },
  {
    key: 'market',
    icon: 'market',
    children: [
      { key: 'stocks', href: '/market/tickers', access: 'subscription' },
      { key: 'indexes', href: '/market/indexes', access: 'subscription' },
    ],
  },
  { key: 'signals', icon: 'signals', href: '/signals', access: 'subscription' },
  {
    key: 'investments',
    icon: 'investments',
    children: [
      { key: 'portfolio', href: '/portfolio', access: 'subscription' },
      { key: 'watchlist', href: '/watchlist', access: 'subscription' },
    ],
  },
  { key: 'notifications', icon: 'notifications', href: '/notifications', access: 'subscription' },
  { key: 'products', icon: 'products', href: '/products', access: 'signedIn' },
  { key: 'blog', icon: 'blog', href: '/articles/list', access: 'subscription' },
  {
    key: 'help',
    icon: 'help',
    children: [
      { key: 'gettingStarted', href: '/help/getting-started', access: 'signedIn' },
      { key: 'aboutAnalysis', href: '/help/about-analysis', access: 'signedIn' },
      { key: 'stockInGeneral', href: '/help/stock-in-general', access: 'signedIn' },
      { key: 'technicalAnalysis', href: '/help/technical-analysis', access: 'signedIn' },
      // Issue 42: the chart patterns, how they are found and measured.
      { key: 'chartPatterns', href: '/help/chart-patterns', access: 'signedIn' },
      { key: 'tools', href: '/help/tools', access: 'signedIn' },
      { key: 'aboutOurAnalysis', href: '/help/about-our-analysis', access: 'signedIn' },
    ],
  },
  { key: 'aboutUs', icon: 'about', href: '/help/about-us', access: 'signedIn' },
  {
    key: 'admin',
    icon: 'admin',
    children: [
      { key: 'articleCreator', href: '/admin/articleCreator', access: 'admin' },
      { key: 'articleList', href: '/admin/articleList?view=list', access: 'admin' },
      { key: 'operations', href: '/admin/operations', access: 'admin' },
    ],
  },
];

/** The menu as this role sees it: items it may not open are left out, empty groups too. */
export function visibleMenu(role: Role, menu: readonly MenuEntry[] = SIDEBAR_MENU): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const entry of menu) {
    if (entry.children) {
      const children = entry.children.filter((c) => canAccess(role, c.access));
      if (children.length) out.push({ ...entry, children });
    } else if (entry.access && canAccess(role, entry.access)) {
      out.push(entry);
    }
  }
  return out;
}

/** Path without query or hash: `/admin/articleList?view=list` -> `/admin/articleList`. */
export function pathOf(href: string): string {
  return href.split(/[?#]/)[0];
}

/** Every signed-in route of the menu with the access it needs (the pages declare the same). */
export function routeAccessTable(menu: readonly MenuEntry[] = SIDEBAR_MENU): Record<string, Access> {
  const table: Record<string, Access> = {};
  for (const entry of menu) {
    if (entry.href && entry.access) table[pathOf(entry.href)] = entry.access;
    for (const child of entry.children ?? []) table[pathOf(child.href)] = child.access;
  }
  return table;
}

export type AuthStatusLike = 'loading' | 'signedIn' | 'signedOut';
export type UserStatusLike = 'idle' | 'loading' | 'ready' | 'missing' | 'error';

/** What a signed-in layout shows. */
export type GateState =
  'loading' | 'redirectToLogin' | 'allowed' | 'needsSubscription' | 'adminOnly' | 'userError';

/**
 * The layout's decision for a route needing `access` (SPEC §4, §6): a loader while the sign-in
 * provider or the backend user is loading, the login page for a signed-out visitor, the page when
 * the role allows it, otherwise a panel that says why.
 */
export function resolveGate(
  auth: {
    status: AuthStatusLike;
    userStatus: UserStatusLike;
    user: Pick<UserDto, 'subscription_status' | 'group_id'> | null;
  },
  access: Access,
): GateState {
  if (auth.status === 'loading') return 'loading';
  if (auth.status === 'signedOut') return 'redirectToLogin';
  // The menu depends on the backend user: wait for it on every signed-in page.
  if (auth.userStatus === 'idle' || auth.userStatus === 'loading') return 'loading';
  if (access === 'signedIn') return 'allowed';
  if (auth.userStatus === 'error') return 'userError';
  // 'missing' (no backend user yet) counts as a user without a subscription.
  const role = roleOf(true, auth.userStatus === 'ready' ? auth.user : null);
  if (canAccess(role, access)) return 'allowed';
  if (access === 'admin' && role.subscriptionActive) return 'adminOnly';
  return 'needsSubscription';
}

/** `/authentication/login?returnUrl=…` for a visitor who opened a signed-in page. */
export function loginUrlFor(returnPath: string): string {
  const safe = safeReturnUrl(returnPath) ?? '/home';
  return `/authentication/login?returnUrl=${encodeURIComponent(safe)}`;
}

/** The origin return URLs are resolved against outside a browser (SSR, tests): never a real host. */
export const PLACEHOLDER_ORIGIN = 'http://trendvakt.invalid';

function currentOrigin(): string {
  return typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null'
    ? window.location.origin
    : PLACEHOLDER_ORIGIN;
}

// C0 controls, DEL, C1 controls, and the Unicode line/paragraph separators: the URL parser strips
// tab and newline anywhere and control characters at the ends, so a value that looked like a path
// when it was checked can become `//evil.example` after parsing (`/\t/evil.example`).
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\\]/;

/**
 * A return URL is followed only when it stays on this site (an open redirect otherwise): the value
 * is resolved with the URL parser against the app's own origin (`origin`, by default the page's),
 * accepted only when the result has that same origin, and only its path, query and hash are used.
 * Control characters and backslashes are refused outright, and so is a result whose path starts
 * with `//` (a router would read it as another host). Returns undefined when the value is not safe.
 */
export function safeReturnUrl(value: unknown, origin: string = currentOrigin()): string | undefined {
  if (typeof value !== 'string' || value === '' || UNSAFE_CHARACTERS.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(origin).origin) return undefined;
  if (url.username || url.password) return undefined;
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return undefined;
  return `${url.pathname}${url.search}${url.hash}`;
}
