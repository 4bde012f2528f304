import type { ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import { useChartTheme } from '@/components/charts/chartTheme';
import styles from './market.module.scss';

/** What the lines and colours in the analysis chart mean (the chart itself has no legend). */
export default function ChartLegend() {
  const { t } = useTranslation('analysis');
  const theme = useChartTheme();
  const [blue, , , orange, , violet] = theme.palette;
  const green = theme.palette[1];
  const item = (swatch: ReactNode, label: string) => (
    <li className="d-inline-flex align-items-center gap-2">
      {swatch}
      <span>{label}</span>
    </li>
  );
  return (
    <ul
      className="list-unstyled d-flex flex-wrap gap-3 small text-body-secondary mb-0"
      aria-label={t('chart.legend')}
    >
      {item(
        <span
          className={styles.legendSwatch}
          style={{ background: theme.up, height: '0.6rem', width: '0.5rem' }}
        />,
        t('chart.up'),
      )}
      {item(
        <span
          className={styles.legendSwatch}
          style={{ background: theme.down, height: '0.6rem', width: '0.5rem' }}
        />,
        t('chart.down'),
      )}
      {item(<span className={styles.legendSwatch} style={{ background: blue }} />, t('chart.channel'))}
      {item(<span className={styles.legendDashed} style={{ borderColor: green }} />, t('chart.support'))}
      {item(<span className={styles.legendDashed} style={{ borderColor: orange }} />, t('chart.resistance'))}
      {item(<span className={styles.legendSwatch} style={{ background: violet }} />, t('chart.rsi'))}
    </ul>
  );
}
