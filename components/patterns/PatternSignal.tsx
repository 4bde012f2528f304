import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import { formatNumber } from '@/lib/format';
import type { TickerAnalysisDto } from '@/lib/types/market';
import PatternBadge from './PatternBadge';
import { formatTargetZone, latestPatternSignal, patternSignalText } from './patternText';

/**
 * Issue 42, in the score card: the timeframe's active pattern signal in words (the newest pattern
 * that broke out in the last 22 sessions), its invalidation and volume, and the patterns forming.
 */
export default function PatternSignal({ analysis }: { analysis: Pick<TickerAnalysisDto, 'patterns'> }) {
  const { t } = useTranslation('patterns');
  const { locale } = useRouter();
  const patterns = analysis.patterns ?? [];
  const signal = latestPatternSignal(patterns, (p) => p.active);
  const forming = patterns.filter((p) => p.status === 'forming');
  return (
    <div className="mt-3" data-testid="pattern-signal">
      <h3 className="h6 mb-2">{t('title')}</h3>
      {signal && (
        <div className="mb-2">
          <p className="fw-semibold mb-1" data-direction={signal.direction}>
            {patternSignalText(signal, t, locale)}
          </p>
          <div className="mb-1">
            <PatternBadge kind={signal.kind} />
          </div>
          <p className="small text-body-secondary mb-0">
            {t('invalidation', { invalidation: formatNumber(signal.invalidation, locale) })}{' '}
            {t(signal.volume_confirmed ? 'volumeConfirmed' : 'volumeNotConfirmed')}
          </p>
        </div>
      )}
      {forming.map((p) => (
        <p key={`${p.kind}-${p.start}`} className="small mb-1">
          {t('forming', {
            pattern: t(`kind.${p.kind}`),
            level: formatNumber(p.breakout_level, locale),
            target: formatTargetZone(p.target_zone, locale),
            invalidation: formatNumber(p.invalidation, locale),
          })}
        </p>
      ))}
      {!signal && forming.length === 0 && <p className="small text-body-secondary mb-1">{t('none')}</p>}
      <Link href="/help/chart-patterns" className="small">
        {t('howWeFind')}
      </Link>
    </div>
  );
}
