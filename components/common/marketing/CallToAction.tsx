import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { useAuthStore } from '@/stores/useAuthStore';

/** "Create an account" for visitors, "Open the app" for signed-in people. */
export default function CallToAction({
  secondaryHref,
  secondaryKey,
}: {
  secondaryHref?: string;
  secondaryKey?: string;
}) {
  const { t } = useTranslation('pages');
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  return (
    <div className="d-flex flex-wrap gap-2">
      {signedIn ? (
        <Link href="/home" className="btn btn-primary btn-lg">
          {t('cta.openApp')}
        </Link>
      ) : (
        <Link href="/authentication/register" className="btn btn-primary btn-lg">
          {t('cta.register')}
        </Link>
      )}
      {secondaryHref && secondaryKey && (
        <Link href={secondaryHref} className="btn btn-outline-secondary btn-lg">
          {t(secondaryKey)}
        </Link>
      )}
    </div>
  );
}
