import Link from 'next/link';
import { useTranslation } from 'next-i18next/pages';
import ConsentSettingsLink from '@/components/consent/ConsentSettingsLink';
import { useCurrentYear } from './useCurrentYear';

/** The compact footer of the signed-in, auth and error layouts. */
export default function AppFooter() {
  const { t } = useTranslation('nav');
  const year = useCurrentYear();
  return (
    <footer className="tv-app-footer small text-body-secondary">
      <span>{t('footer.copyright', { year, appName: t('common:appName') })}</span>
      <nav aria-label={t('footer.legalLabel')} className="d-flex flex-wrap gap-3">
        <Link href="/legal/disclaimer" prefetch={false} className="tv-footer-link">
          {t('footer.links.legalDisclaimer')}
        </Link>
        <Link href="/legal/privacy-statement" prefetch={false} className="tv-footer-link">
          {t('footer.links.legalPrivacy')}
        </Link>
        <ConsentSettingsLink />
      </nav>
    </footer>
  );
}
