/**
 * Issue 42: the chart patterns drawn over the candles: the pattern's turning points joined, its
 * breakout line and other line, the breakout session as a marker, and the target zone as a band
 * from the breakout (or the last session, while forming) to the window's end. Only the patterns
 * that are active (forming, or broken out or failed within 22 sessions). Pure.
 */
import type { TFunction } from 'i18next';
import type { PatternDto } from '@/lib/types/patterns';
import { dayTime, withAlpha, type ChartTheme } from './chartTheme';

type Point = { x: number; y: number };
/** A line dataset of the price pane, tagged 'pattern' (priceChartData takes it as one of its datasets). */
export type PatternDataset = { role: 'pattern'; type: 'line'; label: string; data: Point[] } & Record<
  string,
  unknown
>;

export function patternDatasets(
  patterns: readonly PatternDto[] | undefined,
  lastDate: string | undefined,
  theme: ChartTheme,
  t: TFunction,
): PatternDataset[] {
  if (!patterns || lastDate === undefined) return [];
  const out: PatternDataset[] = [];
  const lastX = dayTime(lastDate);
  for (const p of patterns) {
    if (!p.active) continue;
    const color = p.direction === 'buy' ? theme.up : theme.down;
    const name = t('patterns:chartLegend.line', { pattern: t(`patterns:kind.${p.kind}`) });
    const base = { role: 'pattern' as const, type: 'line' as const, yAxisID: 'y', fill: false, order: 0 };
    out.push({
      ...base,
      label: name,
      data: p.points.map((pt): Point => ({ x: dayTime(pt.date), y: pt.price })),
      borderColor: color,
      borderWidth: 2,
      pointRadius: 3,
      pointBackgroundColor: color,
    });
    for (const line of p.lines) {
      out.push({
        ...base,
        label: name,
        data: [
          { x: dayTime(line.from.date), y: line.from.price },
          { x: dayTime(line.to.date), y: line.to.price },
        ],
        borderColor: withAlpha(color, 0.8),
        borderDash: [4, 3],
        borderWidth: 1.5,
        pointRadius: 0,
      });
    }
    if (p.breakout_date) {
      out.push({
        ...base,
        label: t('patterns:chartLegend.breakout'),
        data: [{ x: dayTime(p.breakout_date), y: p.breakout_level }],
        borderColor: color,
        backgroundColor: color,
        pointRadius: 6,
        pointStyle: 'triangle',
        rotation: p.direction === 'buy' ? 0 : 180,
        showLine: false,
      });
    }
    const fromX = p.breakout_date ? dayTime(p.breakout_date) : lastX;
    const zone = (y: number): Point[] => [
      { x: fromX, y },
      { x: Math.max(lastX, fromX), y },
    ];
    out.push({
      ...base,
      label: t('patterns:chartLegend.target'),
      data: zone(p.target_zone[1]),
      borderColor: withAlpha(color, 0.6),
      borderWidth: 1,
      pointRadius: 0,
      fill: '+1',
      backgroundColor: withAlpha(color, theme.dark ? 0.2 : 0.14),
    });
    out.push({
      ...base,
      label: t('patterns:chartLegend.target'),
      data: zone(p.target_zone[0]),
      borderColor: withAlpha(color, 0.6),
      borderWidth: 1,
      pointRadius: 0,
    });
  }
  return out;
}
