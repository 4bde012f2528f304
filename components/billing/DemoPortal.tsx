import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from '@/components/common/DocumentTitle';
import Loader from '@/components/common/Loader';
import { formatDate } from '@/lib/format';
import { useAuthStore } from '@/stores/useAuthStore';
import { useBillingStore } from '@/stores/useBillingStore';

type Done = 'cancelledAtEnd' | 'cancelledNow' | 'error';

/** The demo provider's customer portal (/products/portal): cancel at period end or at once. */
export default function DemoPortal() {
  const { t, i18n } = useTranslation('billing');
  const intl = i18n.language;
  const subscription = useBillingStore((s) => s.subscription);
  const fetchSubscription = useBillingStore((s) => s.fetchSubscription);
  const demoCancel = useBillingStore((s) => s.demoCancel);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const [busy, setBusy] = useState<'period_end' | 'now' | null>(null);
  const [done, setDone] = useState<Done | null>(null);

  useEffect(() => {
    void fetchSubscription();
  }, [fetchSubscription]);

  async function cancel(when: 'period_end' | 'now') {
    setBusy(when);
    try {
      await demoCancel(when);
      await refreshUser();
      setDone(when === 'now' ? 'cancelledNow' : 'cancelledAtEnd');
    } catch (err) {
      console.error('Demo cancellation failed:', err);
      setDone('error');
    } finally {
      setBusy(null);
    }
  }

  const sub = subscription.data;
  const live = sub && (sub.status === 'active' || sub.status === 'trialing');
  return (
    <div className="mx-auto" style={{ maxWidth: '36rem' }}>
      <DocumentTitle title={t('portal.title')} />
      <section className="tv-card p-4" aria-labelledby="demo-portal-title">
        <p className="badge text-bg-warning mb-3">DEMO</p>
        <h1 id="demo-portal-title" className="h3">
          {t('portal.title')}
        </h1>
        <p className="text-body-secondary">{t('portal.text')}</p>
        {done && (
          <p className={`alert alert-${done === 'error' ? 'danger' : 'success'}`} role="status">
            {t(`portal.${done}`)}
          </p>
        )}
        {subscription.status === 'loading' && !sub && <Loader />}
        {subscription.status === 'success' && !live && !done && (
          <p className="alert alert-secondary">{t('portal.none')}</p>
        )}
        {sub && live && (
          <>
            <dl className="row mb-4">
              <dt className="col-5">{t('status.plan')}</dt>
              <dd className="col-7">{t(`plans.${sub.plan}.name`)}</dd>
              {sub.current_period_end && (
                <>
                  <dt className="col-5">{t(sub.cancel_at_period_end ? 'status.ends' : 'status.renews')}</dt>
                  <dd className="col-7">{formatDate(sub.current_period_end, intl, 'long')}</dd>
                </>
              )}
            </dl>
            <div className="d-flex flex-wrap gap-2">
              {!sub.cancel_at_period_end && (
                <Button
                  variant="outline-primary"
                  disabled={busy !== null}
                  onClick={() => void cancel('period_end')}
                >
                  {busy === 'period_end' && (
                    <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                  )}
                  {t('portal.cancelAtEnd')}
                </Button>
              )}
              <Button variant="outline-danger" disabled={busy !== null} onClick={() => void cancel('now')}>
                {busy === 'now' && (
                  <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                )}
                {t('portal.cancelNow')}
              </Button>
            </div>
          </>
        )}
        <p className="mt-4 mb-0">
          <Link href="/products">{t('portal.back')}</Link>
        </p>
      </section>
    </div>
  );
}
