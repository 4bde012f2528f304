import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import { useSettingsStore } from '@/stores/useSettingsStore';

/** Opens the settings panel. */
export default function SettingsToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation('settings');
  const open = useSettingsStore((s) => s.setShowSettingPanel);
  return (
    <button
      type="button"
      className={`btn btn-link nav-link tv-icon-button ${className}`}
      onClick={() => open(true)}
      aria-label={t('panel.open')}
      title={t('panel.open')}
      aria-haspopup="dialog"
    >
      <Icon name="settings" />
    </button>
  );
}
