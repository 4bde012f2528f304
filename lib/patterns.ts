/**
 * Chart patterns (issue 42): the kinds and states the detector (server/domain/analysis/patterns.ts)
 * reports, shared by the API's schemas, types and the UI.
 */
export const PATTERN_KINDS = [
  'head_and_shoulders',
  'inverse_head_and_shoulders',
  'double_top',
  'double_bottom',
  'rectangle',
  'ascending_triangle',
  'descending_triangle',
  'symmetric_triangle',
] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];

/** forming: no breakout yet; completed: closed through the breakout line; failed: through the invalidation first. */
export const PATTERN_STATUSES = ['forming', 'completed', 'failed'] as const;
export type PatternStatus = (typeof PATTERN_STATUSES)[number];

export type PatternDirection = 'buy' | 'sell';

export function isPatternKind(value: string): value is PatternKind {
  return (PATTERN_KINDS as readonly string[]).includes(value);
}

export function isPatternStatus(value: string | undefined): value is PatternStatus {
  return (PATTERN_STATUSES as readonly string[]).includes(value ?? '');
}
