import { useTranslation } from 'next-i18next/pages';
import Icon from '@/components/common/Icon';
import { useSettingsStore } from '@/stores/useSettingsStore';

/** The light/dark switch of the bars (SPEC §4). 'Auto' is chosen in the settings panel. */
export default function ThemeToggle({ className = '' }: { className?: string }) {
  const { t } = useTranslation('settings');
  const isDark = useSettingsStore((s) => s.isDark);
  const toggleTheme = useSettingsStore((s) => s.toggleTheme);
  const label = isDark ? t('theme.switchToLight') : t('theme.switchToDark');
  return (
    <button
      type="button"
      className={`btn btn-link nav-link tv-icon-button ${className}`}
      onClick={toggleTheme}
      aria-label={label}
      title={label}
    >
      <Icon name={isDark ? 'sun' : 'moon'} />
    </button>
  );
}
