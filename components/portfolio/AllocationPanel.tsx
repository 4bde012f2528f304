import dynamic from 'next/dynamic';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'next-i18next/pages';
import { formatMoney, formatPercent } from '@/lib/format';
import type { PortfolioCurrency, PortfolioResultRowDto } from '@/lib/types/portfolio';
import ChartBox from './ChartBox';

const AllocationDoughnut = dynamic(() => import('./charts/AllocationDoughnut'), {
  ssr: false,
  loading: () => <ChartBox />,
});

/** Allocation of the market value over the holdings (base currency). */
export default function AllocationPanel({
  rows,
  baseCurrency,
}: {
  rows: PortfolioResultRowDto[];
  baseCurrency: PortfolioCurrency;
}) {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  const held = rows
    .filter((r) => r.market_value_base > 0)
    .sort((a, b) => b.market_value_base - a.market_value_base);
  const summary = held
    .map((r) => `${r.symbol} ${formatPercent(r.weight, locale, { decimals: 1 })}`)
    .join(', ');
  return (
    <Card className="h-100">
      <Card.Header as="h2" className="h6 mb-0">
        {t('allocation.title')}
      </Card.Header>
      <Card.Body>
        {held.length === 0 ? (
          <p className="mb-0 text-body-secondary">{t('allocation.empty')}</p>
        ) : (
          <ChartBox testId="allocation-chart">
            <AllocationDoughnut
              labels={held.map((r) => r.symbol)}
              values={held.map((r) => r.market_value_base)}
              ariaLabel={t('allocation.chartLabel', { summary })}
              formatValue={(v) => formatMoney(v, baseCurrency, locale, 0)}
            />
          </ChartBox>
        )}
      </Card.Body>
    </Card>
  );
}
