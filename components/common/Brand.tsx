import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import { LOGO_WIDTH } from '@/lib/constants';
import { useAuthStore } from '@/stores/useAuthStore';

interface BrandProps {
  /** Show the word mark next to the logo (hidden in the collapsed sidebar). */
  withName?: boolean;
  className?: string;
}

/** SPEC §2: the logo links to /home when signed in and to / otherwise; default width 58. */
export default function Brand({ withName = true, className }: BrandProps) {
  const { t } = useTranslation('common');
  const signedIn = useAuthStore((s) => s.status === 'signedIn');
  return (
    <Link
      href={signedIn ? '/home' : '/'}
      // On hover only (issue 26): in view on every page, it ran the start page's code during load.
      prefetch={false}
      className={`tv-brand d-inline-flex align-items-center gap-2 text-decoration-none ${className ?? ''}`}
      aria-label={t('brandHome', { appName: t('appName') })}
    >
      {/* A plain <img>: the SVG is tiny and next/image adds nothing for it. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- static SVG logo, no optimisation needed */}
      <img src="/img/logo.svg" alt="" width={LOGO_WIDTH} height={Math.round((LOGO_WIDTH * 40) / 58)} />
      {withName && <span className="tv-brand-name">{t('appName')}</span>}
    </Link>
  );
}
