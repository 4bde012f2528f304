/** The home page's main-index chart: one year of closes as a filled line. */
import { useMemo } from 'react';
import { useRouter } from 'next/router';
import type { ChartData, ChartOptions } from 'chart.js';
import { Line } from 'react-chartjs-2';
import { useTranslation } from 'next-i18next/pages';
import { enUS } from 'date-fns/locale/en-US';
import { nb } from 'date-fns/locale/nb';
import type { Bar } from '@/lib/types/market';
import { formatDate, formatNumber } from '@/lib/format';
import { dayTime, tooltipStyle, useChartTheme, withAlpha } from './chartTheme';
import './chartSetup';

export interface IndexChartProps {
  bars: Bar[];
  name: string;
  height: number;
}

type Point = { x: number; y: number };
import { axisDateFormats } from './axisDateFormats';

const DATE_LOCALES = { nb, en: enUS } as const;

export default function IndexChart({ bars, name, height }: IndexChartProps) {
  const { t } = useTranslation('market');
  const { locale = 'nb' } = useRouter();
  const theme = useChartTheme();
  const rising = bars.length < 2 || bars[bars.length - 1].close >= bars[0].close;
  const color = rising ? theme.up : theme.down;

  const data = useMemo(
    (): ChartData<'line', Point[]> => ({
      datasets: [
        {
          label: name,
          data: bars.map((b) => ({ x: dayTime(b.date), y: b.close })),
          borderColor: color,
          borderWidth: 2,
          pointRadius: 0,
          pointHoverRadius: 4,
          tension: 0.15,
          fill: 'start',
          backgroundColor: withAlpha(color, theme.dark ? 0.18 : 0.1),
        },
      ],
    }),
    [bars, name, color, theme.dark],
  );

  const options = useMemo(
    (): ChartOptions<'line'> => ({
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      parsing: false,
      normalized: true,
      interaction: { mode: 'index', intersect: false },
      scales: {
        x: {
          type: 'time',
          adapters: { date: { locale: DATE_LOCALES[locale as 'nb' | 'en'] ?? nb } },
          time: { unit: 'month', tooltipFormat: 'PP', displayFormats: axisDateFormats(locale) },
          grid: { display: false },
          border: { color: theme.grid },
          ticks: { color: theme.muted, maxRotation: 0, autoSkipPadding: 24, font: { size: 11 } },
        },
        y: {
          position: 'right',
          grid: { color: theme.grid },
          border: { display: false },
          ticks: {
            color: theme.muted,
            font: { size: 11 },
            callback: (v) => formatNumber(Number(v), locale, 0),
          },
        },
      },
      plugins: {
        legend: { display: false },
        tooltip: {
          ...tooltipStyle(theme),
          displayColors: false,
          callbacks: {
            title: (items) => formatDate(bars[items[0]?.dataIndex ?? -1]?.date, locale),
            label: (item) => formatNumber(item.parsed.y, locale),
          },
        },
      },
    }),
    [bars, theme, locale],
  );

  return (
    <div style={{ position: 'relative', height }} data-testid="index-chart">
      <Line
        data={data}
        options={options}
        role="img"
        aria-label={t('dashboard.chartAria', {
          name,
          from: formatDate(bars[0]?.date, locale),
          to: formatDate(bars[bars.length - 1]?.date, locale),
        })}
      />
    </div>
  );
}
