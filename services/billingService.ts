import type {
  DemoActionResult,
  DemoCheckoutSessionDto,
  PlanId,
  PlansResponse,
  RedirectDto,
  SubscriptionDto,
  SubscriptionResponse,
} from '@/lib/types/billing';
import type { PublicStockPage, PublicTopSignals } from '@/lib/types/publicStocks';
import { http } from './api';

export type BillingLocale = 'nb' | 'en';

/** The billing API (issue 11) and the public stocks list. */
export const billingService = {
  async plans(): Promise<PlansResponse> {
    return (await http.get<PlansResponse>('/billing/plans')).data;
  },
  async checkout(plan: PlanId, locale: BillingLocale): Promise<RedirectDto> {
    return (await http.post<RedirectDto>('/billing/checkout', { plan, locale })).data;
  },
  async portal(locale: BillingLocale): Promise<RedirectDto> {
    return (await http.post<RedirectDto>('/billing/portal', { locale })).data;
  },
  /** The caller's subscription, null when there is none. */
  async subscription(): Promise<SubscriptionDto | null> {
    return (await http.get<SubscriptionResponse>('/billing/subscription')).data.subscription;
  },
  async demoSession(sessionId: string): Promise<DemoCheckoutSessionDto> {
    return (await http.get<DemoCheckoutSessionDto>(`/billing/demo/checkout/${encodeURIComponent(sessionId)}`))
      .data;
  },
  async demoPay(sessionId: string): Promise<DemoActionResult> {
    return (await http.post<DemoActionResult>('/billing/demo/pay', { session_id: sessionId })).data;
  },
  async demoDecline(sessionId: string): Promise<DemoActionResult> {
    return (await http.post<DemoActionResult>('/billing/demo/decline', { session_id: sessionId })).data;
  },
  async demoCancel(when: 'period_end' | 'now'): Promise<DemoActionResult> {
    return (await http.post<DemoActionResult>('/billing/demo/cancel', { when })).data;
  },
  async publicTopSignals(): Promise<PublicTopSignals> {
    return (await http.get<PublicTopSignals>('/public/top-signals')).data;
  },
  /** GET /public/stocks/{symbol}: a stock's public page data (no token needed). */
  async publicStock(symbol: string): Promise<PublicStockPage> {
    return (await http.get<PublicStockPage>(`/public/stocks/${encodeURIComponent(symbol)}`)).data;
  },
  /** GET /public/stocks/by-id/{id}: the symbol of a share, for its public page (no token needed). */
  async publicStockSymbol(tickerId: number): Promise<string> {
    return (await http.get<{ symbol: string }>(`/public/stocks/by-id/${tickerId}`)).data.symbol;
  },
};
