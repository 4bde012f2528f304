import { Line } from 'react-chartjs-2';
import { CHART_PALETTE } from '@/lib/constants';
import { registerPortfolioCharts } from './registerCharts';

registerPortfolioCharts();

export interface PerformanceSeries {
  label: string;
  values: (number | null)[];
  /** Fill under the line (the portfolio's own series). */
  fill?: boolean;
}

export interface PerformanceLineProps {
  labels: string[];
  series: PerformanceSeries[];
  ariaLabel: string;
  formatValue(value: number): string;
}

/** Value or return over time (loaded lazily; the container fixes the height). */
export default function PerformanceLine({ labels, series, ariaLabel, formatValue }: PerformanceLineProps) {
  return (
    <Line
      role="img"
      aria-label={ariaLabel}
      data={{
        labels,
        datasets: series.map((s, i) => ({
          label: s.label,
          data: s.values,
          borderColor: CHART_PALETTE[i % CHART_PALETTE.length],
          backgroundColor: `${CHART_PALETTE[i % CHART_PALETTE.length]}22`,
          fill: s.fill ? 'origin' : false,
          pointRadius: 0,
          borderWidth: 2,
          spanGaps: true,
          tension: 0,
        })),
      }}
      options={{
        maintainAspectRatio: false,
        animation: false,
        interaction: { mode: 'index', intersect: false },
        scales: {
          x: { ticks: { maxTicksLimit: 8, autoSkip: true } },
          y: { ticks: { callback: (v) => formatValue(Number(v)) } },
        },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: {
            callbacks: { label: (ctx) => `${ctx.dataset.label}: ${formatValue(Number(ctx.raw))}` },
          },
        },
      }}
    />
  );
}
