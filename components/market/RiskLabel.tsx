import { useTranslation } from 'next-i18next/pages';
import type { RiskClass } from '@/lib/constants';
import styles from './market.module.scss';

const COLORS: Record<RiskClass, string> = {
  1: 'var(--bs-success)',
  2: 'var(--bs-warning)',
  3: 'var(--tv-chart-4, #f5803e)',
  4: 'var(--bs-danger)',
};

/** A risk class in words (low, medium, high, extreme) with a four-step meter. */
export default function RiskLabel({ risk, kind }: { risk: RiskClass; kind: 'liquidity' | 'volatility' }) {
  const { t } = useTranslation('market');
  const word = t(`risk.${risk}`);
  return (
    <span className="d-inline-flex align-items-center gap-2" title={t(`risk.${kind}Title`, { level: word })}>
      <span className={styles.riskMeter} aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} style={step <= risk ? { background: COLORS[risk] } : undefined} />
        ))}
      </span>
      <span>{word}</span>
    </span>
  );
}
