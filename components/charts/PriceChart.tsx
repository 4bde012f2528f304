/**
 * The analysis chart: candles with the trend channel and the support/resistance levels, a volume
 * pane and an RSI pane, on one canvas with one shared time axis (stacked y axes), so the panes line
 * up exactly and one tooltip shows the whole session.
 */
import { useMemo } from 'react';
import { useRouter } from 'next/router';
import type { ChartData, ChartDataset, ChartOptions, TooltipItem } from 'chart.js';
import { Chart as ReactChart } from 'react-chartjs-2';
import { useTranslation } from 'next-i18next/pages';
import { enUS } from 'date-fns/locale/en-US';
import { nb } from 'date-fns/locale/nb';
import type { TickerDetail } from '@/lib/types/market';
import { formatCompact, formatDate, formatMoney, formatNumber } from '@/lib/format';
import { dayTime, tooltipStyle, useChartTheme, withAlpha } from './chartTheme';
import { channelLine, rsiSeries } from './rsiSeries';
import './chartSetup';

export interface PriceChartProps {
  detail: TickerDetail;
  /** Height of the whole canvas in px (the container is fixed: no layout shift). */
  height: number;
}

type Point = { x: number; y: number | null };
type Candle = { x: number; o: number; h: number; l: number; c: number };
type AnyDataset = ChartDataset<'candlestick' | 'bar' | 'line', (Candle | Point)[]> & {
  /** Our tag: which series this is (tooltips skip the guide lines). */
  role: 'candles' | 'volume' | 'channel' | 'level' | 'rsi' | 'guide';
};

import { axisDateFormats } from './axisDateFormats';

const DATE_LOCALES = { nb, en: enUS } as const;

function indexOnOrAfter(dates: readonly string[], date: string): number {
  const i = dates.findIndex((d) => d >= date);
  return i < 0 ? dates.length - 1 : i;
}

function indexOnOrBefore(dates: readonly string[], date: string): number {
  for (let i = dates.length - 1; i >= 0; i -= 1) if (dates[i] <= date) return i;
  return 0;
}

export default function PriceChart({ detail, height }: PriceChartProps) {
  const { t } = useTranslation('analysis');
  const { locale = 'nb' } = useRouter();
  const theme = useChartTheme();
  const { bars, analysis, currency } = detail;

  const data = useMemo((): ChartData<'candlestick', (Candle | Point)[]> => {
    const xs = bars.map((b) => dayTime(b.date));
    const dates = bars.map((b) => b.date);
    const first = xs[0];
    const last = xs[xs.length - 1];
    const datasets: AnyDataset[] = [];

    datasets.push({
      role: 'candles',
      type: 'candlestick',
      label: t('chart.price'),
      yAxisID: 'y',
      data: bars.map((b, i) => ({ x: xs[i], o: b.open, h: b.high, l: b.low, c: b.close })),
      borderColors: { up: theme.up, down: theme.down, unchanged: theme.muted },
      backgroundColors: { up: theme.up, down: theme.down, unchanged: theme.muted },
      order: 1,
    } as AnyDataset);

    // The trend channel: upper and lower line, the band between them lightly filled.
    const { trend } = analysis;
    if (bars.length > 1 && trend.from && trend.to) {
      const from = indexOnOrAfter(dates, trend.from);
      const to = indexOnOrBefore(dates, trend.to);
      if (to > from) {
        const channelColor = theme.palette[0];
        const line = (values: number[]): Point[] => values.map((y, k) => ({ x: xs[from + k], y }));
        datasets.push({
          role: 'channel',
          type: 'line',
          label: t('chart.channelUpper'),
          yAxisID: 'y',
          data: line(channelLine(trend.upper[0], trend.upper[1], from, to)),
          borderColor: channelColor,
          borderWidth: 1.5,
          pointRadius: 0,
          fill: '+1',
          backgroundColor: withAlpha(channelColor, theme.dark ? 0.12 : 0.08),
          order: 2,
        } as AnyDataset);
        datasets.push({
          role: 'channel',
          type: 'line',
          label: t('chart.channelLower'),
          yAxisID: 'y',
          data: line(channelLine(trend.lower[0], trend.lower[1], from, to)),
          borderColor: channelColor,
          borderWidth: 1.5,
          pointRadius: 0,
          fill: false,
          order: 2,
        } as AnyDataset);
      }
    }

    // Support (green) and resistance (red) levels across the window, dashed.
    const level = (price: number, kind: 'support' | 'resistance'): AnyDataset =>
      ({
        role: 'level',
        type: 'line',
        label: `${t(`chart.${kind}`)} ${formatNumber(price, locale)}`,
        yAxisID: 'y',
        data: [
          { x: first, y: price },
          { x: last, y: price },
        ],
        borderColor: withAlpha(kind === 'support' ? theme.palette[1] : theme.palette[3], 0.9),
        borderDash: [6, 4],
        borderWidth: 1.25,
        pointRadius: 0,
        fill: false,
        order: 3,
      }) as AnyDataset;
    analysis.supports.forEach((p) => datasets.push(level(p, 'support')));
    analysis.resistances.forEach((p) => datasets.push(level(p, 'resistance')));

    datasets.push({
      role: 'volume',
      type: 'bar',
      label: t('chart.volume'),
      yAxisID: 'volume',
      data: bars.map((b, i) => ({ x: xs[i], y: b.volume })),
      backgroundColor: bars.map((b, i) => {
        const up = i === 0 ? b.close >= b.open : b.close >= bars[i - 1].close;
        return withAlpha(up ? theme.up : theme.down, 0.55);
      }),
      barPercentage: 1,
      categoryPercentage: 0.9,
      order: 4,
    } as AnyDataset);

    const rsi = rsiSeries(bars);
    datasets.push({
      role: 'rsi',
      type: 'line',
      label: t('chart.rsi'),
      yAxisID: 'rsi',
      data: rsi.map((y, i) => ({ x: xs[i], y })),
      borderColor: theme.palette[5],
      borderWidth: 1.5,
      pointRadius: 0,
      spanGaps: true,
      order: 5,
    } as AnyDataset);
    // RSI 30 / 70 guides.
    for (const y of [30, 70]) {
      datasets.push({
        role: 'guide',
        type: 'line',
        label: String(y),
        yAxisID: 'rsi',
        data: [
          { x: first, y },
          { x: last, y },
        ],
        borderColor: theme.grid,
        borderDash: [3, 3],
        borderWidth: 1,
        pointRadius: 0,
        order: 6,
      } as AnyDataset);
    }
    return { datasets: datasets as unknown as ChartData<'candlestick', (Candle | Point)[]>['datasets'] };
  }, [bars, analysis, theme, t, locale]);

  const options = useMemo((): ChartOptions<'candlestick'> => {
    const maxVolume = bars.reduce((m, b) => Math.max(m, b.volume), 0) || 1;
    const axisTicks = { color: theme.muted, font: { size: 11 } };
    return {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      normalized: true,
      interaction: { mode: 'index', intersect: false },
      layout: { padding: { top: 4, right: 4 } },
      scales: {
        x: {
          type: 'timeseries',
          offset: true,
          adapters: { date: { locale: DATE_LOCALES[locale as 'nb' | 'en'] ?? nb } },
          time: { displayFormats: axisDateFormats(locale) },
          grid: { color: theme.grid, display: false },
          border: { color: theme.grid },
          ticks: { ...axisTicks, source: 'auto', maxRotation: 0, autoSkip: true, autoSkipPadding: 40 },
        },
        // Stacked panes share the time axis; Chart.js lays them out top-down in this order.
        y: {
          type: 'linear',
          position: 'right',
          stack: 'panes',
          stackWeight: 4.5,
          grid: { color: theme.grid },
          border: { color: theme.grid },
          ticks: { ...axisTicks, callback: (v) => formatNumber(Number(v), locale) },
          afterFit: (scale) => {
            scale.width = 64;
          },
        },
        volume: {
          type: 'linear',
          position: 'right',
          stack: 'panes',
          stackWeight: 1,
          offset: true,
          min: 0,
          max: maxVolume * 1.05,
          grid: { display: false },
          border: { color: theme.grid },
          ticks: { ...axisTicks, maxTicksLimit: 2, callback: (v) => formatCompact(Number(v), locale) },
          afterFit: (scale) => {
            scale.width = 64;
          },
        },
        rsi: {
          type: 'linear',
          position: 'right',
          stack: 'panes',
          stackWeight: 1.3,
          offset: true,
          min: 0,
          max: 100,
          grid: { color: theme.grid },
          border: { color: theme.grid },
          ticks: { ...axisTicks, stepSize: 50, callback: (v) => formatNumber(Number(v), locale, 0) },
          afterFit: (scale) => {
            scale.width = 64;
          },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          ...tooltipStyle(theme),
          padding: 10,
          filter: (item: TooltipItem<'candlestick'>) => {
            const role = (item.dataset as unknown as AnyDataset).role;
            return role === 'candles' || role === 'volume' || role === 'rsi';
          },
          callbacks: {
            title: (items) => {
              const bar = bars[items[0]?.dataIndex ?? -1];
              return bar ? formatDate(bar.date, locale) : '';
            },
            label: (item) => {
              const role = (item.dataset as unknown as AnyDataset).role;
              const bar = bars[item.dataIndex];
              if (role === 'candles' && bar) {
                return [
                  `${t('chart.open')}: ${formatMoney(bar.open, currency, locale)}`,
                  `${t('chart.high')}: ${formatMoney(bar.high, currency, locale)}`,
                  `${t('chart.low')}: ${formatMoney(bar.low, currency, locale)}`,
                  `${t('chart.close')}: ${formatMoney(bar.close, currency, locale)}`,
                ];
              }
              if (role === 'volume' && bar)
                return `${t('chart.volume')}: ${formatNumber(bar.volume, locale, 0)}`;
              const y = (item.raw as Point).y;
              return y === null ? '' : `${t('chart.rsi')}: ${formatNumber(y, locale, 1)}`;
            },
          },
        },
      },
    } as ChartOptions<'candlestick'>;
  }, [bars, theme, locale, t, currency]);

  return (
    <div style={{ position: 'relative', height }} data-testid="price-chart">
      <ReactChart
        type="candlestick"
        data={data}
        options={options}
        role="img"
        aria-label={t('chart.aria', {
          name: detail.long_name,
          from: formatDate(bars[0]?.date, locale),
          to: formatDate(bars[bars.length - 1]?.date, locale),
        })}
      />
    </div>
  );
}
