/**
 * The analysis chart: candles with the trend channel and the support/resistance levels, a volume
 * pane and an RSI pane, on one canvas with one shared time axis (stacked y axes), so the panes line
 * up exactly and one tooltip shows the whole session.
 *
 * Issue 25: MA 20/50/200 overlays (toggles remembered in the browser), zoom and pan on the time
 * axis (chartjs-plugin-zoom: wheel, pinch, drag; buttons and keys too; a reset button), and a
 * crosshair whose tooltip shows the session's OHLC, volume, RSI and the moving averages. With the
 * chart focused: ← → move the crosshair a session, Shift+← → pan, + − zoom, 0 resets.
 */
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useRouter } from 'next/router';
import type {
  ActiveElement,
  Chart as ChartJS,
  ChartData,
  ChartDataset,
  ChartOptions,
  Plugin,
  TooltipItem,
} from 'chart.js';
import type {} from 'chartjs-plugin-zoom';
import { Chart as ReactChart } from 'react-chartjs-2';
import { useTranslation } from 'next-i18next/pages';
import { enUS } from 'date-fns/locale/en-US';
import { nb } from 'date-fns/locale/nb';
import type { TickerDetail } from '@/lib/types/market';
import { formatCompact, formatDate, formatMoney, formatNumber } from '@/lib/format';
import { dayTime, tooltipStyle, useChartTheme, withAlpha } from './chartTheme';
import { channelLine, rsiSeries } from './rsiSeries';
import { countedSessions, MA_PERIODS, smaSeries, useMovingAverages, type MaPeriod } from './movingAverages';
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
  role: 'candles' | 'volume' | 'channel' | 'level' | 'rsi' | 'guide' | 'ma';
};

/** The palette colour of each moving average (the others are taken by the channel, levels and RSI). */
export const MA_COLOR_INDEX: Record<MaPeriod, number> = { 20: 4, 50: 6, 200: 8 };

/** Height of the toolbar above the canvas (px): the box keeps the placeholder's height in total. */
const TOOLBAR_HEIGHT = 40;
/** The narrowest zoom: about two weeks of sessions (ms). */
const MIN_RANGE_MS = 14 * 24 * 3600 * 1000;
/** One key press zooms by this factor and pans by this share of the visible width. */
const ZOOM_STEP = 1.25;
const PAN_SHARE = 0.2;

type CandleChart = ChartJS<'candlestick', (Candle | Point)[]>;

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

/**
 * The crosshair: a vertical line through the active session across all panes, and a horizontal
 * line at the pointer in the price pane, in `color`.
 */
export function crosshairPlugin(color: string): Plugin<'candlestick'> {
  let pointerY: number | null = null;
  return {
    id: 'tvCrosshair',
    afterEvent(_chart, args) {
      const { event } = args;
      pointerY = event.type === 'mouseout' || event.y === null ? null : event.y;
      if (event.type === 'mousemove' || event.type === 'mouseout') args.changed = true;
    },
    afterDatasetsDraw(chart) {
      const active = chart.tooltip?.getActiveElements() ?? [];
      if (active.length === 0) return;
      const { ctx, chartArea } = chart;
      const x = active[0].element.x;
      ctx.save();
      ctx.strokeStyle = color;
      ctx.lineWidth = 1;
      ctx.setLineDash([4, 3]);
      ctx.beginPath();
      ctx.moveTo(x, chartArea.top);
      ctx.lineTo(x, chartArea.bottom);
      const price = chart.scales.y;
      if (pointerY !== null && price && pointerY >= price.top && pointerY <= price.bottom) {
        ctx.moveTo(chartArea.left, pointerY);
        ctx.lineTo(chartArea.right, pointerY);
      }
      ctx.stroke();
      ctx.restore();
    },
  };
}

export default function PriceChart({ detail, height }: PriceChartProps) {
  const { t } = useTranslation('analysis');
  const { locale = 'nb' } = useRouter();
  const theme = useChartTheme();
  const { bars, analysis, currency } = detail;
  const [movingAverages, toggleMovingAverage] = useMovingAverages();
  const chartRef = useRef<CandleChart | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const helpId = useId();
  const sessions = countedSessions(bars);
  const syncZoomed = useCallback(() => {
    setZoomed(chartRef.current?.isZoomedOrPanned() ?? false);
  }, []);

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

    // Moving averages of the closes, for the toggles that are on.
    for (const period of MA_PERIODS) {
      if (!movingAverages.includes(period)) continue;
      datasets.push({
        role: 'ma',
        type: 'line',
        label: t('chart.ma', { period }),
        yAxisID: 'y',
        data: smaSeries(bars, period).map((y, i) => ({ x: xs[i], y })),
        borderColor: theme.palette[MA_COLOR_INDEX[period]],
        borderWidth: 1.5,
        pointRadius: 0,
        spanGaps: true,
        fill: false,
        order: 2,
      } as AnyDataset);
    }

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
  }, [bars, analysis, theme, t, locale, movingAverages]);

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
        zoom: {
          // The time axis only: the price pane fits the visible sessions by itself.
          limits: { x: { min: 'original', max: 'original', minRange: MIN_RANGE_MS } },
          pan: { enabled: true, mode: 'x', onPanComplete: syncZoomed },
          zoom: {
            wheel: { enabled: true },
            pinch: { enabled: true },
            mode: 'x',
            onZoomComplete: syncZoomed,
          },
        },
        tooltip: {
          ...tooltipStyle(theme),
          padding: 10,
          filter: (item: TooltipItem<'candlestick'>) => {
            const role = (item.dataset as unknown as AnyDataset).role;
            return role === 'candles' || role === 'volume' || role === 'rsi' || role === 'ma';
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
              if (y === null) return '';
              if (role === 'ma') return `${item.dataset.label}: ${formatNumber(y, locale)}`;
              return `${t('chart.rsi')}: ${formatNumber(y, locale, 1)}`;
            },
          },
        },
      },
    } as ChartOptions<'candlestick'>;
  }, [bars, theme, locale, t, currency, syncZoomed]);

  const crosshair = useMemo(() => crosshairPlugin(theme.muted), [theme.muted]);
  const plugins = useMemo(() => [crosshair], [crosshair]);

  const describe = useCallback(
    (i: number) => {
      const bar = bars[i];
      return [
        formatDate(bar.date, locale),
        `${t('chart.open')} ${formatMoney(bar.open, currency, locale)}`,
        `${t('chart.high')} ${formatMoney(bar.high, currency, locale)}`,
        `${t('chart.low')} ${formatMoney(bar.low, currency, locale)}`,
        `${t('chart.close')} ${formatMoney(bar.close, currency, locale)}`,
        `${t('chart.volume')} ${formatNumber(bar.volume, locale, 0)}`,
      ].join(', ');
    },
    [bars, locale, t, currency],
  );

  /** Put the crosshair (and tooltip) on session `i`, within the visible range. */
  const showSession = useCallback(
    (chart: CandleChart, i: number) => {
      const candles = chart.data.datasets.findIndex((d) => (d as unknown as AnyDataset).role === 'candles');
      const volume = chart.data.datasets.findIndex((d) => (d as unknown as AnyDataset).role === 'volume');
      const active: ActiveElement[] = [{ datasetIndex: candles, index: i } as ActiveElement];
      if (volume >= 0) active.push({ datasetIndex: volume, index: i } as ActiveElement);
      const x = chart.scales.x.getPixelForValue(dayTime(bars[i].date));
      chart.setActiveElements(active);
      chart.tooltip?.setActiveElements(active, { x, y: chart.chartArea.top });
      chart.update('none');
      setAnnouncement(describe(i));
    },
    [bars, describe],
  );

  const zoomBy = useCallback(
    (factor: number) => {
      const chart = chartRef.current;
      if (!chart) return;
      chart.zoom({ x: factor });
      syncZoomed();
    },
    [syncZoomed],
  );
  const resetZoom = useCallback(() => {
    chartRef.current?.resetZoom();
    syncZoomed();
  }, [syncZoomed]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const chart = chartRef.current;
    if (!chart || bars.length === 0) return;
    const { key } = event;
    if (key === '+' || key === '=') zoomBy(ZOOM_STEP);
    else if (key === '-' || key === '_') zoomBy(1 / ZOOM_STEP);
    else if (key === '0' || key === 'Escape') {
      if (key === 'Escape' && !chart.isZoomedOrPanned()) return;
      resetZoom();
    } else if ((key === 'ArrowLeft' || key === 'ArrowRight') && event.shiftKey) {
      const width = chart.chartArea.right - chart.chartArea.left;
      chart.pan({ x: (key === 'ArrowLeft' ? 1 : -1) * width * PAN_SHARE });
      syncZoomed();
    } else if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home' || key === 'End') {
      // The sessions on screen (all of them unless zoomed).
      const { min, max } = chart.scales.x;
      let first = bars.findIndex((b) => dayTime(b.date) >= min);
      if (first < 0) first = 0;
      let last = first;
      while (last + 1 < bars.length && dayTime(bars[last + 1].date) <= max) last += 1;
      const current = chart.tooltip?.getActiveElements()[0]?.index;
      let next: number;
      if (key === 'Home') next = first;
      else if (key === 'End' || current === undefined) next = last;
      else next = current + (key === 'ArrowLeft' ? -1 : 1);
      showSession(chart, Math.min(last, Math.max(first, next)));
    } else return;
    event.preventDefault();
  };

  return (
    <div style={{ height }} className="d-flex flex-column" data-testid="price-chart">
      <div
        className="d-flex flex-wrap align-items-center justify-content-between gap-2"
        style={{ minHeight: TOOLBAR_HEIGHT }}
      >
        <div role="group" aria-label={t('chart.maGroup')} className="d-flex gap-1">
          {MA_PERIODS.map((period) => {
            const on = movingAverages.includes(period);
            return (
              <button
                key={period}
                type="button"
                className={`btn btn-sm ${on ? 'btn-secondary' : 'btn-outline-secondary'} d-inline-flex align-items-center gap-1`}
                aria-pressed={on}
                title={sessions < period ? t('chart.maShort', { period }) : undefined}
                onClick={() => toggleMovingAverage(period)}
              >
                <span
                  aria-hidden="true"
                  style={{
                    display: 'inline-block',
                    width: '0.9rem',
                    height: '0.2rem',
                    background: theme.palette[MA_COLOR_INDEX[period]],
                  }}
                />
                {t('chart.ma', { period })}
              </button>
            );
          })}
        </div>
        <div role="group" aria-label={t('chart.zoomGroup')} className="d-flex gap-1">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('chart.zoomOut')}
            title={t('chart.zoomOut')}
            disabled={!zoomed}
            onClick={() => zoomBy(1 / ZOOM_STEP)}
          >
            −
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('chart.zoomIn')}
            title={t('chart.zoomIn')}
            onClick={() => zoomBy(ZOOM_STEP)}
          >
            +
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!zoomed}
            onClick={resetZoom}
            data-testid="chart-reset-zoom"
          >
            {t('chart.resetZoom')}
          </button>
        </div>
      </div>
      {movingAverages.some((p) => sessions < p) && (
        <p className="small text-body-secondary mb-1">
          {t('chart.maShort', { period: Math.max(...movingAverages.filter((p) => sessions < p)) })}
        </p>
      )}
      <div
        className="position-relative flex-grow-1"
        style={{ minHeight: 0 }}
        role="group"
        tabIndex={0}
        aria-label={t('chart.keyboardLabel')}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        data-testid="price-chart-canvas"
      >
        <ReactChart
          ref={chartRef}
          type="candlestick"
          data={data}
          options={options}
          plugins={plugins}
          role="img"
          aria-label={t('chart.aria', {
            name: detail.long_name,
            from: formatDate(bars[0]?.date, locale),
            to: formatDate(bars[bars.length - 1]?.date, locale),
          })}
        />
      </div>
      <span id={helpId} className="visually-hidden">
        {t('chart.keyboardHelp')}
      </span>
      <span className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
