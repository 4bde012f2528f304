import { useTranslation } from 'next-i18next/pages';
import { useConsentStore } from '@/stores/useConsentStore';

/** "Cookie settings" in the footers: reopens the consent choices at any time. */
export default function ConsentSettingsLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation('consent');
  const openPreferences = useConsentStore((s) => s.openPreferences);
  return (
    <button
      type="button"
      className={`btn btn-link p-0 align-baseline tv-footer-link ${className}`}
      onClick={openPreferences}
    >
      {t('footerLink')}
    </button>
  );
}
