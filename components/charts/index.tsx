/**
 * The charts, loaded lazily in the browser only: chart.js and its plugins are not part of any
 * page's first-load JavaScript, and while they load the chart's box keeps its final height.
 */
import dynamic from 'next/dynamic';
import ChartPlaceholder from './ChartPlaceholder';
import type { IndexChartProps } from './IndexChart';
import type { PriceChartProps } from './PriceChart';

/** Heights of the chart boxes (px). */
export const PRICE_CHART_HEIGHT = 460;
export const INDEX_CHART_HEIGHT = 240;

export const PriceChart = dynamic<PriceChartProps>(() => import('./PriceChart'), {
  ssr: false,
  loading: () => <ChartPlaceholder height={PRICE_CHART_HEIGHT} />,
});

export const IndexChart = dynamic<IndexChartProps>(() => import('./IndexChart'), {
  ssr: false,
  loading: () => <ChartPlaceholder height={INDEX_CHART_HEIGHT} />,
});
