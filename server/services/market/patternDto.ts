/** Issue 42: the engine's chart patterns as the API's snake_case shapes (stored in the snapshot). */
import type { ListPatternDto, PatternDto } from '@/lib/types/patterns';
import type { ChartPattern, PatternPoint } from '@/server/domain/analysis';

const point = (p: PatternPoint) => ({ date: p.date, price: p.price });

export function toPatternDto(p: ChartPattern & { active: boolean }): PatternDto {
  return {
    kind: p.kind,
    direction: p.direction,
    status: p.status,
    start: p.start,
    end: p.end,
    points: p.points.map(point),
    confirmed_date: p.confirmedDate,
    breakout_level: p.breakoutLevel,
    breakout_date: p.breakoutDate,
    volume_confirmed: p.volumeConfirmed,
    failed_date: p.failedDate,
    height: p.height,
    target: p.target,
    target_zone: p.targetZone,
    invalidation: p.invalidation,
    lines: p.lines.map((line) => ({ from: point(line.from), to: point(line.to) })),
    active: p.active,
  };
}

/** The active patterns, as a list item carries them. */
export function toListPatterns(patterns: readonly PatternDto[]): ListPatternDto[] {
  return patterns
    .filter((p) => p.active)
    .map((p) => ({
      kind: p.kind,
      direction: p.direction,
      status: p.status,
      breakout_date: p.breakout_date,
      target: p.target,
      target_zone: p.target_zone,
      invalidation: p.invalidation,
    }));
}
