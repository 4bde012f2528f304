import { useEffect, useState } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import DocumentTitle from '@/components/common/DocumentTitle';
import { useNotificationStore } from '@/stores/useNotificationStore';

type State = 'working' | 'done' | 'invalid' | 'error';

function tokenOf(value: string | string[] | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** /unsubscribe?token=: the link of alert e-mails; works without signing in (issue 17). */
export default function UnsubscribeView() {
  const { t } = useTranslation('alerts');
  const router = useRouter();
  const [outcome, setOutcome] = useState<{ token: string; state: State } | null>(null);
  const token = tokenOf(router.query.token);

  useEffect(() => {
    if (!router.isReady || !token) return;
    useNotificationStore
      .getState()
      .unsubscribe(token)
      .then(
        () => setOutcome({ token, state: 'done' }),
        (err: { status?: number }) => setOutcome({ token, state: err?.status === 400 ? 'invalid' : 'error' }),
      );
  }, [router.isReady, token]);

  const state: State =
    router.isReady && !token ? 'invalid' : outcome && outcome.token === token ? outcome.state : 'working';

  return (
    <article className="tv-prose">
      <DocumentTitle title={t('unsubscribe.title')} description={t('unsubscribe.title')} />
      <h1 className="mb-3">{t('unsubscribe.title')}</h1>
      <p
        role="status"
        className={state === 'done' ? 'text-success' : state === 'working' ? '' : 'text-danger'}
      >
        {t(`unsubscribe.${state}`)}
      </p>
    </article>
  );
}
