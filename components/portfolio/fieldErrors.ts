/** Field messages (namespace `portfolio`) for zod issues from the browser and the API's 400 details alike. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface FieldIssue {
  path: string | readonly PropertyKey[];
  code: string;
  params?: { reason?: string; symbol?: string; name?: string; home_state?: string | null };
}

const REASONS = new Set([
  'notANumber',
  'positive',
  'nonNegative',
  'tooManyDecimals',
  'tooLarge',
  'future',
  'notADate',
  'unknownEvent',
]);
/** Reasons whose texts live in the `portfolioIntegrity` namespace (issue 13). */
const INTEGRITY_REASONS = new Set(['tooManyDigits', 'splitNotExact']);

/** The first message per top-level field. */
export function fieldErrors<F extends string>(
  issues: readonly FieldIssue[],
  t: Translate,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = (
      typeof issue.path === 'string' ? issue.path.split('.')[0] : String(issue.path[0] ?? '')
    ) as F;
    if (!field || out[field]) continue;
    const reason = issue.params?.reason;
    if (reason && REASONS.has(reason)) out[field] = t(`fieldErrors.${reason}`);
    else if (reason && INTEGRITY_REASONS.has(reason))
      out[field] = t(`portfolioIntegrity:fieldErrors.${reason}`);
    else if (issue.code === 'unknown_ticker') out[field] = t('fieldErrors.unknownTicker');
    // Issue 39: an aksjesparekonto refusal names the rule and the share (namespace askEligibility).
    else if (issue.code.startsWith('ask_'))
      out[field] = t(`askEligibility:refusal.${issue.code}`, {
        name: issue.params?.name ?? '',
        symbol: issue.params?.symbol ?? '',
        home_state: issue.params?.home_state ?? '',
      });
    else if (issue.code === 'too_big') out[field] = t('fieldErrors.tooLong');
    else if (issue.code === 'too_small' || issue.code === 'invalid_type' || reason === 'required')
      out[field] = t('fieldErrors.required');
    else out[field] = t('fieldErrors.invalid');
  }
  return out;
}

/** The 400 details of an API error, if it carries any. */
export function apiIssues(err: unknown): FieldIssue[] | null {
  const e = err as { status?: unknown; details?: unknown };
  return e?.status === 400 && Array.isArray(e.details) ? (e.details as FieldIssue[]) : null;
}
