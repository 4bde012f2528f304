import { useTranslation } from 'next-i18next/pages';
import { PATTERN_KINDS, PATTERN_STATUSES } from '@/lib/patterns';
import styles from '@/components/market/market.module.scss';

/** Issue 42: the screener's chart-pattern filters (kind and status), each a labelled select. */
export default function PatternFilterFields({
  idPrefix,
  pattern,
  status,
  onPattern,
  onStatus,
}: {
  idPrefix: string;
  pattern: string;
  status: string;
  onPattern: (value: string) => void;
  onStatus: (value: string) => void;
}) {
  const { t } = useTranslation('patterns');
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-pattern`} className={styles.filterLabel}>
          {t('filter.label')}
        </label>
        <select
          id={`${idPrefix}-pattern`}
          className="form-select form-select-sm"
          value={pattern}
          onChange={(e) => onPattern(e.target.value)}
          data-pattern-filter
        >
          <option value="">{t('filter.any')}</option>
          {PATTERN_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`kindTitle.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-pattern-status`} className={styles.filterLabel}>
          {t('filter.statusLabel')}
        </label>
        <select
          id={`${idPrefix}-pattern-status`}
          className="form-select form-select-sm"
          value={status}
          onChange={(e) => onStatus(e.target.value)}
        >
          <option value="">{t('filter.anyStatus')}</option>
          {PATTERN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
