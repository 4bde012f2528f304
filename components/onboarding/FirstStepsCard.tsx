import { useEffect, useState, useSyncExternalStore } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import CloseButton from 'react-bootstrap/CloseButton';
import { useAuthStore } from '@/stores/useAuthStore';
import { dismissFirstSteps, firstStepsDismissed, useFirstStepsStore } from '@/stores/useFirstStepsStore';
import type { FirstStepsDto } from '@/lib/types/firstSteps';

const noSubscription = () => () => {};

interface Step {
  key: 'import' | 'portfolio' | 'watchlist';
  href: string;
  done(steps: FirstStepsDto): boolean;
}

/**
 * Issue 39 item 7: a Nordnet customer's first wish is their history; then a portfolio of their own
 * and a watchlist. Each step links where it is done and is ticked from the server's answer; the
 * card goes once every step is done, or when the person puts it away.
 */
const STEPS: Step[] = [
  { key: 'import', href: '/portfolio?import=nordnet', done: (s) => s.has_transactions },
  { key: 'portfolio', href: '/portfolio', done: (s) => s.has_portfolio },
  { key: 'watchlist', href: '/market/tickers', done: (s) => s.has_watchlist },
];

export default function FirstStepsCard() {
  const { t } = useTranslation('onboarding');
  const uid = useAuthStore((s) => s.identity?.uid ?? null);
  const steps = useFirstStepsStore((s) => s.steps);
  const status = useFirstStepsStore((s) => s.status);
  const fetchSteps = useFirstStepsStore((s) => s.fetch);
  // The server's HTML has no browser storage: the card is rendered in the browser only.
  const dismissedBefore = useSyncExternalStore(
    noSubscription,
    () => (uid ? firstStepsDismissed(uid) : true),
    () => true,
  );
  const [dismissedNow, setDismissedNow] = useState(false);
  const dismissed = dismissedBefore || dismissedNow;

  useEffect(() => {
    if (uid) void fetchSteps();
  }, [uid, fetchSteps]);

  if (!uid || dismissed || status !== 'ready' || !steps) return null;
  const left = STEPS.filter((step) => !step.done(steps)).length;
  if (left === 0) return null;

  return (
    <section className="tv-card p-3 p-md-4 mb-4" aria-labelledby="tv-first-steps-title">
      <div className="d-flex align-items-start gap-2">
        <div className="me-auto">
          <h2 id="tv-first-steps-title" className="h5 mb-1">
            {t('firstSteps.title')}
          </h2>
          <p className="text-body-secondary small mb-3">{t('firstSteps.left', { count: left })}</p>
        </div>
        <CloseButton
          aria-label={t('firstSteps.dismiss')}
          onClick={() => {
            dismissFirstSteps(uid);
            setDismissedNow(true);
          }}
        />
      </div>
      <ol className="list-unstyled mb-0 d-grid gap-2">
        {STEPS.map((step, index) => {
          const done = step.done(steps);
          return (
            <li key={step.key} className="d-flex align-items-start gap-3">
              <span
                className={`badge rounded-pill ${done ? 'text-bg-success' : 'text-bg-secondary'}`}
                aria-hidden="true"
              >
                {done ? '✓' : index + 1}
              </span>
              <div>
                {done ? (
                  <span className="text-body-secondary text-decoration-line-through">
                    {t(`firstSteps.${step.key}.title`)}
                  </span>
                ) : (
                  <Link href={step.href} className="fw-semibold">
                    {t(`firstSteps.${step.key}.title`)}
                  </Link>
                )}
                <span className="visually-hidden">
                  {' '}
                  {done ? t('firstSteps.doneState') : t('firstSteps.todoState')}
                </span>
                <div className="small text-body-secondary">{t(`firstSteps.${step.key}.text`)}</div>
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
