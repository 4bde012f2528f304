/**
 * The analysis chart's options: one shared time axis with three stacked panes (price, volume, RSI),
 * zoom and pan on the time axis (chartjs-plugin-zoom: wheel, pinch, drag) and the tooltip that shows
 * the session's OHLC, volume, RSI and the moving averages.
 */
import type { ChartOptions, TooltipItem } from 'chart.js';
import type {} from 'chartjs-plugin-zoom';
import type { TFunction } from 'i18next';
import { enUS } from 'date-fns/locale/en-US';
import { nb } from 'date-fns/locale/nb';
import type { TickerDetail } from '@/lib/types/market';
import { formatCompact, formatDate, formatMoney, formatNumber } from '@/lib/format';
import { tooltipStyle, type ChartTheme } from './chartTheme';
import { axisDateFormats } from './axisDateFormats';
import { roleOf, type Point } from './priceChartData';

/** The narrowest zoom: about two weeks of sessions (ms). */
const MIN_RANGE_MS = 14 * 24 * 3600 * 1000;

const DATE_LOCALES = { nb, en: enUS } as const;

export interface PriceChartOptionsInput {
  bars: TickerDetail['bars'];
  currency: TickerDetail['currency'];
  theme: ChartTheme;
  t: TFunction;
  locale: string;
  /** Called after a zoom or pan by pointer (the reset button's state follows it). */
  onZoomChange: () => void;
}

export function priceChartOptions({
  bars,
  currency,
  theme,
  t,
  locale,
  onZoomChange,
}: PriceChartOptionsInput): ChartOptions<'candlestick'> {
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
      zoom: {
        // The time axis only: the price pane fits the visible sessions by itself.
        limits: { x: { min: 'original', max: 'original', minRange: MIN_RANGE_MS } },
        pan: { enabled: true, mode: 'x', onPanComplete: onZoomChange },
        zoom: {
          wheel: { enabled: true },
          pinch: { enabled: true },
          mode: 'x',
          onZoomComplete: onZoomChange,
        },
      },
      tooltip: {
        ...tooltipStyle(theme),
        padding: 10,
        filter: (item: TooltipItem<'candlestick'>) => {
          const role = roleOf(item.dataset);
          return role === 'candles' || role === 'volume' || role === 'rsi' || role === 'ma';
        },
        callbacks: {
          title: (items) => {
            const bar = bars[items[0]?.dataIndex ?? -1];
            return bar ? formatDate(bar.date, locale) : '';
          },
          label: (item) => {
            const role = roleOf(item.dataset);
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
            if (y === null) return '';
            if (role === 'ma') return `${item.dataset.label}: ${formatNumber(y, locale)}`;
            return `${t('chart.rsi')}: ${formatNumber(y, locale, 1)}`;
          },
        },
      },
    },
  } as ChartOptions<'candlestick'>;
}
