import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import ChangeValue from '@/components/market/ChangeValue';
import DemoDataBadge from '@/components/market/DemoDataBadge';
import { COMPONENT_WEIGHTS, explainComponent, type ComponentKey } from '@/components/market/ScoreCard';
import SignalBadge from '@/components/market/SignalBadge';
import { formatScore } from '@/components/market/formatters';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import type { PublicStockPage } from '@/lib/types/publicStocks';
import MiniPriceChart from './MiniPriceChart';

const KEYS = Object.keys(COMPONENT_WEIGHTS) as ComponentKey[];

/**
 * The component that moves the score most (largest |weight × value|; the first in DESIGN.md §6's
 * order on a tie): the score explanation's headline. Exported for the test.
 */
export function strongestComponent(components: Record<ComponentKey, number>): ComponentKey {
  let best: ComponentKey = KEYS[0];
  for (const key of KEYS) {
    if (
      Math.abs(COMPONENT_WEIGHTS[key] * components[key]) >
      Math.abs(COMPONENT_WEIGHTS[best] * components[best])
    )
      best = key;
  }
  return best;
}

/**
 * A stock's public summary: last close and change, the overall signal and score, a small chart and
 * the headline of the score's explanation. The public stock page and the landing page's live mini
 * analysis show it; demo prices carry the demo label.
 */
export default function PublicStockSummary({
  stock,
  headingLevel = 2,
  compact = false,
}: {
  stock: PublicStockPage;
  headingLevel?: 2 | 3;
  compact?: boolean;
}) {
  const { t } = useTranslation('pages');
  const { t: ta } = useTranslation('analysis');
  const { locale } = useRouter();
  const a = stock.analysis;
  const key = strongestComponent(a.components);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="tv-card p-3 p-lg-4" data-testid="public-stock-summary">
      <div className="d-flex flex-wrap align-items-start justify-content-between gap-2 mb-2">
        <div>
          <p className="small text-body-secondary mb-1">
            {stock.symbol} · {t(`common:markets.${stock.country_id}`, { defaultValue: stock.exchange })}
            {stock.demo && (
              <>
                {' '}
                <DemoDataBadge />
              </>
            )}
          </p>
          <p className="h3 mb-0" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="public-close">
            {formatMoney(stock.last.close, stock.currency, locale)}{' '}
            <ChangeValue changePct={stock.last.change_pct} className="fs-6" />
          </p>
          <p className="small text-body-secondary mb-0">
            {t('publicStock.closeOn', { date: formatDate(stock.last.date, locale, 'long') })}
          </p>
        </div>
        <div className="text-end">
          <SignalBadge signal={a.signal} size={compact ? 'md' : 'lg'} />
          <p className="mb-0 mt-1 small">
            {t('publicStock.score')}{' '}
            <span
              className="fw-semibold"
              style={{ fontVariantNumeric: 'tabular-nums' }}
              data-testid="public-score"
            >
              {formatScore(a.technical_score, locale)}
            </span>
          </p>
          <p className="mb-0 small text-body-secondary">
            {t('publicStock.overall', { score: formatScore(stock.overall_score, locale) })}
          </p>
        </div>
      </div>
      <p className="small text-body-secondary mt-2 mb-0" data-testid="public-scores-explained">
        {t('publicStock.scoresExplained')}
      </p>
      <MiniPriceChart
        closes={stock.closes}
        currency={stock.currency}
        locale={locale}
        label={(values) => t('publicStock.chartLabel', { name: stock.long_name, ...values })}
      />
      <Heading className="h6 mt-3 mb-1">
        {t('publicStock.headlineTitle', {
          component: ta(`components.${key}.name`),
          weight: formatNumber(COMPONENT_WEIGHTS[key] * 100, locale, 0),
        })}
      </Heading>
      <p className="mb-0" data-testid="public-headline">
        {explainComponent(key, { last: stock.last, analysis: a }, ta, locale)}
      </p>
      {!compact && (
        <p className="small text-body-secondary mt-2 mb-0">
          {t('publicStock.timeframeNote', { timeframe: t(`market:timeframe.${a.timeframe}.name`) })}
        </p>
      )}
    </div>
  );
}
