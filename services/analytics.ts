/**
 * Analytics with consent (SPEC §2, §7; issue 3). Nothing is loaded and nothing leaves the browser
 * until the visitor has consented: GA4 needs `NEXT_PUBLIC_GA_ID` and analytics consent, the Meta
 * pixel needs `NEXT_PUBLIC_FB_PIXEL_ID` and marketing consent. The consent controller in `_app`
 * feeds the visitor's answer in through `setAnalyticsConsent`.
 */

export interface AnalyticsEvent {
  action: string;
  category: string;
  label?: string;
  value?: number;
}

export type AuthMethod = 'email' | 'google' | 'facebook';

/** SPEC §3: marketing events may carry these (the pixel hashes them before sending). */
export interface MarketingUserData {
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
}

export interface ConsentFlags {
  analytics: boolean;
  marketing: boolean;
}

export interface AnalyticsConfig {
  gaId?: string;
  pixelId?: string;
}

type Gtag = (...args: unknown[]) => void;
interface Fbq {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
    fbq?: Fbq;
    _fbq?: Fbq;
    [key: `ga-disable-${string}`]: boolean | undefined;
  }
}

export const GA_SCRIPT_URL = 'https://www.googletagmanager.com/gtag/js';
export const PIXEL_SCRIPT_URL = 'https://connect.facebook.net/en_US/fbevents.js';

/** The ids are inlined at build time by Next (NEXT_PUBLIC_*); an empty value means "not configured". */
export function analyticsConfig(): AnalyticsConfig {
  return {
    gaId: process.env.NEXT_PUBLIC_GA_ID || undefined,
    pixelId: process.env.NEXT_PUBLIC_FB_PIXEL_ID || undefined,
  };
}

let consent: ConsentFlags = { analytics: false, marketing: false };
let gaLoaded = false;
let pixelLoaded = false;
let lastPageUrl: string | null = null;
let userData: MarketingUserData | undefined;

function appendScript(src: string): void {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.analytics = 'true';
  document.head.appendChild(script);
}

function gaActive(): boolean {
  return consent.analytics && gaLoaded && typeof window !== 'undefined' && typeof window.gtag === 'function';
}

/**
 * Meta's pixel reads the page's full address itself (its `dl` parameter) and offers no way to send a
 * shorter one: on an address with a query string or fragment (an unsubscribe token, search words)
 * it sends nothing at all (issue 23 item 9). GA gets the path only, see `pagePathOnly`.
 */
function addressIsPlain(): boolean {
  return window.location.search === '' && window.location.hash === '';
}

function pixelActive(): boolean {
  return (
    consent.marketing &&
    pixelLoaded &&
    typeof window !== 'undefined' &&
    typeof window.fbq === 'function' &&
    addressIsPlain()
  );
}

function sendGaPageView(url: string): void {
  window.gtag!('event', 'page_view', {
    page_path: url,
    page_location: `${window.location.origin}${url}`,
    page_title: document.title,
  });
}

function loadGa(gaId: string): void {
  window[`ga-disable-${gaId}`] = false;
  if (gaLoaded) return;
  gaLoaded = true;
  window.dataLayer = window.dataLayer ?? [];
  window.gtag = function gtag() {
    // gtag.js expects the `arguments` object itself, not an array.
    // eslint-disable-next-line prefer-rest-params -- the documented gtag snippet pushes `arguments`
    window.dataLayer!.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by us on every route change, not by gtag's automatic one.
  window.gtag('config', gaId, { send_page_view: false, anonymize_ip: true });
  appendScript(`${GA_SCRIPT_URL}?id=${encodeURIComponent(gaId)}`);
}

function pixelMatchData(data: MarketingUserData | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (data?.email) out.em = data.email.trim().toLowerCase();
  if (data?.phone) out.ph = data.phone.replace(/[^0-9]/g, '');
  if (data?.firstName) out.fn = data.firstName.trim().toLowerCase();
  if (data?.lastName) out.ln = data.lastName.trim().toLowerCase();
  return out;
}

function loadPixel(pixelId: string): void {
  if (pixelLoaded) {
    window.fbq?.('consent', 'grant');
    return;
  }
  pixelLoaded = true;
  // Meta's documented stub: queue calls until fbevents.js has loaded.
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq = window._fbq ?? fbq;
  fbq('consent', 'grant');
  fbq('init', pixelId, pixelMatchData(userData));
  appendScript(PIXEL_SCRIPT_URL);
}

/**
 * Apply the visitor's consent: load what is configured and consented (once), stop sending what is
 * withdrawn. A script already loaded cannot be unloaded; it is switched off instead.
 */
export function setAnalyticsConsent(next: ConsentFlags): void {
  if (typeof window === 'undefined') return;
  const { gaId, pixelId } = analyticsConfig();
  const wasGa = gaActive();
  const wasPixel = pixelActive();
  consent = { analytics: Boolean(next.analytics), marketing: Boolean(next.marketing) };

  if (gaId) {
    if (consent.analytics) loadGa(gaId);
    else if (gaLoaded) window[`ga-disable-${gaId}`] = true;
  }
  if (pixelId) {
    if (consent.marketing) loadPixel(pixelId);
    else if (pixelLoaded) window.fbq?.('consent', 'revoke');
  }
  // The page the visitor is on when they consent counts as viewed.
  if (lastPageUrl && !wasGa && gaActive()) sendGaPageView(lastPageUrl);
  if (lastPageUrl && !wasPixel && pixelActive()) window.fbq!('track', 'PageView');
}

/**
 * The path of a URL without its query string and fragment: page views never carry unsubscribe
 * tokens, checkout session ids or search words (issue 23 item 9).
 */
export function pagePathOnly(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** A page view: called on the first page and on every route change (SPEC §2); the path only. */
export function pageView(url: string): void {
  lastPageUrl = pagePathOnly(url);
  if (gaActive()) sendGaPageView(lastPageUrl);
  if (pixelActive()) window.fbq!('track', 'PageView');
}

/** A plain analytics event (SPEC §7: action, category, label, value); analytics consent only. */
export function trackEvent({ action, category, label, value }: AnalyticsEvent): void {
  if (!gaActive()) return;
  const params: Record<string, unknown> = { event_category: category };
  if (label !== undefined) params.event_label = label;
  if (value !== undefined) params.value = value;
  window.gtag!('event', action, params);
}

/** Remember who the visitor is for the pixel's advanced matching (marketing consent only). */
export function setMarketingUserData(data: MarketingUserData | undefined): void {
  userData = data;
  const { pixelId } = analyticsConfig();
  if (pixelId && data && pixelActive()) window.fbq!('init', pixelId, pixelMatchData(data));
}

/** Tracking events (SPEC §7): to GA only with analytics consent, to the pixel only with marketing consent. */
function trackConversion(
  ga: { name: string; params: Record<string, unknown> },
  pixel: { name: string; custom?: boolean; params: Record<string, unknown> },
  user?: MarketingUserData,
): void {
  if (gaActive()) window.gtag!('event', ga.name, ga.params);
  if (pixelActive()) {
    if (user) setMarketingUserData(user);
    window.fbq!(pixel.custom ? 'trackCustom' : 'track', pixel.name, pixel.params);
  }
}

export function trackLogin(method: AuthMethod, user?: MarketingUserData): void {
  trackConversion(
    { name: 'login', params: { method } },
    { name: 'Login', custom: true, params: { method } },
    user,
  );
}

export function trackSignUp(method: AuthMethod, user?: MarketingUserData): void {
  trackConversion(
    { name: 'sign_up', params: { method } },
    { name: 'CompleteRegistration', params: { content_name: method, status: true } },
    user,
  );
}

export interface CommerceItem {
  id: string;
  name: string;
  category?: string;
  price?: number;
  quantity?: number;
}

export function trackViewContent(item: CommerceItem, currency?: string): void {
  trackConversion(
    { name: 'view_item', params: { currency, value: item.price, items: [toGaItem(item)] } },
    {
      name: 'ViewContent',
      params: {
        content_ids: [item.id],
        content_name: item.name,
        content_category: item.category,
        content_type: 'product',
        currency,
        value: item.price,
      },
    },
  );
}

export function trackAddToCart(item: CommerceItem, currency: string): void {
  const value = (item.price ?? 0) * (item.quantity ?? 1);
  trackConversion(
    { name: 'add_to_cart', params: { currency, value, items: [toGaItem(item)] } },
    {
      name: 'AddToCart',
      params: { content_ids: [item.id], content_name: item.name, content_type: 'product', currency, value },
    },
  );
}

export function trackPurchase(
  purchase: { transactionId: string; value: number; currency: string; items: CommerceItem[] },
  user?: MarketingUserData,
): void {
  trackConversion(
    {
      name: 'purchase',
      params: {
        transaction_id: purchase.transactionId,
        value: purchase.value,
        currency: purchase.currency,
        items: purchase.items.map(toGaItem),
      },
    },
    {
      name: 'Purchase',
      params: {
        value: purchase.value,
        currency: purchase.currency,
        content_ids: purchase.items.map((i) => i.id),
        content_type: 'product',
      },
    },
    user,
  );
}

function toGaItem(item: CommerceItem): Record<string, unknown> {
  return {
    item_id: item.id,
    item_name: item.name,
    item_category: item.category,
    price: item.price,
    quantity: item.quantity ?? 1,
  };
}

/** Forget everything (tests, and a full sign-out of tracking state). */
export function resetAnalytics(): void {
  consent = { analytics: false, marketing: false };
  gaLoaded = false;
  pixelLoaded = false;
  lastPageUrl = null;
  userData = undefined;
}
