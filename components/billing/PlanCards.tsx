import Link from 'next/link';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import Loader from '@/components/common/Loader';
import { formatMoney } from '@/lib/format';
import type { PlanId, PlansResponse } from '@/lib/types/billing';
import type { Resource } from '@/stores/asyncResource';
import { useAuthStore } from '@/stores/useAuthStore';

interface PlanCardsProps {
  plans: Resource<PlansResponse>;
  onRetry(): void;
  /** Signed in: "Subscribe" buttons; a visitor gets "Create an account". */
  onSubscribe?: (plan: PlanId) => void;
  /** The plan whose checkout is starting. */
  busyPlan?: PlanId | null;
  /** Hide the buttons (an active subscriber). */
  hideActions?: boolean;
}

/** The two plans side by side: price per month, what is billed, the yearly saving and the VAT note. */
export default function PlanCards({ plans, onRetry, onSubscribe, busyPlan, hideActions }: PlanCardsProps) {
  const { t, i18n } = useTranslation('billing');
  const intl = i18n.language;
  const signedIn = useAuthStore((st) => st.status === 'signedIn');
  const data = plans.data;
  if (!data) {
    if (plans.status === 'error') {
      return (
        <div className="alert alert-danger d-flex flex-wrap align-items-center gap-3" role="alert">
          <span>{t('plans.loadError')}</span>
          <Button variant="outline-danger" size="sm" onClick={onRetry}>
            {t('plans.retry')}
          </Button>
        </div>
      );
    }
    return <Loader />;
  }
  const money = (amount: number, decimals = 0) => formatMoney(amount, data.currency as 'NOK', intl, decimals);
  return (
    <section aria-labelledby="plans-title" className="mb-5">
      <h2 id="plans-title" className="h4 mb-3">
        {t('plans.title')}
      </h2>
      {data.provider === 'demo' && (
        <p className="alert alert-info py-2" role="note">
          {t('plans.demoProvider')}
        </p>
      )}
      <div className="tv-grid tv-grid-md-2">
        {data.plans.map((plan) => {
          const yearly = plan.id === 'yearly';
          const wholeKroner = Number.isInteger(plan.monthly_amount);
          return (
            <div key={plan.id}>
              <article
                className={`tv-card h-100 p-4 d-flex flex-column${yearly ? ' border-primary' : ''}`}
                aria-labelledby={`plan-${plan.id}`}
              >
                <div className="d-flex justify-content-between align-items-start gap-2">
                  <h3 id={`plan-${plan.id}`} className="h5 mb-2">
                    {t(`plans.${plan.id}.name`)}
                  </h3>
                  {yearly && <span className="badge text-bg-primary">{t('plans.popular')}</span>}
                </div>
                <p className="mb-1">
                  <span className="display-6 fw-bold" data-testid={`price-${plan.id}`}>
                    {money(plan.monthly_amount, wholeKroner ? 0 : 2)}
                  </span>{' '}
                  <span className="text-body-secondary">{t('plans.perMonth')}</span>
                </p>
                <p className="text-body-secondary mb-2">
                  {t(`plans.${plan.id}.billed`, { amount: money(plan.amount) })}
                </p>
                {yearly && data.yearly_saving > 0 && (
                  <p className="text-success-emphasis fw-semibold mb-2">
                    {t('plans.saving', { amount: money(data.yearly_saving), pct: data.yearly_saving_pct })}
                  </p>
                )}
                <h4 className="h6 mt-3">{t('plans.includedTitle')}</h4>
                <ul className="list-unstyled mb-4">
                  {(t('plans.included', { returnObjects: true }) as string[]).map((item) => (
                    <li key={item} className="d-flex gap-2 mb-2">
                      <Icon name="check" className="text-success mt-1" />
                      <span>{item}</span>
                    </li>
                  ))}
                </ul>
                {!hideActions && (
                  <div className="mt-auto">
                    {onSubscribe ? (
                      <Button
                        variant={yearly ? 'primary' : 'outline-primary'}
                        size="lg"
                        className="w-100"
                        disabled={Boolean(busyPlan)}
                        onClick={() => onSubscribe(plan.id)}
                      >
                        {busyPlan === plan.id && (
                          <Spinner size="sm" animation="border" className="me-2" aria-hidden="true" />
                        )}
                        {t(`plans.subscribe.${plan.id}`)}
                      </Button>
                    ) : (
                      <Link
                        href={signedIn ? '/products' : '/authentication/register'}
                        className="btn btn-primary btn-lg w-100"
                      >
                        {signedIn ? t(`plans.subscribe.${plan.id}`) : t('plans.register')}
                      </Link>
                    )}
                  </div>
                )}
              </article>
            </div>
          );
        })}
      </div>
      <p className="small text-body-secondary mt-3 mb-0">{t('plans.vat')}</p>
    </section>
  );
}
