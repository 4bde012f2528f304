import { integer, pgTable, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters (server/http/rateLimit): one row per bucket and caller, kept in
 * the database so that the limits hold across several app instances. `key` is
 * `<bucket>:<u|a>:<uid or client address>`; a row whose window has passed starts again at 1.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [index('rate_limits_expires_idx').on(t.expiresAt)],
);

/**
 * Every bucket of server/http/rateLimit (its defaults are typed against this list), so that an
 * account deletion removes the user's counters by their exact keys `<bucket>:u:<uid>` (issue 40: a
 * LIKE pattern with the uid's `_` as a wildcard removed other users' counters too).
 */
export const RATE_LIMIT_BUCKETS = [
  'signup',
  'write',
  'import',
  'search',
  'content',
  'unsubscribe',
  'billing',
  'public',
] as const;

export type RateLimitBucketName = (typeof RATE_LIMIT_BUCKETS)[number];

/** The exact counter keys of a signed-in user, one per bucket. */
export const userRateLimitKeys = (uid: string): string[] => RATE_LIMIT_BUCKETS.map((b) => `${b}:u:${uid}`);

export type RateLimitRow = typeof rateLimits.$inferSelect;
