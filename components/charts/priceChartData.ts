/**
 * The analysis chart's series: candles, the trend channel, support/resistance levels, the moving
 * averages that are switched on, volume, RSI and its 30/70 guides, each tagged with its role (the
 * tooltip and the keyboard navigation find series by role). Pure: the same inputs give the same data.
 */
import type { ChartData, ChartDataset, Chart as ChartJS } from 'chart.js';
import type { TFunction } from 'i18next';
import type { TickerDetail } from '@/lib/types/market';
import { formatNumber } from '@/lib/format';
import { dayTime, withAlpha, type ChartTheme } from './chartTheme';
import { channelLine, rsiSeries } from './rsiSeries';
import { MA_PERIODS, smaSeries, type MaPeriod } from './movingAverages';
import { patternDatasets } from './patternOverlay';

export type Point = { x: number; y: number | null };
export type Candle = { x: number; o: number; h: number; l: number; c: number };
export type AnyDataset = ChartDataset<'candlestick' | 'bar' | 'line', (Candle | Point)[]> & {
  /** Our tag: which series this is (tooltips skip the guide lines). */
  role: 'candles' | 'volume' | 'channel' | 'level' | 'rsi' | 'guide' | 'ma' | 'pattern';
};
export type CandleChart = ChartJS<'candlestick', (Candle | Point)[]>;
export type CandleData = ChartData<'candlestick', (Candle | Point)[]>;

/** The palette colour of each moving average (the others are taken by the channel, levels and RSI). */
export const MA_COLOR_INDEX: Record<MaPeriod, number> = { 20: 4, 50: 6, 200: 8 };

/** The role a dataset of the chart was tagged with. */
export const roleOf = (dataset: unknown): AnyDataset['role'] => (dataset as AnyDataset).role;

function indexOnOrAfter(dates: readonly string[], date: string): number {
  const i = dates.findIndex((d) => d >= date);
  return i < 0 ? dates.length - 1 : i;
}

function indexOnOrBefore(dates: readonly string[], date: string): number {
  for (let i = dates.length - 1; i >= 0; i -= 1) if (dates[i] <= date) return i;
  return 0;
}

export interface PriceChartDataInput {
  bars: TickerDetail['bars'];
  analysis: TickerDetail['analysis'];
  theme: ChartTheme;
  t: TFunction;
  locale: string;
  movingAverages: readonly MaPeriod[];
  /** Issue 42: draw the active chart patterns (default off). */
  showPatterns?: boolean;
}

/** Every dataset of the analysis chart, top pane to bottom pane. */
export function priceChartData({
  bars,
  analysis,
  theme,
  t,
  locale,
  movingAverages,
  showPatterns = false,
}: PriceChartDataInput): CandleData {
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

  if (showPatterns)
    datasets.push(
      ...(patternDatasets(analysis.patterns, dates[dates.length - 1], theme, t) as unknown as AnyDataset[]),
    );

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
  return { datasets: datasets as unknown as CandleData['datasets'] };
}
