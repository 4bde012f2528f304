import { useTranslation } from 'next-i18next/pages';

/** Issue 42: shows or hides the chart patterns on the price chart (like the moving averages' toggles). */
export default function PatternToggle({
  on,
  count,
  onToggle,
}: {
  on: boolean;
  count: number;
  onToggle: () => void;
}) {
  const { t } = useTranslation('patterns');
  return (
    <button
      type="button"
      className={`btn btn-sm ${on ? 'btn-secondary' : 'btn-outline-secondary'}`}
      aria-pressed={on}
      onClick={onToggle}
      data-testid="chart-pattern-toggle"
    >
      {t('chartToggle')}
      {count > 0 ? ` (${count})` : ''}
    </button>
  );
}
