import type { ReactNode } from 'react';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { formatCompact, formatDate, formatMoney, formatNumber, formatPercent } from '@/lib/format';
import type { TickerDetail } from '@/lib/types/market';
import { formatVolbal } from './formatters';
import RiskLabel from './RiskLabel';
import styles from './market.module.scss';

/** One figure: name, value, and one line saying what it is. */
function Figure({
  name,
  children,
  hint,
  testId,
}: {
  name: string;
  children: ReactNode;
  hint: string;
  testId?: string;
}) {
  return (
    <div className={`col-12 col-sm-6 col-lg-4 ${styles.figure}`} data-testid={testId}>
      <dt>{name}</dt>
      <dd>{children}</dd>
      {/* A dl's groups may hold only dt and dd: the hint is a second description of the term. */}
      <dd className={`small text-body-secondary mb-0 ${styles.figureHint}`}>{hint}</dd>
    </div>
  );
}

/**
 * The key figures behind the score (DESIGN.md §6): RSI, volume balance over 5/22/66 sessions,
 * volatility and liquidity with their risk classes, the trend channel and the nearest levels.
 */
export default function KeyFigures({ detail }: { detail: TickerDetail }) {
  const { t } = useTranslation('analysis');
  const { locale } = useRouter();
  const a = detail.analysis;
  const money = (v: number) => formatMoney(v, detail.currency, locale);
  const levels = (prices: number[]) =>
    prices.length ? prices.map(money).join(' · ') : t('figures.noLevels');

  return (
    <section className={`${styles.card} p-3 p-lg-4`} aria-labelledby="figures-title">
      <h2 id="figures-title" className={styles.cardTitle}>
        {t('figures.title')}
      </h2>
      {/* A space (not a margin) after each label, so "Resistance:" and a price can wrap apart. */}
      <dl className="row g-4 mb-0">
        <Figure name={t('figures.rsi')} hint={t('figures.rsiHint')} testId="figure-rsi">
          {formatNumber(a.rsi, locale, 1)}
        </Figure>
        <Figure name={t('figures.volbal')} hint={t('figures.volbalHint')}>
          <span className="d-flex flex-wrap gap-3">
            {([5, 22, 66] as const).map((n) => (
              <span key={n}>
                <span className="small text-body-secondary fw-normal me-1">
                  {t('figures.sessions', { count: n })}
                </span>
                {formatVolbal(a[`volbal_${n}`], locale)}
              </span>
            ))}
          </span>
        </Figure>
        <Figure name={t('figures.volatility')} hint={t('figures.volatilityHint')}>
          <span className="d-flex flex-wrap align-items-center gap-3">
            {formatPercent(a.volatility_pct / 100, locale, { decimals: 1 })}
            <span className="fs-6 fw-normal">
              <RiskLabel risk={a.volatility_risk} kind="volatility" />
            </span>
          </span>
        </Figure>
        <Figure
          name={t('figures.liquidity')}
          testId="figure-liquidity"
          hint={t('figures.liquidityHint', {
            turnover: `${formatCompact(a.turnover_avg_66, locale)} ${detail.currency}`,
          })}
        >
          <span className="d-flex flex-wrap align-items-center gap-3 fs-6">
            <RiskLabel risk={a.liquidity_risk} kind="liquidity" />
            <span className="fw-normal text-body-secondary">
              {t('figures.turnoverPerDay', {
                turnover: formatMoney(a.turnover_avg_66, detail.currency, locale, 0),
              })}
            </span>
          </span>
        </Figure>
        <Figure
          name={t('figures.trend')}
          hint={t('figures.trendHint', {
            from: formatDate(a.trend.from, locale),
            to: formatDate(a.trend.to, locale),
          })}
        >
          {t(`trend.${a.trend.direction}`)}{' '}
          <span className="fw-normal">
            {t('figures.perYear', {
              slope: formatPercent(a.trend.slope_pct_per_year / 100, locale, { decimals: 1, signed: true }),
            })}
          </span>
        </Figure>
        <Figure name={t('figures.levels')} hint={t('figures.levelsHint')}>
          <span className="d-block fs-6">
            <span className="text-body-secondary fw-normal">{t('figures.resistances')}</span>{' '}
            {levels(a.resistances)}
          </span>
          <span className="d-block fs-6">
            <span className="text-body-secondary fw-normal">{t('figures.supports')}</span>{' '}
            {levels(a.supports)}
          </span>
        </Figure>
      </dl>
    </section>
  );
}
