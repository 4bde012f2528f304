import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Alert from 'react-bootstrap/Alert';
import { WELCOME_QUERY } from './welcomeQuery';

/**
 * "Your subscription is active" on Home, once, after checkout: the query is dropped at once so
 * that a reload or a shared link does not say it again.
 */
export default function WelcomeNotice() {
  const { t } = useTranslation('onboarding');
  const router = useRouter();
  const [shown, setShown] = useState(false);

  useEffect(() => {
    if (!router.isReady || router.query.welcome !== WELCOME_QUERY.welcome) return;
    const { welcome: _welcome, ...rest } = router.query;
    void router
      .replace({ pathname: router.pathname, query: rest }, undefined, { shallow: true })
      .then(() => setShown(true));
  }, [router]);

  if (!shown) return null;
  return (
    <Alert variant="success" dismissible onClose={() => setShown(false)} closeLabel={t('welcomeDismiss')}>
      {t('welcome')}
    </Alert>
  );
}
