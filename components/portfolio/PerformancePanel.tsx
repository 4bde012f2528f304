import { useState } from 'react';
import dynamic from 'next/dynamic';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'next-i18next/pages';
import { formatDate, formatMoney, formatPercent } from '@/lib/format';
import { PERFORMANCE_RANGES, usePortfolioStore } from '@/stores/usePortfolioStore';
import ChartBox from './ChartBox';

const PerformanceLine = dynamic(() => import('./charts/PerformanceLine'), {
  ssr: false,
  loading: () => <ChartBox />,
});

type Mode = 'return' | 'value';

/** Value over time, or the time-weighted return against the market's main index, for a chosen range. */
export default function PerformancePanel() {
  const { t, i18n } = useTranslation('portfolio');
  const locale = i18n.language;
  const performance = usePortfolioStore((s) => s.performance);
  const status = usePortfolioStore((s) => s.performanceStatus);
  const range = usePortfolioStore((s) => s.performanceRange);
  const setRange = usePortfolioStore((s) => s.setPerformanceRange);
  const fetchPerformance = usePortfolioStore((s) => s.fetchPerformance);
  const [mode, setMode] = useState<Mode>('return');

  const points = performance?.points ?? [];
  const currency = performance?.base_currency ?? 'NOK';
  const indexName = performance?.index?.long_name ?? t('performance.index');
  const last = points[points.length - 1];
  const labels = points.map((p) => formatDate(p.date, locale, 'short'));
  const series =
    mode === 'return'
      ? [
          { label: t('performance.portfolio'), values: points.map((p) => p.twr), fill: true },
          { label: indexName, values: points.map((p) => p.index_twr) },
        ]
      : [
          { label: t('performance.value'), values: points.map((p) => p.value_base), fill: true },
          { label: t('performance.invested'), values: points.map((p) => p.invested_base) },
        ];
  const summary = last
    ? t('performance.summary', {
        twr: formatPercent(last.twr, locale, { signed: true }),
        index: indexName,
        indexTwr: formatPercent(last.index_twr, locale, { signed: true }),
        value: formatMoney(last.value_base, currency, locale, 0),
      })
    : '';

  return (
    <Card className="h-100">
      <Card.Header className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h2 className="h6 mb-0">{t('performance.title')}</h2>
        <div className="d-flex flex-wrap gap-2">
          <ButtonGroup size="sm" aria-label={t('performance.modeLabel')}>
            {(['return', 'value'] as Mode[]).map((m) => (
              <Button
                key={m}
                variant={mode === m ? 'primary' : 'outline-primary'}
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
              >
                {t(`performance.modes.${m}`)}
              </Button>
            ))}
          </ButtonGroup>
          <ButtonGroup size="sm" aria-label={t('performance.rangeLabel')}>
            {PERFORMANCE_RANGES.map((r) => (
              <Button
                key={r}
                variant={range === r ? 'secondary' : 'outline-secondary'}
                aria-pressed={range === r}
                onClick={() => void setRange(r)}
              >
                {t(`performance.ranges.${r}`)}
              </Button>
            ))}
          </ButtonGroup>
        </div>
      </Card.Header>
      <Card.Body>
        {status === 'error' ? (
          <div role="alert">
            <p className="mb-2">{t('performance.loadFailed')}</p>
            <Button size="sm" variant="outline-primary" onClick={() => void fetchPerformance()}>
              {t('actions.retry')}
            </Button>
          </div>
        ) : points.length === 0 ? (
          status === 'ready' ? (
            <p className="mb-0 text-body-secondary">{t('performance.empty')}</p>
          ) : (
            <ChartBox />
          )
        ) : (
          <>
            <p className="small text-body-secondary mb-2">{summary}</p>
            <ChartBox testId="performance-chart">
              <PerformanceLine
                labels={labels}
                series={series}
                ariaLabel={`${t(`performance.modes.${mode}`)}: ${summary}`}
                formatValue={(v) =>
                  mode === 'return'
                    ? formatPercent(v, locale, { decimals: 1 })
                    : formatMoney(v, currency, locale, 0)
                }
              />
            </ChartBox>
          </>
        )}
      </Card.Body>
    </Card>
  );
}
