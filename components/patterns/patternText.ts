import type { TFunction } from 'i18next';
import { formatNumber } from '@/lib/format';
import type { ListPatternDto } from '@/lib/types/patterns';

/** A target zone as "412–430" (one number when both ends agree to the shown precision). */
export function formatTargetZone(zone: readonly [number, number], locale: string | undefined): string {
  const low = formatNumber(zone[0], locale);
  const high = formatNumber(zone[1], locale);
  return low === high ? low : `${low}–${high}`;
}

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
