import { useTranslation } from 'next-i18next/pages';
import { TIMEFRAMES, type Timeframe } from '@/lib/constants';

export interface TimeframeSwitchProps {
  value: Timeframe;
  onChange(timeframe: Timeframe): void;
  disabled?: boolean;
}

/** Short (5 months), medium (18 months), long (6 years) — DESIGN.md §5. */
export default function TimeframeSwitch({ value, onChange, disabled = false }: TimeframeSwitchProps) {
  const { t } = useTranslation('market');
  return (
    <div className="btn-group btn-group-sm" role="group" aria-label={t('timeframe.label')}>
      {TIMEFRAMES.map((tf) => (
        <button
          key={tf}
          type="button"
          className={`btn ${tf === value ? 'btn-primary' : 'btn-outline-secondary'}`}
          aria-pressed={tf === value}
          disabled={disabled}
          title={t(`timeframe.${tf}.window`)}
          onClick={() => tf !== value && onChange(tf)}
          data-timeframe={tf}
        >
          {t(`timeframe.${tf}.name`)}
          <span className="d-none d-sm-inline text-opacity-75"> · {t(`timeframe.${tf}.short`)}</span>
        </button>
      ))}
    </div>
  );
}
