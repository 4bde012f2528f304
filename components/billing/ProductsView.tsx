import { useCallback, useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { WELCOME_QUERY } from '@/components/onboarding/welcomeQuery';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import { formatDate } from '@/lib/format';
import { SUBSCRIPTION_ACTIVE, type Locale } from '@/lib/constants';
import type { PlanId, PlansResponse } from '@/lib/types/billing';
import { ApiError } from '@/services/apiError';
import { trackAddToCart, trackPurchase, trackViewContent, type CommerceItem } from '@/services/analytics';
import { useAuthStore } from '@/stores/useAuthStore';
import { useBillingStore } from '@/stores/useBillingStore';
import { goTo } from './navigate';
import PlanCards from './PlanCards';
import ProductsFaq from './ProductsFaq';
import { usePlans } from './usePlans';

type Notice = 'confirming' | 'success' | 'slow' | 'declined' | 'cancelled' | 'alreadyActive' | 'error';

/** How often, and how long, to look for the webhook's result after returning from checkout. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_POLLS = 15;

function commerceItem(plans: PlansResponse, plan: PlanId, name: string): CommerceItem {
  return {
    id: `trendvakt-${plan}`,
    name,
    category: 'subscription',
    price: plans.plans.find((p) => p.id === plan)?.amount,
  };
}

/**
 * /products for signed-in people: the plans with "Subscribe" (checkout), the confirmation on the
 * way back (the backend user is fetched again, so the menu unlocks without signing out), and for
 * an active subscriber the plan, renewal date and "Manage subscription".
 */
export default function ProductsView() {
  const { t, i18n } = useTranslation('billing');
  const router = useRouter();
  const locale: Locale = router.locale === 'en' ? 'en' : 'nb';
  const intl = i18n.language;
  const { plans, retry } = usePlans();
  const user = useAuthStore((s) => s.user);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const subscription = useBillingStore((s) => s.subscription);
  const fetchSubscription = useBillingStore((s) => s.fetchSubscription);
  const checkoutUrl = useBillingStore((s) => s.checkoutUrl);
  const portalUrl = useBillingStore((s) => s.portalUrl);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busyPlan, setBusyPlan] = useState<PlanId | null>(null);
  const [portalBusy, setPortalBusy] = useState(false);
  const active = user?.subscription_status === SUBSCRIPTION_ACTIVE;
  const viewed = useRef(false);

  useEffect(() => {
    void fetchSubscription();
  }, [fetchSubscription, active]);

  // view-content once the prices are known (analytics only with consent: services/analytics).
  useEffect(() => {
    if (viewed.current || !plans.data) return;
    viewed.current = true;
    trackViewContent(commerceItem(plans.data, 'monthly', t('plans.monthly.name')), plans.data.currency);
  }, [plans.data, t]);

  // Back from checkout: ?checkout=success|declined|cancelled.
  const handled = useRef(false);
  // Polling outlives the effect's re-runs (the router changes when the query is dropped), not the page.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  useEffect(() => {
    if (!router.isReady || handled.current) return;
    const outcome = router.query.checkout;
    if (typeof outcome !== 'string') return;
    handled.current = true;
    const sessionId = typeof router.query.session_id === 'string' ? router.query.session_id : '';
    if (outcome !== 'success' && outcome !== 'declined' && outcome !== 'cancelled') return;
    let polls = 0;
    const check = async () => {
      if (!mounted.current) return;
      const fresh = await refreshUser();
      if (fresh?.subscription_status === SUBSCRIPTION_ACTIVE) {
        setNotice('success');
        await fetchSubscription();
        const state = useBillingStore.getState();
        const plan = state.subscription.data?.plan ?? 'monthly';
        const prices = state.plans.data;
        const key = `trendvakt-purchase-${sessionId}`;
        if (prices && sessionId && !sessionStorage.getItem(key)) {
          sessionStorage.setItem(key, '1');
          const item = commerceItem(prices, plan, t(`plans.${plan}.name`));
          trackPurchase({
            transactionId: sessionId,
            value: item.price ?? 0,
            currency: prices.currency,
            items: [item],
          });
        }
        // Issue 39 item 7: a new subscriber goes on to Home, where the first steps are.
        void router.push({ pathname: '/home', query: WELCOME_QUERY });
        return;
      }
      polls += 1;
      if (polls >= CONFIRM_POLLS) setNotice('slow');
      else setTimeout(() => void check(), CONFIRM_POLL_MS);
    };
    // The query is dropped first (a reload must not confirm or count the purchase twice).
    void router.replace('/products', undefined, { shallow: true }).then(() => {
      setNotice(outcome === 'success' ? 'confirming' : outcome);
      if (outcome === 'success') void check();
    });
  }, [router, refreshUser, fetchSubscription, t]);

  const subscribe = useCallback(
    async (plan: PlanId) => {
      setBusyPlan(plan);
      setNotice(null);
      try {
        if (plans.data)
          trackAddToCart(commerceItem(plans.data, plan, t(`plans.${plan}.name`)), plans.data.currency);
        goTo(await checkoutUrl(plan, locale));
      } catch (err) {
        setBusyPlan(null);
        if (err instanceof ApiError && err.status === 409) {
          setNotice('alreadyActive');
          await refreshUser();
        } else {
          console.error('Starting the checkout failed:', err);
          setNotice('error');
        }
      }
    },
    [checkoutUrl, locale, plans.data, refreshUser, t],
  );

  const manage = useCallback(async () => {
    setPortalBusy(true);
    try {
      goTo(await portalUrl(locale));
    } catch (err) {
      console.error('Opening the customer portal failed:', err);
      setPortalBusy(false);
      setNotice('error');
    }
  }, [portalUrl, locale]);

  const sub = subscription.data;
  const variant: Record<Notice, string> = {
    confirming: 'info',
    success: 'success',
    slow: 'warning',
    declined: 'danger',
    cancelled: 'warning',
    alreadyActive: 'info',
    error: 'danger',
  };
  return (
    <>
      {notice && (
        <div
          className={`alert alert-${variant[notice]} d-flex flex-wrap align-items-center gap-3`}
          role="status"
        >
          {notice === 'confirming' && <Spinner size="sm" animation="border" aria-hidden="true" />}
          <span>{t(`checkout.${notice}`)}</span>
          {notice === 'success' && (
            <Link href="/market/tickers" className="btn btn-success btn-sm">
              {t('checkout.openApp')}
            </Link>
          )}
        </div>
      )}

      {active && sub && (
        <section className="tv-card p-4 mb-4" aria-labelledby="subscription-title">
          <h2 id="subscription-title" className="h4 mb-3">
            {t('status.title')}
          </h2>
          <dl className="row mb-3">
            <dt className="col-sm-3">{t('status.plan')}</dt>
            <dd className="col-sm-9">{t(`plans.${sub.plan}.name`)}</dd>
            <dt className="col-sm-3">{t('status.state')}</dt>
            <dd className="col-sm-9">{t('status.active')}</dd>
            {sub.current_period_end && (
              <>
                <dt className="col-sm-3">{t(sub.cancel_at_period_end ? 'status.ends' : 'status.renews')}</dt>
                <dd className="col-sm-9">{formatDate(sub.current_period_end, intl, 'long')}</dd>
              </>
            )}
          </dl>
          {sub.cancel_at_period_end && <p className="text-body-secondary">{t('status.cancelNote')}</p>}
          <Button variant="outline-primary" onClick={() => void manage()} disabled={portalBusy}>
            {portalBusy && <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />}
            {t('status.manage')}
          </Button>
        </section>
      )}

      {!active &&
        sub &&
        (sub.status === 'canceled' || sub.status === 'past_due' || sub.status === 'unpaid') && (
          <p className="alert alert-secondary" role="note">
            {t(sub.status === 'canceled' ? 'status.ended' : 'status.pastDue')}
          </p>
        )}

      <PlanCards
        plans={plans}
        onRetry={retry}
        onSubscribe={subscribe}
        busyPlan={busyPlan}
        hideActions={active}
      />
      <ProductsFaq />
    </>
  );
}
