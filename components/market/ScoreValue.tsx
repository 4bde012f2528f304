import { useRouter } from 'next/router';
import { BUY_THRESHOLD, SELL_THRESHOLD } from '@/lib/constants';
import { formatScore } from './formatters';
import styles from './market.module.scss';

/**
 * Colour of a score or component in [-1, 1]: green from the buy threshold, red from the sell threshold
 * (the signal's own constants), a lighter green or an
 * orange between. Theme variables (styles/_a11y.scss) readable as text in light and dark.
 */
export function scoreColor(score: number): string {
  if (score >= BUY_THRESHOLD) return 'var(--tv-score-strong-up)';
  if (score <= SELL_THRESHOLD) return 'var(--tv-score-strong-down)';
  return score >= 0 ? 'var(--tv-score-up)' : 'var(--tv-score-down)';
}

/** The fill of a bar centred on zero for a value in [-1, 1]. */
export function barFill(value: number): { left: string; width: string } {
  const v = Math.max(-1, Math.min(1, value));
  return v >= 0 ? { left: '50%', width: `${v * 50}%` } : { left: `${50 + v * 50}%`, width: `${-v * 50}%` };
}

/** A technical score: the signed number and a small bar from -1 to 1. */
export default function ScoreValue({ score, bar = true }: { score: number; bar?: boolean }) {
  const { locale } = useRouter();
  return (
    <span className="d-inline-flex align-items-center gap-2">
      {bar && (
        <span className={styles.scoreBar} aria-hidden="true">
          <span className={styles.scoreFill} style={{ ...barFill(score), background: scoreColor(score) }} />
        </span>
      )}
      <span
        className="fw-semibold"
        style={{
          minWidth: '3.2em',
          fontVariantNumeric: 'tabular-nums',
          color: bar ? undefined : scoreColor(score),
        }}
      >
        {formatScore(score, locale)}
      </span>
    </span>
  );
}
