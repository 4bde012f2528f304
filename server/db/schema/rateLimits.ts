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

export type RateLimitRow = typeof rateLimits.$inferSelect;
