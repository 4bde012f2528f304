import { useEffect } from 'react';
import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import { canAccess, roleOf } from '@/lib/permissions';
import { useAuthStore } from '@/stores/useAuthStore';
import { useNotificationStore } from '@/stores/useNotificationStore';

/**
 * The bell in the signed-in top bar (issue 17): a link to /notifications with the unread count,
 * fetched when the backend user is known and again whenever the tab becomes visible.
 */
export default function NotificationBell() {
  const { t, i18n } = useTranslation('alerts');
  // Alerts are a subscriber's feature (SPEC §6: without an active subscription, public items only).
  const ready = useAuthStore(
    (s) =>
      s.status === 'signedIn' && s.userStatus === 'ready' && canAccess(roleOf(true, s.user), 'subscription'),
  );
  const unread = useNotificationStore((s) => s.unread);
  const language = i18n.language === 'en' ? 'en' : 'nb';

  useEffect(() => {
    if (!ready) return;
    const { refreshCount, syncLanguage } = useNotificationStore.getState();
    void refreshCount();
    void syncLanguage(language);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshCount();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [ready, language]);

  if (!ready) return null;
  const label = unread > 0 ? t('bell.unread', { count: unread }) : t('bell.label');
  return (
    <Link
      href="/notifications"
      prefetch={false}
      className="btn btn-link nav-link tv-icon-button position-relative"
      aria-label={label}
      title={label}
    >
      <Icon name="notifications" />
      {unread > 0 && (
        <span
          className="position-absolute top-0 start-100 translate-middle badge rounded-pill bg-danger"
          aria-hidden="true"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
