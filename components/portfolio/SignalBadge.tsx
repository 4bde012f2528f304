import Badge from 'react-bootstrap/Badge';
import { useTranslation } from 'next-i18next/pages';
import type { Signal } from '@/lib/constants';
import { formatNumber } from '@/lib/format';

const VARIANT: Record<Signal, string> = { buy: 'success', hold: 'secondary', sell: 'danger' };

/** A holding's signal as a word (not colour alone) with its technical score. */
export default function SignalBadge({ signal, score }: { signal: Signal | null; score: number | null }) {
  const { t, i18n } = useTranslation('portfolio');
  if (!signal) return <span className="text-body-secondary small">{t('signal.none')}</span>;
  return (
    <span className="tv-signal d-inline-flex align-items-center gap-2 text-nowrap">
      <Badge bg={VARIANT[signal]}>{t(`signal.${signal}`)}</Badge>
      {score !== null && (
        <span className="small text-body-secondary">
          {t('signal.score', { score: formatNumber(score, i18n.language, 2) })}
        </span>
      )}
    </span>
  );
}
