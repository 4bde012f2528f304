import { z } from 'zod';
/**
 * PostgreSQL cannot store the NUL character in a text column (a write would fail with a 500), so
 * every free text a user sends is held to this before it reaches the database.
 */
export const NO_NUL_PATTERN = /^[^\u0000]*$/;
export const NO_NUL_MESSAGE = 'Must not contain a NUL character';

/**
 * Characters of surrounding white space an untrimmed field may carry beyond its limit: the raw
 * length is capped first (issue 23 item 2), so no trim, pattern or transform ever runs on an
 * unbounded string, while " name " at the exact limit is still accepted.
 */
export const TRIM_ALLOWANCE = 64;

/**
 * A string whose raw length is capped at `max` (+ TRIM_ALLOWANCE when `trimmed`) before anything
 * else runs; chain `.trim().max(max)` and patterns after it. The cap aborts (zod otherwise runs
 * the later checks of a string even after one failed, patterns included).
 */
export function cappedString(
  max: number,
  opts: { trimmed?: boolean; error?: string; message?: string } = {},
) {
  const limit = max + (opts.trimmed === false ? 0 : TRIM_ALLOWANCE);
  return z
    .string(opts.error === undefined ? undefined : { error: opts.error })
    .max(limit, { error: opts.message ?? `At most ${max} characters`, abort: true });
}
