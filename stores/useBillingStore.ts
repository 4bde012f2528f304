/**
 * Subscriptions (issue 11): the plans, the caller's subscription, checkout and portal redirects,
 * and the demo provider's checkout and portal actions. The public stocks list lives here too: it
 * is the way in to a subscription.
 */
import { create } from 'zustand';
import type {
  DemoActionResult,
  DemoCheckoutSessionDto,
  PlanId,
  PlansResponse,
  SubscriptionDto,
} from '@/lib/types/billing';
import type { PublicTopSignals } from '@/lib/types/publicStocks';
import { billingService, type BillingLocale } from '@/services/billingService';
import {
  errorResource,
  idleResource,
  loadingResource,
  successResource,
  type Resource,
} from './asyncResource';
import { registerUserStoreReset } from './userStoreResets';

interface BillingState {
  plans: Resource<PlansResponse>;
  /** `data` null with status success: the caller has no subscription (404). */
  subscription: Resource<SubscriptionDto | null>;
  publicSignals: Resource<PublicTopSignals>;
  fetchPlans(): Promise<void>;
  fetchSubscription(): Promise<void>;
  fetchPublicSignals(): Promise<void>;
  /** Where the browser goes to pay (Stripe Checkout or the demo checkout page). */
  checkoutUrl(plan: PlanId, locale: BillingLocale): Promise<string>;
  portalUrl(locale: BillingLocale): Promise<string>;
  demoSession(sessionId: string): Promise<DemoCheckoutSessionDto>;
  demoPay(sessionId: string): Promise<DemoActionResult>;
  demoDecline(sessionId: string): Promise<DemoActionResult>;
  demoCancel(when: 'period_end' | 'now'): Promise<DemoActionResult>;
  reset(): void;
}

const initialState = {
  plans: idleResource<PlansResponse>(),
  subscription: idleResource<SubscriptionDto | null>(),
  publicSignals: idleResource<PublicTopSignals>(),
};

export const useBillingStore = create<BillingState>()((set, get) => ({
  ...initialState,

  async fetchPlans() {
    set({ plans: loadingResource(get().plans) });
    try {
      set({ plans: successResource(await billingService.plans()) });
    } catch (err) {
      console.error('Fetching the plans failed:', err);
      set({ plans: errorResource(get().plans, err) });
    }
  },

  async fetchSubscription() {
    set({ subscription: loadingResource(get().subscription) });
    try {
      set({ subscription: successResource<SubscriptionDto | null>(await billingService.subscription()) });
    } catch (err) {
      console.error('Fetching the subscription failed:', err);
      set({ subscription: errorResource(get().subscription, err) });
    }
  },

  async fetchPublicSignals() {
    set({ publicSignals: loadingResource(get().publicSignals) });
    try {
      set({ publicSignals: successResource(await billingService.publicTopSignals()) });
    } catch (err) {
      console.error('Fetching the public signals failed:', err);
      set({ publicSignals: errorResource(get().publicSignals, err) });
    }
  },

  async checkoutUrl(plan, locale) {
    return (await billingService.checkout(plan, locale)).url;
  },

  async portalUrl(locale) {
    return (await billingService.portal(locale)).url;
  },

  demoSession: (sessionId) => billingService.demoSession(sessionId),
  demoPay: (sessionId) => billingService.demoPay(sessionId),
  demoDecline: (sessionId) => billingService.demoDecline(sessionId),

  async demoCancel(when) {
    const result = await billingService.demoCancel(when);
    await get().fetchSubscription();
    return result;
  },

  reset() {
    set({ subscription: initialState.subscription });
  },
}));

registerUserStoreReset(() => useBillingStore.getState().reset());
