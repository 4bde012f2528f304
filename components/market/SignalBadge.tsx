import { useTranslation } from 'next-i18next/pages';
import type { Signal } from '@/lib/constants';
import styles from './market.module.scss';

const VARIANT: Record<Signal, string> = { buy: 'success', hold: 'secondary', sell: 'danger' };
const GLYPH: Record<Signal, string> = { buy: '▲', hold: '■', sell: '▼' };

/** Buy / hold / sell as a coloured pill; the arrow keeps it readable without colour. */
export default function SignalBadge({ signal, size = 'md' }: { signal: Signal; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('market');
  const variant = VARIANT[signal];
  const fontSize = size === 'lg' ? '1rem' : size === 'sm' ? '0.7rem' : undefined;
  return (
    <span
      className={`badge rounded-pill bg-${variant}-subtle text-${variant}-emphasis border border-${variant}-subtle ${styles.signalBadge}`}
      style={fontSize ? { fontSize } : undefined}
      data-signal={signal}
    >
      <span aria-hidden="true" className="me-1" style={{ fontSize: '0.75em' }}>
        {GLYPH[signal]}
      </span>
      {t(`signal.${signal}`)}
    </span>
  );
}
