/**
 * The toolbar above the analysis chart: the MA 20/50/200 toggles (with their line colour) and the
 * zoom buttons (out, in, reset), and the note when a switched-on average needs more sessions than
 * the window has.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import type { ChartTheme } from './chartTheme';
import { MA_PERIODS, type MaPeriod } from './movingAverages';
import { MA_COLOR_INDEX } from './priceChartData';

/** Height of the toolbar above the canvas (px): the box keeps the placeholder's height in total. */
const TOOLBAR_HEIGHT = 40;

export interface PriceChartToolbarProps {
  theme: ChartTheme;
  movingAverages: readonly MaPeriod[];
  onToggleMovingAverage: (period: MaPeriod) => void;
  /** Issue 42: the chart patterns' toggle, beside the moving averages'. */
  patternToggle?: ReactNode;
  /** Sessions in the window (an average needs at least its period). */
  sessions: number;
  zoomed: boolean;
  onZoomIn: () => void;
  onZoomOut: () => void;
  onResetZoom: () => void;
}

export default function PriceChartToolbar({
  theme,
  movingAverages,
  onToggleMovingAverage,
  patternToggle,
  sessions,
  zoomed,
  onZoomIn,
  onZoomOut,
  onResetZoom,
}: PriceChartToolbarProps) {
  const { t } = useTranslation('analysis');
  const tooShort = movingAverages.filter((p) => sessions < p);
  return (
    <>
      <div
        className="d-flex flex-wrap align-items-center justify-content-between gap-2"
        style={{ minHeight: TOOLBAR_HEIGHT }}
      >
        <div className="d-flex flex-wrap gap-1">
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
                  onClick={() => onToggleMovingAverage(period)}
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
          {patternToggle}
        </div>
        <div role="group" aria-label={t('chart.zoomGroup')} className="d-flex gap-1">
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('chart.zoomOut')}
            title={t('chart.zoomOut')}
            disabled={!zoomed}
            onClick={onZoomOut}
          >
            −
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('chart.zoomIn')}
            title={t('chart.zoomIn')}
            onClick={onZoomIn}
          >
            +
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            disabled={!zoomed}
            onClick={onResetZoom}
            data-testid="chart-reset-zoom"
          >
            {t('chart.resetZoom')}
          </button>
        </div>
      </div>
      {tooShort.length > 0 && (
        <p className="small text-body-secondary mb-1">
          {t('chart.maShort', { period: Math.max(...tooShort) })}
        </p>
      )}
    </>
  );
}
