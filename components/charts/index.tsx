/**
 * The charts, loaded lazily in the browser only: chart.js and its plugins are not part of any
 * page's first-load JavaScript, and while they load the chart's box keeps its final height.
 */
import { useDeferredValue, type ComponentType } from 'react';
import dynamic from 'next/dynamic';
import ChartPlaceholder from './ChartPlaceholder';
import type { IndexChartProps } from './IndexChart';
import type { PriceChartProps } from './PriceChart';

/** Heights of the chart boxes (px). */
export const PRICE_CHART_HEIGHT = 460;
export const INDEX_CHART_HEIGHT = 240;

/**
 * The chart drawn in the task after the one that ran its code: chart.js's module evaluation and
 * the chart's creation and first draw are then two shorter tasks instead of one long one
 * (Lighthouse's blocking time). The placeholder shows meanwhile, as while the code loads.
 */
function drawnAfterYield<P extends { height: number }>(Chart: ComponentType<P>): ComponentType<P> {
  return function YieldedChart(props: P) {
    const ready = useDeferredValue(true, false);
    return ready ? <Chart {...props} /> : <ChartPlaceholder height={props.height} />;
  };
}

export const PriceChart = dynamic<PriceChartProps>(
  () => import('./PriceChart').then((m) => drawnAfterYield(m.default)),
  { ssr: false, loading: () => <ChartPlaceholder height={PRICE_CHART_HEIGHT} /> },
);

export const IndexChart = dynamic<IndexChartProps>(
  () => import('./IndexChart').then((m) => drawnAfterYield(m.default)),
  { ssr: false, loading: () => <ChartPlaceholder height={INDEX_CHART_HEIGHT} /> },
);
