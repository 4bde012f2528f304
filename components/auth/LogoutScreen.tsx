import { useEffect, useRef } from 'react';
import { useRouter } from 'next/router';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'next-i18next/pages';
import { useAuthStore } from '@/stores/useAuthStore';

/** /authentication/logout: sign out, clear the backend user and every user store, then go to /. */
export default function LogoutScreen() {
  const { t } = useTranslation('auth');
  const router = useRouter();
  const logout = useAuthStore((s) => s.logout);
  const started = useRef(false);

  useEffect(() => {
    // Strict mode runs effects twice in development: sign out once.
    if (started.current) return;
    started.current = true;
    logout()
      .catch((err: unknown) => console.error('Sign-out failed:', err))
      .finally(() => void router.replace('/'));
  }, [logout, router]);

  return (
    <div className="d-flex align-items-center gap-2" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{t('logout.inProgress')}</span>
    </div>
  );
}
