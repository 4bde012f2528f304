import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { CHART_PALETTE } from '@/lib/constants';

Chart.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface IncomeBarsProps {
  labels: string[];
  received: number[];
  expected: number[];
  receivedLabel: string;
  expectedLabel: string;
  ariaLabel: string;
  formatValue(value: number): string;
}

/** Received and expected dividends per month, stacked (loaded lazily; the container fixes the height). */
export default function IncomeBars(props: IncomeBarsProps) {
  return (
    <Bar
      role="img"
      aria-label={props.ariaLabel}
      data={{
        labels: props.labels,
        datasets: [
          { label: props.receivedLabel, data: props.received, backgroundColor: CHART_PALETTE[0] },
          { label: props.expectedLabel, data: props.expected, backgroundColor: CHART_PALETTE[1] },
        ],
      }}
      options={{
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true } },
        plugins: {
          legend: { position: 'bottom' },
          tooltip: {
            callbacks: { label: (ctx) => `${ctx.dataset.label}: ${props.formatValue(Number(ctx.raw))}` },
          },
        },
      }}
    />
  );
}
