import { useEffect, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from '@/components/common/DocumentTitle';
import Loader from '@/components/common/Loader';
import { formatMoney } from '@/lib/format';
import type { DemoCheckoutSessionDto } from '@/lib/types/billing';
import { ApiError } from '@/services/apiError';
import { useBillingStore } from '@/stores/useBillingStore';

type LoadState = 'loading' | 'ready' | 'notFound' | 'error';

/**
 * The demo provider's checkout page (/products/checkout?session_id=…), clearly marked as a demo
 * payment. "Pay" and "Decline" go to the server, which for "Pay" sends Stripe-shaped events through
 * the real webhook handling; then the browser returns to /products like it would from Stripe.
 */
export default function DemoCheckout() {
  const { t, i18n } = useTranslation('billing');
  const router = useRouter();
  const intl = i18n.language;
  const demoSession = useBillingStore((s) => s.demoSession);
  const demoPay = useBillingStore((s) => s.demoPay);
  const demoDecline = useBillingStore((s) => s.demoDecline);
  const [session, setSession] = useState<DemoCheckoutSessionDto | null>(null);
  const [loadState, setState] = useState<LoadState>('loading');
  const [busy, setBusy] = useState<'pay' | 'decline' | null>(null);
  const [failed, setFailed] = useState(false);
  const sessionId = typeof router.query.session_id === 'string' ? router.query.session_id : '';

  useEffect(() => {
    if (!router.isReady || !sessionId) return;
    let live = true;
    demoSession(sessionId).then(
      (s) => {
        if (!live) return;
        setSession(s);
        setState('ready');
      },
      (err: unknown) => {
        if (!live) return;
        const missing = err instanceof ApiError && (err.status === 404 || err.status === 400);
        if (!missing) console.error('Loading the demo checkout failed:', err);
        setState(missing ? 'notFound' : 'error');
      },
    );
    return () => {
      live = false;
    };
  }, [router.isReady, sessionId, demoSession]);

  async function act(kind: 'pay' | 'decline') {
    setBusy(kind);
    setFailed(false);
    try {
      const result = kind === 'pay' ? await demoPay(sessionId) : await demoDecline(sessionId);
      if (result.redirect_url) {
        const url = new URL(result.redirect_url, window.location.origin);
        await router.push(`${url.pathname.replace(/^\/en(?=\/)/, '')}${url.search}`);
      }
    } catch (err) {
      console.error(`Demo ${kind} failed:`, err);
      setBusy(null);
      if (err instanceof ApiError && err.status === 409)
        setSession((s) => (s ? { ...s, status: 'complete' } : s));
      else setFailed(true);
    }
  }

  const state = router.isReady && !sessionId ? 'notFound' : loadState;
  return (
    <div className="mx-auto" style={{ maxWidth: '32rem' }}>
      <DocumentTitle title={t('demoCheckout.title')} />
      <section className="tv-card p-4 border-warning" aria-labelledby="demo-checkout-title">
        <p className="badge text-bg-warning mb-3">DEMO</p>
        <h1 id="demo-checkout-title" className="h3">
          {t('demoCheckout.title')}
        </h1>
        <p className="text-body-secondary">{t('demoCheckout.text')}</p>
        {state === 'loading' && <Loader />}
        {(state === 'notFound' || state === 'error') && (
          <p className="alert alert-danger" role="alert">
            {t(state === 'notFound' ? 'demoCheckout.notFound' : 'demoCheckout.error')}
          </p>
        )}
        {state === 'ready' && session && (
          <>
            <dl className="row mb-4">
              <dt className="col-5">{t('demoCheckout.plan')}</dt>
              <dd className="col-7">{t(`plans.${session.plan}.name`)}</dd>
              <dt className="col-5">{t('demoCheckout.amount')}</dt>
              <dd className="col-7">{formatMoney(session.amount, session.currency as 'NOK', intl)}</dd>
            </dl>
            {session.status !== 'open' ? (
              <p className="alert alert-warning" role="alert">
                {t('demoCheckout.closed')}
              </p>
            ) : (
              <div className="d-flex flex-wrap gap-2">
                <Button variant="primary" size="lg" disabled={busy !== null} onClick={() => void act('pay')}>
                  {busy === 'pay' && (
                    <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                  )}
                  {t('demoCheckout.pay')}
                </Button>
                <Button
                  variant="outline-danger"
                  size="lg"
                  disabled={busy !== null}
                  onClick={() => void act('decline')}
                >
                  {busy === 'decline' && (
                    <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                  )}
                  {t('demoCheckout.decline')}
                </Button>
              </div>
            )}
            {failed && (
              <p className="alert alert-danger mt-3 mb-0" role="alert">
                {t('demoCheckout.error')}
              </p>
            )}
          </>
        )}
        <p className="mt-4 mb-0">
          <Link href="/products">{t('demoCheckout.back')}</Link>
        </p>
      </section>
    </div>
  );
}
