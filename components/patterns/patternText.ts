import type { TFunction } from 'i18next';
import { formatTargetZone } from '@/lib/notificationText';
import type { ListPatternDto } from '@/lib/types/patterns';

export { formatTargetZone };

/** "Kjøpssignal fra omvendt hode-og-skulder-formasjon, kursmål 412–430". */
export function patternSignalText(
  pattern: Pick<ListPatternDto, 'kind' | 'direction' | 'target_zone'>,
  t: TFunction,
  locale: string | undefined,
): string {
  return t(`patterns:signal.${pattern.direction}`, {
    pattern: t(`patterns:kind.${pattern.kind}`),
    target: formatTargetZone(pattern.target_zone, locale),
  });
}

/** The newest completed active pattern (by breakout date), else null: the pattern signal of the day. */
export function latestPatternSignal<T extends Pick<ListPatternDto, 'status' | 'breakout_date'>>(
  patterns: readonly T[],
  active: (p: T) => boolean = () => true,
): T | null {
  let best: T | null = null;
  for (const p of patterns) {
    if (p.status !== 'completed' || p.breakout_date === null || !active(p)) continue;
    if (best === null || p.breakout_date >= best.breakout_date!) best = p;
  }
  return best;
}
