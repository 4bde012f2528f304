/**
 * The analysis chart: candles with the trend channel and the support/resistance levels, a volume
 * pane and an RSI pane, on one canvas with one shared time axis (stacked y axes), so the panes line
 * up exactly and one tooltip shows the whole session.
 *
 * Issue 25: MA 20/50/200 overlays (toggles remembered in the browser), zoom and pan on the time
 * axis (chartjs-plugin-zoom: wheel, pinch, drag; buttons and keys too; a reset button), and a
 * crosshair whose tooltip shows the session's OHLC, volume, RSI and the moving averages.
 *
 * The parts: the series (priceChartData), the axes, zoom and tooltip (priceChartOptions), the
 * crosshair (crosshairPlugin), the toolbar (PriceChartToolbar) and the zoom/keyboard handling
 * (useChartNavigation). This file puts them together.
 */
import { useId, useMemo } from 'react';
import { useRouter } from 'next/router';
import { Chart as ReactChart } from 'react-chartjs-2';
import { useTranslation } from 'next-i18next/pages';
import type { TickerDetail } from '@/lib/types/market';
import { formatDate } from '@/lib/format';
import { useChartTheme } from './chartTheme';
import { countedSessions, useMovingAverages } from './movingAverages';
import { crosshairPlugin } from './crosshairPlugin';
import { priceChartData } from './priceChartData';
import { priceChartOptions } from './priceChartOptions';
import PatternToggle from './PatternToggle';
import { usePatternOverlay } from './usePatternOverlay';
import PriceChartToolbar from './PriceChartToolbar';
import { useChartNavigation, ZOOM_STEP } from './useChartNavigation';
import './chartSetup';
import './chartZoom';

export interface PriceChartProps {
  detail: TickerDetail;
  /** Height of the whole canvas in px (the container is fixed: no layout shift). */
  height: number;
}

export default function PriceChart({ detail, height }: PriceChartProps) {
  const { t } = useTranslation('analysis');
  const { locale = 'nb' } = useRouter();
  const theme = useChartTheme();
  const { bars, analysis, currency } = detail;
  const [movingAverages, toggleMovingAverage] = useMovingAverages();
  // Issue 42: the chart patterns overlay, on by default, remembered in the browser.
  const [showPatterns, toggleShowPatterns] = usePatternOverlay();
  const helpId = useId();
  const sessions = countedSessions(bars);
  const { chartRef, zoomed, announcement, syncZoomed, zoomBy, resetZoom, onKeyDown } = useChartNavigation(
    bars,
    currency,
    t,
    locale,
  );

  const data = useMemo(
    () => priceChartData({ bars, analysis, theme, t, locale, movingAverages, showPatterns }),
    [bars, analysis, theme, t, locale, movingAverages, showPatterns],
  );
  const options = useMemo(
    () => priceChartOptions({ bars, currency, theme, t, locale, onZoomChange: syncZoomed }),
    [bars, theme, locale, t, currency, syncZoomed],
  );
  const plugins = useMemo(() => [crosshairPlugin(theme.muted)], [theme.muted]);

  return (
    <div style={{ height }} className="d-flex flex-column" data-testid="price-chart">
      <PriceChartToolbar
        theme={theme}
        movingAverages={movingAverages}
        onToggleMovingAverage={toggleMovingAverage}
        patternToggle={
          <PatternToggle
            on={showPatterns}
            count={(analysis.patterns ?? []).filter((p) => p.active).length}
            onToggle={toggleShowPatterns}
          />
        }
        sessions={sessions}
        zoomed={zoomed}
        onZoomIn={() => zoomBy(ZOOM_STEP)}
        onZoomOut={() => zoomBy(1 / ZOOM_STEP)}
        onResetZoom={resetZoom}
      />
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
