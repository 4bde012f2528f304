import { Doughnut } from 'react-chartjs-2';
import { CHART_PALETTE } from '@/lib/constants';
import { registerPortfolioCharts } from './registerCharts';

registerPortfolioCharts();

export interface AllocationDoughnutProps {
  labels: string[];
  values: number[];
  /** What the chart shows, for screen readers. */
  ariaLabel: string;
  formatValue(value: number): string;
}

/** The portfolio's market value per holding (loaded lazily; the container fixes the height). */
export default function AllocationDoughnut({
  labels,
  values,
  ariaLabel,
  formatValue,
}: AllocationDoughnutProps) {
  const total = values.reduce((a, b) => a + b, 0);
  return (
    <Doughnut
      role="img"
      aria-label={ariaLabel}
      data={{
        labels,
        datasets: [
          {
            data: values,
            backgroundColor: labels.map((_, i) => CHART_PALETTE[i % CHART_PALETTE.length]),
            borderWidth: 1,
          },
        ],
      }}
      options={{
        maintainAspectRatio: false,
        animation: false,
        plugins: {
          legend: { position: 'right' },
          tooltip: {
            callbacks: {
              label: (ctx) => {
                const v = Number(ctx.raw);
                const share = total > 0 ? ` (${((v / total) * 100).toFixed(1)} %)` : '';
                return `${ctx.label}: ${formatValue(v)}${share}`;
              },
            },
          },
        },
      }}
    />
  );
}
