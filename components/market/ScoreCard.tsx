import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import type { TFunction } from 'i18next';
import { BUY_THRESHOLD, SELL_THRESHOLD, type Timeframe } from '@/lib/constants';
import { formatNumber, formatPercent } from '@/lib/format';
import type { TickerAnalysisDto, TickerDetail } from '@/lib/types/market';
import { formatFixed, formatScore, formatVolbal } from './formatters';
import { barFill, scoreColor } from './ScoreValue';
import PatternSignal from '@/components/patterns/PatternSignal';
import SignalBadge from './SignalBadge';
import styles from './market.module.scss';

/** DESIGN.md §6: the weights of the four components. */
export const COMPONENT_WEIGHTS = { trend: 0.4, support_resistance: 0.2, momentum: 0.2, volume: 0.2 } as const;
export type ComponentKey = keyof typeof COMPONENT_WEIGHTS;
const COMPONENTS: ComponentKey[] = ['trend', 'support_resistance', 'momentum', 'volume'];
/** DESIGN.md §6: the volume component is volbal_5 / volbal_22 / volbal_66 for timeframe 1 / 2 / 3. */
export const VOLUME_SESSIONS: Record<Timeframe, 5 | 22 | 66> = { 1: 5, 2: 22, 3: 66 };
/** Below this size (either way) a volume balance reads as "even". */
const EVEN_VOLUME = 0.05;

/** What explainComponent reads: the analysis page's detail, or a public stock page's part of it. */
export interface ExplainInput {
  last: { close: number };
  analysis: Pick<TickerAnalysisDto, 'timeframe' | 'components' | 'rsi' | 'trend'>;
}

/**
 * What a component's value means for this ticker, in plain words (DESIGN.md §6). Exported for the
 * tests, which check each case against the definition, and for the public stock pages' headline.
 */
export function explainComponent(
  key: ComponentKey,
  detail: ExplainInput,
  t: TFunction,
  locale: string | undefined,
): string {
  const a = detail.analysis;
  const value = a.components[key];
  switch (key) {
    case 'trend': {
      const slope = formatPercent(a.trend.slope_pct_per_year / 100, locale, { decimals: 0, signed: true });
      const parts = [t(`explain.trend.${a.trend.direction}`, { slope })];
      const close = detail.last.close;
      if (close > a.trend.upper[1]) parts.push(t('explain.trend.above'));
      else if (close < a.trend.lower[1]) parts.push(t('explain.trend.below'));
      else parts.push(t('explain.trend.inside'));
      return parts.join(' ');
    }
    case 'support_resistance':
      if (value >= 0.75) return t('explain.sr.breakUp');
      if (value <= -0.75) return t('explain.sr.breakDown');
      if (value > 0) return t('explain.sr.roomUp');
      if (value < 0) return t('explain.sr.roomDown');
      return t('explain.sr.neutral');
    case 'momentum': {
      const rsi = formatNumber(a.rsi, locale, 1);
      if (a.rsi > 50) return t('explain.momentum.up', { rsi });
      if (a.rsi < 50) return t('explain.momentum.down', { rsi });
      return t('explain.momentum.even', { rsi });
    }
    case 'volume': {
      const sessions = VOLUME_SESSIONS[a.timeframe];
      const pct = formatVolbal(value, locale);
      if (value > EVEN_VOLUME) return t('explain.volume.up', { sessions, pct });
      if (value < -EVEN_VOLUME) return t('explain.volume.down', { sessions, pct });
      return t('explain.volume.even', { sessions, pct });
    }
  }
}

/**
 * The technical score of the chosen timeframe, its signal, and the four components with their
 * weights, values and what they mean — plus the sum that gives the score.
 */
export default function ScoreCard({ detail }: { detail: TickerDetail }) {
  const { t } = useTranslation('analysis');
  const { locale } = useRouter();
  const a = detail.analysis;
  const score = a.technical_score;
  const sum = COMPONENTS.map(
    (k) => `${formatFixed(COMPONENT_WEIGHTS[k], locale, 1)} × ${formatScore(a.components[k], locale)}`,
  ).join(' + ');

  return (
    <section className={`${styles.card} p-3 p-lg-4`} aria-labelledby="score-title" data-testid="score-card">
      <div className="d-flex align-items-start justify-content-between gap-2">
        <div>
          <h2 id="score-title" className={styles.cardTitle}>
            {t('score.title', { timeframe: t(`market:timeframe.${a.timeframe}.name`) })}
          </h2>
          <p
            className={`${styles.bigNumber} mb-0`}
            data-testid="technical-score"
            style={{ color: scoreColor(score) }}
          >
            {formatScore(score, locale)}
          </p>
        </div>
        <SignalBadge signal={a.signal} size="lg" />
      </div>

      <div className="my-3" aria-hidden="true">
        <div className={styles.gauge}>
          <span
            className={styles.gaugeMarker}
            style={{
              left: `${((Math.max(-1, Math.min(1, score)) + 1) / 2) * 100}%`,
              background: scoreColor(score),
            }}
          />
        </div>
        <div className="d-flex justify-content-between small text-body-secondary mt-1">
          <span>−1</span>
          <span>{formatFixed(SELL_THRESHOLD, locale, 1)}</span>
          <span>0</span>
          <span>{formatFixed(BUY_THRESHOLD, locale, 1)}</span>
          <span>1</span>
        </div>
      </div>
      <p className="small text-body-secondary">
        {t('score.signalRule', {
          buy: formatFixed(BUY_THRESHOLD, locale, 1),
          sell: formatFixed(SELL_THRESHOLD, locale, 1),
        })}
      </p>

      <PatternSignal analysis={a} />

      <h3 className="h6 mt-4 mb-2">{t('score.componentsTitle')}</h3>
      <ul className="list-unstyled mb-3">
        {COMPONENTS.map((key) => {
          const value = a.components[key];
          const weight = COMPONENT_WEIGHTS[key];
          return (
            <li key={key} className={`${styles.componentRow} py-2`} data-component={key}>
              <div className="d-flex align-items-baseline justify-content-between gap-2">
                <span className="fw-semibold">
                  {t(`components.${key}.name`)}{' '}
                  <span className="small text-body-secondary fw-normal">
                    {t('score.weight', { weight: formatNumber(weight * 100, locale, 0) })}
                  </span>
                </span>
                <span
                  className="fw-semibold"
                  style={{ fontVariantNumeric: 'tabular-nums', color: scoreColor(value) }}
                >
                  {formatScore(value, locale)}
                </span>
              </div>
              <div className={`${styles.componentBar} my-1`} aria-hidden="true">
                <span
                  className={styles.scoreFill}
                  style={{ ...barFill(value), background: scoreColor(value) }}
                />
              </div>
              <p className="small mb-1">{explainComponent(key, detail, t, locale)}</p>
              <details className="small text-body-secondary">
                <summary>{t('score.rule')}</summary>
                <p className="mb-0 mt-1">
                  {t(`components.${key}.rule`, { sessions: VOLUME_SESSIONS[a.timeframe] })}
                </p>
              </details>
            </li>
          );
        })}
      </ul>
      <p className="small text-body-secondary mb-1">
        {t('score.formula', { sum, score: formatScore(score, locale) })}
      </p>
      <Link href="/help/about-our-analysis" className="small">
        {t('score.howWeCalculate')}
      </Link>
    </section>
  );
}
