import type { ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney, formatNumber } from '@/lib/format';
import type { TickerDetail } from '@/lib/types/market';
import { formatScore } from './formatters';
import { isIndexSymbol } from './links';
import { scoreColor } from './ScoreValue';
import SignalBadge from './SignalBadge';
import styles from './market.module.scss';

/**
 * The verdict first (issue 25): the timeframe's signal and score, and the early-warning levels — the
 * next session's closes at which the signal would turn buy or sell, all else equal. `levelAction`
 * renders a control beside each level (the price-alert button).
 */
export default function VerdictCard({
  detail,
  levelAction,
}: {
  detail: TickerDetail;
  levelAction?(price: number, direction: 'above' | 'below'): ReactNode;
}) {
  const { t } = useTranslation('analysis');
  const { locale } = useRouter();
  const a = detail.analysis;
  const price = (value: number) =>
    isIndexSymbol(detail.symbol) ? formatNumber(value, locale) : formatMoney(value, detail.currency, locale);
  const { buy_above: buy, sell_below: sell } = a.early_warning;
  const buyText =
    buy === null
      ? t(a.signal === 'buy' ? 'verdict.buyStaysAnyway' : 'verdict.noBuy')
      : t(a.signal === 'buy' ? 'verdict.buyStaysAbove' : 'verdict.buyAbove', { price: price(buy) });
  const sellText =
    sell === null
      ? t(a.signal === 'sell' ? 'verdict.sellStaysAnyway' : 'verdict.noSell')
      : t(a.signal === 'sell' ? 'verdict.sellStaysBelow' : 'verdict.sellBelow', { price: price(sell) });

  return (
    <section className={`${styles.card} p-3`} aria-labelledby="verdict-title" data-testid="verdict-card">
      <div className="d-flex flex-wrap align-items-center gap-3">
        <h2 id="verdict-title" className={`${styles.cardTitle} mb-0 me-auto`}>
          {t('verdict.title', { timeframe: t(`market:timeframe.${a.timeframe}.name`) })}
        </h2>
        <SignalBadge signal={a.signal} size="lg" />
        <span
          className="fs-4 fw-bold"
          style={{ color: scoreColor(a.technical_score), fontVariantNumeric: 'tabular-nums' }}
          data-testid="verdict-score"
        >
          {formatScore(a.technical_score, locale)}
        </span>
      </div>
      <h3 className="h6 mt-3 mb-2">{t('verdict.earlyWarning')}</h3>
      <ul className="list-unstyled mb-2" data-testid="early-warning">
        <li className="d-flex flex-wrap align-items-center gap-2 mb-1" data-level="buy">
          <span aria-hidden="true" className="text-success">
            ▲
          </span>
          <span className="me-auto">{buyText}</span>
          {buy !== null && levelAction?.(buy, 'above')}
        </li>
        <li className="d-flex flex-wrap align-items-center gap-2" data-level="sell">
          <span aria-hidden="true" className="text-danger">
            ▼
          </span>
          <span className="me-auto">{sellText}</span>
          {sell !== null && levelAction?.(sell, 'below')}
        </li>
      </ul>
      <p className="small text-body-secondary mb-0">
        {t('verdict.note')} <Link href="/help/about-our-analysis#early-warning">{t('verdict.more')}</Link>
      </p>
    </section>
  );
}
