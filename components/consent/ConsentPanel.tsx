import { useEffect, useId, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Form } from 'react-bootstrap';
import { useTranslation } from 'next-i18next/pages';
import { useConsentStore } from '@/stores/useConsentStore';

/** The banner's content: the text, the choices and the buttons (loaded only when the banner is shown). */
export default function ConsentPanel({ reopened }: { reopened: boolean }) {
  const { t } = useTranslation('consent');
  const titleId = useId();
  const decided = useConsentStore((s) => s.decided);
  const { acceptAll, rejectAll, save, closePreferences } = useConsentStore.getState();
  const [details, setDetails] = useState(reopened);
  const [choice, setChoice] = useState(() => {
    const { analytics, marketing } = useConsentStore.getState();
    return { analytics, marketing };
  });
  const ref = useRef<HTMLElement>(null);

  useEffect(() => {
    // Opened on purpose from the footer: take the focus there.
    if (reopened) ref.current?.focus();
  }, [reopened]);

  return (
    <section
      ref={ref}
      className="tv-consent card shadow-lg"
      role="region"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="consent-banner"
    >
      <div className="card-body">
        <h2 id={titleId} className="h6 mb-2">
          {t('title')}
        </h2>
        <p className="small mb-3 text-body-secondary">
          {t('text')}{' '}
          <Link href="/public/privacy-statement" prefetch={false}>
            {t('privacyLink')}
          </Link>
        </p>

        {details && (
          <div className="mb-3">
            <Form.Check
              type="switch"
              role="switch"
              id="consent-necessary"
              checked
              disabled
              readOnly
              label={t('necessary.label')}
            />
            <Form.Text className="d-block mb-2 ms-5">{t('necessary.help')}</Form.Text>
            <Form.Check
              type="switch"
              role="switch"
              id="consent-analytics"
              label={t('analytics.label')}
              checked={choice.analytics}
              onChange={(e) => {
                const analytics = e.currentTarget.checked;
                setChoice((c) => ({ ...c, analytics }));
              }}
            />
            <Form.Text className="d-block mb-2 ms-5">{t('analytics.help')}</Form.Text>
            <Form.Check
              type="switch"
              role="switch"
              id="consent-marketing"
              label={t('marketing.label')}
              checked={choice.marketing}
              onChange={(e) => {
                const marketing = e.currentTarget.checked;
                setChoice((c) => ({ ...c, marketing }));
              }}
            />
            <Form.Text className="d-block ms-5">{t('marketing.help')}</Form.Text>
          </div>
        )}

        <div className="d-flex flex-wrap gap-2">
          <Button variant="primary" size="sm" onClick={acceptAll}>
            {t('acceptAll')}
          </Button>
          <Button variant="outline-primary" size="sm" onClick={rejectAll}>
            {t('rejectAll')}
          </Button>
          {details ? (
            <Button variant="outline-secondary" size="sm" onClick={() => save(choice)}>
              {t('save')}
            </Button>
          ) : (
            <Button variant="link" size="sm" onClick={() => setDetails(true)}>
              {t('customize')}
            </Button>
          )}
          {reopened && decided && (
            <Button variant="link" size="sm" className="ms-auto" onClick={closePreferences}>
              {t('close')}
            </Button>
          )}
        </div>
      </div>
    </section>
  );
}
