/**
 * Zoom, pan and the keyboard crosshair of the analysis chart. With the chart focused: ← → move the
 * crosshair a session (Home/End to the first/last on screen), Shift+← → pan, + − zoom, 0 (or
 * Escape when zoomed) resets. Each crosshair move is announced (date, OHLC, volume) for screen
 * readers.
 */
import { useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { ActiveElement } from 'chart.js';
import type { TFunction } from 'i18next';
import type { TickerDetail } from '@/lib/types/market';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import { dayTime } from './chartTheme';
import { roleOf, type CandleChart } from './priceChartData';

/** One key press zooms by this factor and pans by this share of the visible width. */
export const ZOOM_STEP = 1.25;
const PAN_SHARE = 0.2;

export interface ChartNavigation {
  chartRef: RefObject<CandleChart | null>;
  zoomed: boolean;
  /** What the last crosshair move said (for a polite live region). */
  announcement: string;
  /** Read the chart's zoom state again (after a pointer zoom or pan). */
  syncZoomed: () => void;
  zoomBy: (factor: number) => void;
  resetZoom: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

export function useChartNavigation(
  bars: TickerDetail['bars'],
  currency: TickerDetail['currency'],
  t: TFunction,
  locale: string,
): ChartNavigation {
  const chartRef = useRef<CandleChart | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const syncZoomed = useCallback(() => {
    setZoomed(chartRef.current?.isZoomedOrPanned() ?? false);
  }, []);

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
      const candles = chart.data.datasets.findIndex((d) => roleOf(d) === 'candles');
      const volume = chart.data.datasets.findIndex((d) => roleOf(d) === 'volume');
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

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
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

  return { chartRef, zoomed, announcement, syncZoomed, zoomBy, resetZoom, onKeyDown };
}
