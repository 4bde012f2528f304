import { Fragment, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { isOsloSegment, OSLO_SEGMENTS, type RiskClass, type Signal } from '@/lib/constants';
import PatternFilterFields from '@/components/patterns/PatternFilterFields';
import { isPatternKind, isPatternStatus } from '@/lib/patterns';
import type { Range, ScreenerFilters as Filters } from '@/services/marketDataService';
import { countFilters, FILTER_BOUNDS, type RangeFilter } from './screenerUrl';
import styles from './market.module.scss';

export interface ScreenerFiltersProps {
  filters: Filters;
  onChange(filters: Filters): void;
  onReset(): void;
  /** Something (filters, sort or page) differs from the plain screener. */
  canReset?: boolean;
  /** Offer the Euronext segment filter (Oslo Børs only). */
  showSegment?: boolean;
}

const SIGNALS: (Signal | undefined)[] = [undefined, 'buy', 'hold', 'sell'];
const RANGES: RangeFilter[] = ['score', 'rsi', 'volbal'];
const RISKS: RiskClass[] = [1, 2, 3, 4];

type Draft = Record<RangeFilter, { min: string; max: string }> & {
  liquidity: string;
  volatility: string;
  segment: string;
  pattern: string;
  patternStatus: string;
};
type Problems = Partial<Record<RangeFilter, 'bounds' | 'order'>>;

function draftOf(filters: Filters): Draft {
  const text = (r: Range | undefined, end: 'min' | 'max') => (r?.[end] === undefined ? '' : String(r[end]));
  return {
    score: { min: text(filters.score, 'min'), max: text(filters.score, 'max') },
    rsi: { min: text(filters.rsi, 'min'), max: text(filters.rsi, 'max') },
    volbal: { min: text(filters.volbal, 'min'), max: text(filters.volbal, 'max') },
    liquidity: filters.liquidityRiskMax ? String(filters.liquidityRiskMax) : '',
    volatility: filters.volatilityRiskMax ? String(filters.volatilityRiskMax) : '',
    segment: filters.segment ?? '',
    pattern: filters.pattern ?? '',
    patternStatus: filters.patternStatus ?? '',
  };
}

function parse(text: string): number | undefined | null {
  const t = text.trim().replace(',', '.').replace('−', '-');
  if (!t) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/**
 * The screener's filters (SPEC §3, §5): signal (applies at once), score, RSI and volume-balance
 * ranges (volume balance in %), and the highest liquidity and volatility risk to include. The ranges
 * apply with the button (or Enter), so typing does not fill the browser history.
 */
export default function ScreenerFilters(props: ScreenerFiltersProps) {
  // A new URL state gives a fresh form (the draft starts from what the URL says).
  return <FiltersForm key={JSON.stringify(props.filters)} {...props} />;
}

function FiltersForm({ filters, onChange, onReset, canReset, showSegment }: ScreenerFiltersProps) {
  const { t } = useTranslation('market');
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [problems, setProblems] = useState<Problems>({});
  const active = countFilters(filters);

  const setRange = (name: RangeFilter, end: 'min' | 'max', value: string) =>
    setDraft((d) => ({ ...d, [name]: { ...d[name], [end]: value } }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Filters = { signal: filters.signal };
    const found: Problems = {};
    for (const name of RANGES) {
      const min = parse(draft[name].min);
      const max = parse(draft[name].max);
      const bounds = FILTER_BOUNDS[name];
      const outside = (v: number | undefined | null) =>
        v === null || (v !== undefined && (v < bounds.min || v > bounds.max));
      if (outside(min) || outside(max)) found[name] = 'bounds';
      else if (min !== undefined && max !== undefined && min! > max!) found[name] = 'order';
      else if (min !== undefined || max !== undefined)
        next[name] = { min: min ?? undefined, max: max ?? undefined };
    }
    if (draft.liquidity) next.liquidityRiskMax = Number(draft.liquidity) as RiskClass;
    if (draft.volatility) next.volatilityRiskMax = Number(draft.volatility) as RiskClass;
    if (showSegment && isOsloSegment(draft.segment)) next.segment = draft.segment;
    if (isPatternKind(draft.pattern)) next.pattern = draft.pattern;
    if (isPatternStatus(draft.patternStatus)) next.patternStatus = draft.patternStatus;
    setProblems(found);
    if (Object.keys(found).length === 0) onChange(next);
  };

  return (
    <section className={`${styles.card} p-3 mb-3`} aria-labelledby={`${id}-title`}>
      <div className="d-flex flex-wrap align-items-center gap-2 gap-md-3 mb-3">
        <h2 id={`${id}-title`} className="h6 mb-0 me-1">
          {t('filters.title')}
          {active > 0 && (
            <span
              className="badge rounded-pill text-bg-primary ms-2"
              aria-label={t('filters.active', { count: active })}
            >
              {active}
            </span>
          )}
        </h2>
        <div className="btn-group btn-group-sm" role="group" aria-label={t('filters.signal')}>
          {SIGNALS.map((signal) => {
            const pressed = filters.signal === signal;
            return (
              <button
                key={signal ?? 'all'}
                type="button"
                className={`btn ${pressed ? 'btn-primary' : 'btn-outline-secondary'}`}
                aria-pressed={pressed}
                data-signal-filter={signal ?? 'all'}
                onClick={() => !pressed && onChange({ ...filters, signal })}
              >
                {signal ? t(`signal.${signal}`) : t('filters.all')}
              </button>
            );
          })}
        </div>
        <small className="text-body-secondary d-none d-lg-inline">{t('filters.signalHint')}</small>
      </div>
      <form onSubmit={submit} noValidate aria-label={t('filters.formLabel')}>
        <div className={styles.filterGrid}>
          {RANGES.map((name) => {
            const bounds = FILTER_BOUNDS[name];
            const problem = problems[name];
            const label = t(`filters.${name}`);
            return (
              <fieldset key={name}>
                <legend className={styles.filterLabel}>{label}</legend>
                <div className="input-group input-group-sm has-validation">
                  {(['min', 'max'] as const).map((end) => (
                    <Fragment key={end}>
                      {end === 'max' && <span className="input-group-text">–</span>}
                      <input
                        type="number"
                        inputMode="decimal"
                        className={`form-control${problem ? ' is-invalid' : ''}`}
                        min={bounds.min}
                        max={bounds.max}
                        step={bounds.step}
                        placeholder={String(bounds[end])}
                        value={draft[name][end]}
                        onChange={(e) => setRange(name, end, e.target.value)}
                        aria-label={t(end === 'min' ? 'filters.from' : 'filters.to', { filter: label })}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={problem ? `${id}-${name}-problem` : undefined}
                      />
                    </Fragment>
                  ))}
                  {problem && (
                    <div id={`${id}-${name}-problem`} className="invalid-feedback">
                      {problem === 'order'
                        ? t('filters.orderProblem')
                        : t('filters.boundsProblem', { min: bounds.min, max: bounds.max })}
                    </div>
                  )}
                </div>
              </fieldset>
            );
          })}
          {(['liquidity', 'volatility'] as const).map((risk) => (
            <div key={risk}>
              <label htmlFor={`${id}-${risk}`} className={styles.filterLabel}>
                {t(`filters.${risk}`)}
              </label>
              <select
                id={`${id}-${risk}`}
                className="form-select form-select-sm"
                value={draft[risk]}
                onChange={(e) => setDraft((d) => ({ ...d, [risk]: e.target.value }))}
              >
                <option value="">{t('filters.anyRisk')}</option>
                {RISKS.map((r) => (
                  <option key={r} value={r}>
                    {t('filters.atMost', { level: t(`risk.${r}`) })}
                  </option>
                ))}
              </select>
            </div>
          ))}
          {showSegment && (
            <div>
              <label htmlFor={`${id}-segment`} className={styles.filterLabel}>
                {t('filters.segment')}
              </label>
              <select
                id={`${id}-segment`}
                className="form-select form-select-sm"
                value={draft.segment}
                onChange={(e) => setDraft((d) => ({ ...d, segment: e.target.value }))}
                data-segment-filter
              >
                <option value="">{t('filters.anySegment')}</option>
                {OSLO_SEGMENTS.map((segment) => (
                  <option key={segment} value={segment}>
                    {t(`segment.${segment}`)}
                  </option>
                ))}
              </select>
            </div>
          )}
          <PatternFilterFields
            idPrefix={id}
            pattern={draft.pattern}
            status={draft.patternStatus}
            onPattern={(pattern) => setDraft((d) => ({ ...d, pattern }))}
            onStatus={(patternStatus) => setDraft((d) => ({ ...d, patternStatus }))}
          />
          <div className="d-flex align-items-end gap-2">
            <button type="submit" className="btn btn-primary btn-sm">
              {t('filters.apply')}
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm"
              onClick={onReset}
              disabled={!(canReset ?? active > 0)}
            >
              {t('filters.reset')}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}
