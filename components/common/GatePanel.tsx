import Link from 'next/link';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import Icon from './Icon';

export type GateReason = 'needsSubscription' | 'adminOnly' | 'userError';

interface GatePanelProps {
  reason: GateReason;
  onRetry?: () => void;
  /** Inside a page that has its own h1 (e.g. a subscriber-only part of Home): an h2, less space. */
  inline?: boolean;
}

/** Why a signed-in page is not shown (SPEC §6), with a way on: never a blank screen. */
export default function GatePanel({ reason, onRetry, inline = false }: GatePanelProps) {
  const { t } = useTranslation('errors');
  const Heading = inline ? 'h2' : 'h1';
  const SubHeading = inline ? 'h3' : 'h2';
  return (
    <section
      className={`tv-gate card border-0 shadow-sm mx-auto ${inline ? 'my-3' : 'my-4'}`}
      aria-labelledby="gate-title"
    >
      <div className={`card-body text-center ${inline ? 'p-4' : 'p-4 p-md-5'}`}>
        <span className="tv-gate-icon mb-3" aria-hidden="true">
          <Icon name={reason === 'userError' ? 'alert' : 'lock'} size={28} />
        </span>
        <Heading id="gate-title" className={inline ? 'h4' : 'h3'}>
          {t(`gate.${reason}.title`)}
        </Heading>
        <p className="text-body-secondary mb-4">{t(`gate.${reason}.text`)}</p>
        <div className="d-flex flex-wrap justify-content-center gap-2">
          {reason === 'userError' ? (
            <Button variant="primary" onClick={onRetry}>
              {t('gate.retry')}
            </Button>
          ) : (
            <Link href="/products" className="btn btn-primary">
              {t('gate.seeProducts')}
            </Link>
          )}
          {!inline && (
            <Link href="/home" className="btn btn-outline-secondary">
              {t('gate.goHome')}
            </Link>
          )}
        </div>
        {reason === 'needsSubscription' && (
          // Issue 24 item 6: what a free account gets instead, a read-only sample (the public stock
          // pages, the same for everyone), with the reason for that choice.
          <section className="border-top mt-4 pt-4" aria-labelledby="gate-free-title">
            <SubHeading id="gate-free-title" className="h5">
              {t('gate.needsSubscription.freeTitle')}
            </SubHeading>
            <p className="text-body-secondary">{t('gate.needsSubscription.freeText')}</p>
            <Link href="/public/stocks" className="btn btn-outline-primary">
              {t('gate.needsSubscription.freeLink')}
            </Link>
          </section>
        )}
      </div>
    </section>
  );
}
